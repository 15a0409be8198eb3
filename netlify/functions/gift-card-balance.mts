// POST /api/gift-cards/balance { number } -> { balance, balanceCents, last4, state }: a card's balance read
// live from Square. Five look-ups a minute per network (429 with Retry-After); an unknown, inactive or
// malformed number gets one sentence in the page's language, never Square's words.
import type { Config, Context } from "@netlify/functions";
import { giftCardBalanceSchema } from "../../src/domain/giftCards.schema";
import { translator } from "../../src/domain/i18n/translate";
import { giftCardWords } from "../../src/domain/i18n/ui/giftCards";
import { ProviderUnavailable, Unavailable } from "../../src/server/platform/errors";
import { checkBalance, GiftCardRefused } from "../../src/server/giftcards";
import { errorResponse, handle, json, methodNotAllowed, readJson, requestLocale } from "../../src/server/platform/http";
import { clientAddress } from "../../src/server/platform/rateLimit";

export default handle(async (req: Request, context: Context) => {
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  const t = translator(giftCardWords, requestLocale(req));
  const { number } = await readJson(req, giftCardBalanceSchema, 1024);
  try {
    // A card's balance changes at the counter: never cached.
    return json(await checkBalance(number, clientAddress(req, context.ip)));
  } catch (error) {
    if (error instanceof GiftCardRefused) {
      const headers = error.retryAfterSeconds ? { "retry-after": String(error.retryAfterSeconds) } : undefined;
      return errorResponse(error.status, t(error.words), undefined, { headers }, `gift_card_${error.words.slice("refused.".length)}`);
    }
    if (error instanceof Unavailable) return errorResponse(503, t("refused.unavailable"), undefined, {}, "gift_card_unavailable");
    if (error instanceof ProviderUnavailable) return errorResponse(502, t("refused.notReached"), undefined, {}, "gift_card_not_reached");
    throw error;
  }
});

export const config: Config = {
  path: "/api/gift-cards/balance",
  method: ["POST"],
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
