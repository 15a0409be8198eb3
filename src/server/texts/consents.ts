// The checkout's "Text me about this order": ticked, the phone typed there must be a US number (refused in
// the diner's language before anything is stored or charged), within a network's few such orders an hour;
// the consent is then kept in the order's transaction, with the words the diner read, their language and
// the time. A checkout phone is not proven by a code: only the paid order's own texts go to it.
import { toE164 } from "../../domain/checkoutCustomer";
import { orderTextMessages } from "../../domain/i18n/ui/orderTextMessages";
import type { AttemptView, HeldOrder } from "../orders";
import type { Queries } from "../platform/database";
import { InvalidRequest, said, TooManyAttempts } from "../platform/errors";
import { consumeRateLimit, type RateLimitRule } from "../platform/rateLimit";
import { sql } from "../platform/sql";
import { isUsNumber } from "../verify";
import { textsConfig } from "./config";

/** Orders asking for texts from one network (its /64 or IPv4 address; 4 times as many from its /48 or /24). */
export const CONSENTS_PER_NETWORK: RateLimitRule = { bucket: "order-text-consent", limit: 10, windowMs: 3_600_000 };

export interface ConsentClaim {
  phone: string;
}

/** The box ticked with texts on: the phone it claims (a US number), or a refusal in the diner's language. */
export function consentPhone(attempt: AttemptView): string | undefined {
  if (!attempt.request.textMe || !textsConfig()) return undefined;
  const phone = toE164(attempt.request.customerInfo.phone);
  if (!phone || !isUsNumber(phone)) {
    throw new InvalidRequest(said("order_texts_us_only"), [{ path: "customerInfo.phone", message: "a US mobile number for texts" }]);
  }
  return phone;
}

/** The decide stage, before anything is stored: the number refused, or the network's few counted. */
export async function decideConsent(attempt: AttemptView): Promise<undefined> {
  if (!consentPhone(attempt) || !attempt.client) return undefined;
  const network = await consumeRateLimit(CONSENTS_PER_NETWORK, attempt.client);
  if (!network.allowed) throw new TooManyAttempts(said("order_texts_too_many"), network.retryAfterSeconds);
  return undefined;
}

/** The hold stage: the consent's words, language and time, beside the order (a retry keeps the first). */
export async function holdConsent(tx: Queries, order: HeldOrder, attempt: AttemptView, claim: unknown): Promise<void> {
  const phone = (claim as ConsentClaim | undefined)?.phone;
  if (!phone) return;
  const language = attempt.locale ?? "en";
  const curbside = attempt.request.orderType === "pickup" && Boolean(attempt.request.curbside?.car);
  await tx.run(sql`
    INSERT INTO order_text_consents (order_id, phone, words, language, consented_at, curbside)
    VALUES (${order.orderId}, ${phone}, ${orderTextMessages.consent[language]}, ${language}, ${order.now}, ${curbside})
    ON CONFLICT (order_id) DO NOTHING`);
}
