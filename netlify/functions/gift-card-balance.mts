// POST /api/gift-cards/balance { number } -> { balance, balanceCents, last4, state }: a card's balance read
// live from Square. Five look-ups a minute per network (429 with Retry-After); an unknown, inactive or
// malformed number gets one sentence in the page's language, never Square's words.
import type { Config, Context } from "@netlify/functions";
import { giftCardBalanceSchema } from "../../src/domain/giftCards.schema";
import { checkBalance } from "../../src/server/giftcards";
import { handle, json, methodNotAllowed, readJson } from "../../src/server/platform/http";
import { clientAddress } from "../../src/server/platform/rateLimit";

export default handle(async (req: Request, context: Context) => {
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  const { number } = await readJson(req, giftCardBalanceSchema, 1024);
  // A card's balance changes at the counter: never cached.
  return json(await checkBalance(number, clientAddress(req, context.ip)));
});

export const config: Config = {
  path: "/api/gift-cards/balance",
  method: ["POST"],
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
