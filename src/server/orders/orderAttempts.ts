// Limits on checkout attempts, so the order endpoint cannot be used to test stolen cards or run up
// Square calls: per client network, a pause for a client network (and its IPv4 /24) whose cards keep
// being declined, and the bank's check for every card while declines pile up across the whole site.
// Nothing is counted by e-mail address: anyone can type a customer's address, and five declines under
// it would stop that customer paying from anywhere. Netlify's edge limit on the route comes first
// (netlify/functions/orders.mts); the checkout (./checkout.ts) admits each attempt in its order's transaction.
import { RuleBroken, said, TooManyAttempts } from "../platform/errors";
import { log } from "../platform/http";
import { db, type Queries } from "../platform/database";
import { brakeRefuses, noteSiteDecline, type PaymentSource } from "../payments";
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
 * The client's decline limits (its network's and its IPv4 /24's) and the site-wide brake, read without
 * counting anything: 429 (with Retry-After) while its cards keep being declined, 422 for a card the brake
 * applies to that comes without its bank's check. Orders and gift card sales both pass here. `askSquare`:
 * whether the brake may ask Square if the token is a gift card (not inside a transaction: see brakeRefuses).
 */
export async function refuseDeclinedClient(client: string, payment: PaymentSource, { on = db, askSquare = true }: { on?: Queries; askSquare?: boolean } = {}): Promise<void> {
  await refuseDeclines(client, on);
  // While the site-wide brake is on, a card goes to Square only with its bank's check (nothing is stored without it).
  if (await brakeRefuses(client, payment, { on, askSquare })) throw new RuleBroken(VERIFY_CARD);
}

/** 429 (with Retry-After) while the client's network's or its IPv4 /24's cards keep being declined. */
async function refuseDeclines(client: string, on: Queries): Promise<void> {
  const block = ipv4Block(client);
  for (const [rule, who] of [[DECLINES_PER_CLIENT, client], ...(block ? [[DECLINES_PER_BLOCK, block] as const] : [])] as const) {
    const declines = await rateLimitState(rule, who, Date.now(), on);
    if (!declines.allowed) {
      log("warn", "payment refused: too many declines", { bucket: rule.bucket });
      throw new TooManyAttempts(TOO_MANY_DECLINES, declines.retryAfterSeconds);
    }
  }
}

/**
 * Every refusal of a new checkout attempt that can be known before any site-wide place (Square's pace, a
 * call in flight) is taken: the decline limits, the client's attempt allowance and the brake, read only
 * (the brake last: it may ask Square whether the token is a gift card, a call a refused client must not
 * cost). A refused client, however fast it sends, then costs the site nothing shared. The attempt is
 * counted later, in its order's transaction (admitCheckoutAttempt), which checks all of it again.
 */
export async function refuseEarly(client: string, payment: PaymentSource): Promise<void> {
  await refuseDeclines(client, db);
  const attempts = await rateLimitState(ATTEMPTS_PER_CLIENT, client);
  if (!attempts.allowed) {
    log("warn", "checkout refused: attempt limit reached", { bucket: ATTEMPTS_PER_CLIENT.bucket });
    throw new TooManyAttempts(SLOW_DOWN, attempts.retryAfterSeconds);
  }
  if (await brakeRefuses(client, payment)) throw new RuleBroken(VERIFY_CARD);
}

/**
 * Counts one new checkout attempt, or refuses it (429, with Retry-After; 422 for an unverified card while
 * the brake is on). It runs inside the transaction that writes the attempt's order (`on`), so a refusal
 * stores nothing, and a second request with the same key (a double click) waits for this verdict instead
 * of being counted again.
 */
export async function admitCheckoutAttempt(on: Queries, client: string, payment: PaymentSource): Promise<void> {
  // The early check's word on a gift card token stands: no Square call holds the transaction open.
  await refuseDeclinedClient(client, payment, { on, askSquare: false });
  const limit = await consumeRateLimit(ATTEMPTS_PER_CLIENT, client, Date.now(), on);
  if (!limit.allowed) {
    log("warn", "checkout refused: attempt limit reached", { bucket: ATTEMPTS_PER_CLIENT.bucket });
    throw new TooManyAttempts(SLOW_DOWN, limit.retryAfterSeconds);
  }
}

/**
 * Remembers a refused card against the client network that sent it and its IPv4 /24 (a forged or unknown
 * token too, so they cannot be sent without limit), and, when a bank declined it (`byBank`), across the
 * whole site: only real declines trip the brake.
 */
export async function noteDecline(client: string, byBank: boolean): Promise<void> {
  const block = ipv4Block(client);
  await consumeRateLimit(DECLINES_PER_CLIENT, client);
  if (block) await consumeRateLimit(DECLINES_PER_BLOCK, block);
  if (byBank) await noteSiteDecline(client);
}
