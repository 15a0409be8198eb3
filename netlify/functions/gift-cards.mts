// POST /api/gift-cards { amount, recipient: { name, email }, message?, buyer: { name, email }, paymentToken,
// verificationToken? (required for a card with Square) } with an Idempotency-Key header -> { saleId, amount, status, last4 }: 201 when this
// request sold it, 200 when an earlier one with the key had; status "paid" (202) when the card is charged
// and still being issued (the worker finishes it within minutes).
import type { Config, Context } from "@netlify/functions";
import { formatAmount, toCents } from "../../src/domain/money";
import { idempotencyKeySchema } from "../../src/domain/orderRequest.schema";
import { giftCardSaleSchema } from "../../src/domain/giftCards.schema";
import "../../src/server/participants";
import { InvalidRequest, said, TooManyAttempts } from "../../src/server/platform/errors";
import { sellGiftCard } from "../../src/server/giftcards";
import { handle, json, methodNotAllowed, readJson, requestLocale } from "../../src/server/platform/http";
import { deliverMailSoon } from "../../src/server/mail";
import { clientAddress, consumeRateLimit } from "../../src/server/platform/rateLimit";

/** Ten purchases per network in ten minutes: a family buying for everyone, not a script testing stolen cards. */
const SALE_RATE_LIMIT = { bucket: "gift_card_sale", limit: 10, windowMs: 10 * 60_000 };

export default handle(async (req: Request, context: Context) => {
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  const locale = requestLocale(req);
  const key = idempotencyKeySchema.safeParse(req.headers.get("idempotency-key") ?? "");
  if (!key.success) throw new InvalidRequest(said("idempotency_key_invalid"));
  const input = await readJson(req, giftCardSaleSchema, 16 * 1024);
  const client = clientAddress(req, context.ip);
  const limit = await consumeRateLimit(SALE_RATE_LIMIT, client);
  if (!limit.allowed) throw new TooManyAttempts(said("gift_card_too_many"), limit.retryAfterSeconds);
  const { sale, created } = await sellGiftCard(key.data, {
    amountCents: toCents(input.amount),
    buyer: input.buyer,
    recipient: input.recipient,
    message: input.message,
    paymentToken: input.paymentToken,
    verificationToken: input.verificationToken,
    locale,
    client,
  });
  // The recipient's card and the buyer's receipt, queued with the activation, go out now.
  deliverMailSoon(context);
  const status = sale.status === "paid" ? 202 : created ? 201 : 200;
  return json({ saleId: sale.id, amount: formatAmount(sale.amountCents), status: sale.status, last4: sale.last4 }, { status });
});

export const config: Config = {
  path: "/api/gift-cards",
  method: ["POST"],
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
