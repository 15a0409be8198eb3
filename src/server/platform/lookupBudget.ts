// What diners may ask of Square by looking things up (their points panel and status, a loyalty account or
// a customer searched for): counted per account, per network (an IPv4 address or IPv6 /64, and the /48 it
// lies in) and site-wide, each a minute, before any call is made. The asker's own limits come first, so a
// refused asker spends nothing of the site's budget; look-ups also take places in flight of their own
// (./callPurposes.ts), so even a site-wide flood of them never holds a place a card payment needs.
import { said, TooManyAttempts } from "./errors";
import { log } from "./http";
import { countAgainst, firstRefusal } from "./budgets";
import { clientKey, ipv6Block, networkKey, type RateLimitRule } from "./rateLimit";
import { forgetWithInstance } from "./instanceMemory";

const MINUTE = 60_000;

/** One diner changing their cart and reading their points: a few look-ups a minute, never twenty. */
export const LOOKUPS_PER_ACCOUNT: RateLimitRule = { bucket: "square_lookups_account", limit: 20, windowMs: MINUTE };
/** One network (a household or an office behind one address): a few diners' worth. */
export const LOOKUPS_PER_NETWORK: RateLimitRule = { bucket: "square_lookups_network", limit: 30, windowMs: MINUTE };
/** One IPv6 /48 (65,536 /64s one holder may switch between): a busy office's worth. */
export const LOOKUPS_PER_BLOCK: RateLimitRule = { bucket: "square_lookups_block", limit: 100, windowMs: MINUTE };
/** The whole site: far past what a restaurant's diners ask in a minute, far below what Square would rate limit. */
export const SITE_LOOKUPS: RateLimitRule = { bucket: "square_lookups_site", limit: 300, windowMs: MINUTE };

export interface Asker {
  /** The diner's account; null for a call the site makes for itself. */
  accountId: string | null;
  /** The client's address (null when no browser asked: a scheduled retry). */
  address: string | null;
}

/** Askers refused lately, by key, until their window ends: a diner looping a refused look-up costs the database nothing more in this instance. */
const refusedUntil = new Map<string, number>();
forgetWithInstance(() => refusedUntil.clear());

/** The asker's own budgets, each with the keyed hash it is counted under. */
function ownRules(asker: Asker): [RateLimitRule, string][] {
  const own: [RateLimitRule, string][] = [];
  if (asker.accountId) own.push([LOOKUPS_PER_ACCOUNT, networkKey(`account ${asker.accountId}`)]);
  if (asker.address) {
    own.push([LOOKUPS_PER_NETWORK, clientKey(asker.address)]);
    const block = ipv6Block(asker.address);
    if (block) own.push([LOOKUPS_PER_BLOCK, networkKey(block)]);
  }
  return own;
}

/** Throws the asker's own refusal again, without counting, while this instance knows one of their budgets is spent. */
export function refuseKnownAsker(asker: Asker, now = Date.now()): void {
  for (const [rule, who] of ownRules(asker)) {
    const until = refusedUntil.get(`${rule.bucket}:${who}`);
    if (until && until > now) throw new TooManyAttempts(said("square_lookups_too_many"), (until - now) / 1000);
  }
}

/**
 * Counts one look-up for `asker`, or throws TooManyAttempts (429, Retry-After) with a sentence in the
 * diner's language: their own account or network past its minute's look-ups, or the site's budget spent.
 */
export async function admitLookup(asker: Asker): Promise<void> {
  for (const [rule, who] of ownRules(asker)) {
    const answer = await countAgainst(rule, who);
    if (!answer.allowed) {
      log("warn", "square look-up refused: the asker's budget for the minute is spent", { bucket: rule.bucket });
      if (refusedUntil.size > 10_000) refusedUntil.clear();
      refusedUntil.set(`${rule.bucket}:${who}`, Date.now() + answer.retryAfterSeconds * 1000);
      throw new TooManyAttempts(said("square_lookups_too_many"), answer.retryAfterSeconds);
    }
  }
  const site = await countAgainst(SITE_LOOKUPS, networkKey("site-wide"));
  if (!site.allowed) {
    // Said once a window, by the first look-up past the budget: the owner's alarm in the function log.
    if (firstRefusal(SITE_LOOKUPS, site)) log("error", "square look-ups refused site-wide: the site's budget for the minute is spent", { limit: SITE_LOOKUPS.limit });
    throw new TooManyAttempts(said("square_lookups_busy"), site.retryAfterSeconds);
  }
}
