// Limits on checkout attempts, so the order endpoint cannot be used to test stolen cards or run up
// Square calls: per client network, a pause for a client network (and its IPv4 /24) whose cards keep
// being declined, and the bank's check for every card while declines pile up across the whole site.
// Nothing is counted by e-mail address: anyone can type a customer's address, and five declines under
// it would stop that customer paying from anywhere. Netlify's edge limit on the route comes first
// (netlify/functions/orders.mts); the checkout (./checkout.ts) admits each attempt in its order's transaction.
import { RuleBroken, said, TooManyAttempts } from "../platform/errors";
import { log } from "../platform/http";
import type { Queries } from "../platform/database";
import { declineBrake, noteSiteDecline } from "../payments/declineBrake";
import { consumeRateLimit, ipv4Block, rateLimitState, type RateLimitRule } from "../platform/rateLimit";

const TEN_MINUTES = 10 * 60 * 1000;

/**
 * Checkout attempts (each one a Square order and payment) per client network. Generous: many phones
 * share one address behind a carrier's NAT, and a lunch rush must not meet a 429.
 */
export const ATTEMPTS_PER_CLIENT: RateLimitRule = { bucket: "orders-client", limit: 30, windowMs: TEN_MINUTES };
/** After this many declines from one client, its attempts are refused for the rest of the window. */
export const DECLINES_PER_CLIENT: RateLimitRule = { bucket: "orders-declines", limit: 5, windowMs: 30 * 60 * 1000 };
/**
 * Declines from one IPv4 /24 (a card tester hopping between neighbouring addresses), after which its
 * attempts are refused likewise: three clients' worth, since an office or a carrier shares one block.
 */
export const DECLINES_PER_BLOCK: RateLimitRule = { bucket: "orders-declines-block", limit: 15, windowMs: 30 * 60 * 1000 };

const SLOW_DOWN = said("too_many_attempts");
const TOO_MANY_DECLINES = said("too_many_declines");
const VERIFY_CARD = said("verification_required");

/**
 * Counts one new checkout attempt, or refuses it (429, with Retry-After; 422 for an unverified card while
 * the brake is on). It runs inside the transaction that writes the attempt's order (`on`), so a refusal
 * stores nothing, and a second request with the same key (a double click) waits for this verdict instead
 * of being counted again. `verified`: the card comes with its bank's check (Square's verification token).
 */
export async function admitCheckoutAttempt(on: Queries, client: string, verified: boolean): Promise<void> {
  const block = ipv4Block(client);
  for (const [rule, who] of [[DECLINES_PER_CLIENT, client], ...(block ? [[DECLINES_PER_BLOCK, block] as const] : [])] as const) {
    const declines = await rateLimitState(rule, who, Date.now(), on);
    if (!declines.allowed) {
      log("warn", "checkout refused: too many declines", { bucket: rule.bucket });
      throw new TooManyAttempts(TOO_MANY_DECLINES, declines.retryAfterSeconds);
    }
  }
  // While the site-wide brake is on, a card goes to Square only with its bank's check (nothing is stored without it).
  if (!verified && (await declineBrake(Date.now(), on))) throw new RuleBroken(VERIFY_CARD);
  const limit = await consumeRateLimit(ATTEMPTS_PER_CLIENT, client, Date.now(), on);
  if (!limit.allowed) {
    log("warn", "checkout refused: attempt limit reached", { bucket: ATTEMPTS_PER_CLIENT.bucket });
    throw new TooManyAttempts(SLOW_DOWN, limit.retryAfterSeconds);
  }
}

/**
 * Remembers a declined card (or a card token the provider does not know) against the client network that
 * sent it, its IPv4 /24, and the whole site (the brake).
 */
export async function noteDecline(client: string): Promise<void> {
  const block = ipv4Block(client);
  await consumeRateLimit(DECLINES_PER_CLIENT, client);
  if (block) await consumeRateLimit(DECLINES_PER_BLOCK, block);
  await noteSiteDecline();
}
