// What the checkout may ask of DoorDash: each quote is a call on the restaurant's key, which DoorDash
// allows about 300 a minute, so quotes are counted per network (an IPv4 address or IPv6 /64), per IPv6
// /48 (65,536 /64s one holder may switch between) and site-wide, before any call. The network's own
// limits come first, so a refused network spends nothing of the site's budget.
import { said, TooManyAttempts } from "../platform/errors";
import { log } from "../platform/http";
import { countAgainst, firstRefusal } from "../platform/budgets";
import { clientKey, ipv6Block, networkKey, type RateLimitRule } from "../platform/rateLimit";

const TEN_MINUTES = 10 * 60_000;

/** A customer changing the address, tip or time asks again each time: 40 in 10 minutes is ample. */
export const QUOTES_PER_NETWORK: RateLimitRule = { bucket: "courier-quote", limit: 40, windowMs: TEN_MINUTES };
/** An office's or a campus's /48: a few customers' worth. */
export const QUOTES_PER_BLOCK: RateLimitRule = { bucket: "courier-quote-block", limit: 120, windowMs: TEN_MINUTES };
/** The whole site: half of what DoorDash allows the key, so dispatches and their checks always have room. */
export const SITE_QUOTES: RateLimitRule = { bucket: "courier-quote-site", limit: 150, windowMs: 60_000 };

/** Counts one quote for the client at `address`, or throws TooManyAttempts (429, Retry-After) with a sentence in the customer's language. */
export async function admitQuote(address: string): Promise<void> {
  const block = ipv6Block(address);
  const own: [RateLimitRule, string][] = [[QUOTES_PER_NETWORK, clientKey(address)], ...(block ? [[QUOTES_PER_BLOCK, networkKey(block)] as [RateLimitRule, string]] : [])];
  for (const [rule, who] of own) {
    const answer = await countAgainst(rule, who);
    if (!answer.allowed) throw new TooManyAttempts(said("courier_quotes_too_many"), answer.retryAfterSeconds);
  }
  const site = await countAgainst(SITE_QUOTES, networkKey("site-wide"));
  if (!site.allowed) {
    // Said once a window, by the first quote past the budget: the owner's alarm in the function log.
    if (firstRefusal(SITE_QUOTES, site)) log("error", "courier quotes refused site-wide: the site's budget for the minute is spent", { limit: SITE_QUOTES.limit });
    throw new TooManyAttempts(said("courier_quotes_busy"), site.retryAfterSeconds);
  }
}
