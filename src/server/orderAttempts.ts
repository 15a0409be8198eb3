// Limits on checkout attempts, so the order endpoint cannot be used to test stolen cards or run up
// Square calls: per client network, and a pause for a client network whose cards keep being declined.
// Nothing is counted by e-mail address: anyone can type a customer's address, and five declines under
// it would stop that customer paying from anywhere. Netlify's edge limit on the route comes first
// (netlify/functions/orders.mts).
import type { Locale } from "../domain/i18n/locales";
import type { OrderRequest } from "../domain/orderRequest.schema";
import { CardDeclined, said, TooManyAttempts } from "./errors";
import { log } from "./http";
import type { Queries } from "./database";
import { placeOrder, type PlacedOrder } from "./orders/place";
import { consumeRateLimit, rateLimitState, type RateLimitRule } from "./rateLimit";

const TEN_MINUTES = 10 * 60 * 1000;

/**
 * Checkout attempts (each one a Square order and payment) per client network. Generous: many phones
 * share one address behind a carrier's NAT, and a lunch rush must not meet a 429.
 */
export const ATTEMPTS_PER_CLIENT: RateLimitRule = { bucket: "orders-client", limit: 30, windowMs: TEN_MINUTES };
/** After this many declines from one client, its attempts are refused for the rest of the window. */
export const DECLINES_PER_CLIENT: RateLimitRule = { bucket: "orders-declines", limit: 5, windowMs: 30 * 60 * 1000 };

const SLOW_DOWN = said("too_many_attempts");
const TOO_MANY_DECLINES = said("too_many_declines");

/**
 * Counts one new checkout attempt, or refuses it (429, with Retry-After). It runs inside the
 * transaction that writes the attempt's order (`on`), so a refusal stores nothing, and a second request
 * with the same key (a double click) waits for this verdict instead of being counted again.
 */
export async function admitCheckoutAttempt(client: string, on: Queries): Promise<void> {
  const declines = await rateLimitState(DECLINES_PER_CLIENT, client, Date.now(), on);
  if (!declines.allowed) {
    log("warn", "checkout refused: too many declines", { bucket: DECLINES_PER_CLIENT.bucket });
    throw new TooManyAttempts(TOO_MANY_DECLINES, declines.retryAfterSeconds);
  }
  const limit = await consumeRateLimit(ATTEMPTS_PER_CLIENT, client, Date.now(), on);
  if (!limit.allowed) {
    log("warn", "checkout refused: attempt limit reached", { bucket: ATTEMPTS_PER_CLIENT.bucket });
    throw new TooManyAttempts(SLOW_DOWN, limit.retryAfterSeconds);
  }
}

/** Remembers a declined card (or a card token the provider does not know) against the client network that sent it. */
export async function noteDecline(client: string): Promise<void> {
  await consumeRateLimit(DECLINES_PER_CLIENT, client);
}

/**
 * Places an order for a client within its attempt limits, remembering a declined card against it. A
 * retry of a known attempt (a double click, a reload after a timeout) is never refused.
 */
export async function placeOrderWithinLimits(client: string, request: OrderRequest, idempotencyKey: string, locale: Locale = "en"): Promise<PlacedOrder> {
  try {
    return await placeOrder(request, idempotencyKey, { admit: (tx) => admitCheckoutAttempt(client, tx), locale });
  } catch (error) {
    if (error instanceof CardDeclined) await noteDecline(client);
    throw error;
  }
}
