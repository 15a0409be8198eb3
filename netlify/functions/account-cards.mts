// The signed-in diner's cards on file, kept by Square on their Square customer: GET /api/account/cards
// lists them ("Visa •••• 1111": brand, last 4, expiry, read from Square; none for a guest); POST
// { sourceId, verificationToken? } saves the card the payment form tokenized (201; 429 past the day's
// budget); DELETE /api/account/cards/:id removes one (404 for a card that is not the diner's).
import type { Config, Context } from "@netlify/functions";
import { savedCardSchema } from "../../src/domain/account.schema";
import { handle, json, methodNotAllowed, readJson } from "../../src/server/platform/http";
import { clientAddress } from "../../src/server/platform/rateLimit";
import { assertSameOrigin } from "../../src/server/platform/siteOrigin";
import { dinerOf, listSavedCards, removeCard, requireDiner, saveCard } from "../../src/server/accounts";

export default handle(async (req: Request, context: Context) => {
  assertSameOrigin(req);
  const headers = { "cache-control": "private, no-store" };
  // The checkout's payment step asks for everyone: a guest has no card on file, which is no error.
  if (req.method === "GET" && !context.params?.id) {
    const asking = await dinerOf(req);
    return json({ cards: asking ? await listSavedCards(asking) : [] }, { headers });
  }
  const diner = await requireDiner(req);
  const id = context.params?.id;
  if (id) {
    if (req.method !== "DELETE") return methodNotAllowed(["DELETE"]);
    await removeCard(diner, id);
    return json({ removed: true }, { headers });
  }
  if (req.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const input = await readJson(req, savedCardSchema, 4 * 1024);
  return json({ card: await saveCard(diner, input, clientAddress(req, context.ip)) }, { status: 201, headers });
});

export const config: Config = {
  path: ["/api/account/cards", "/api/account/cards/:id"],
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
