// A gift card's balance, read live from Square by its number (RetrieveGiftCardFromGAN), so a card spent at
// the counter shows its new balance at once; limited per network, since a number is all a thief needs,
// and across the whole site, so many networks at once cannot turn the look-ups into a flood of calls to
// Square. Look-ups take their places in flight from a pool of their own (./squareProvider.ts), never the
// places charges need.
import { formatAmount } from "../../domain/money";
import { normalizeGan, type GiftCardBalanceAnswer } from "../../domain/giftCards";
import { InvalidRequest, NotFound, ProviderUnavailable, RuleBroken, said, TooManyAttempts, Unavailable } from "../platform/errors";
import { consumeRateLimit, type RateLimitRule } from "../platform/rateLimit";
import { log } from "../platform/http";
import { giftCardProvider, type GiftCardView } from "./provider";

/** Five look-ups a minute per network: enough for a person with a few cards, too few to guess numbers. */
export const BALANCE_RATE_LIMIT: RateLimitRule = { bucket: "gift_card_balance", limit: 5, windowMs: 60_000 };
/** Look-ups a minute across the whole site: a dozen networks' worth, far past what guests at a till ask. */
export const SITE_BALANCE_BUDGET: RateLimitRule = { bucket: "gift_card_balance_site", limit: 60, windowMs: 60_000 };

/** Gift card token look-ups (while the decline brake is on) per network, and across the site: a budget apart from balance look-ups'. */
export const TOKEN_LOOKUPS: RateLimitRule = { bucket: "gift_card_token", limit: 5, windowMs: 60_000 };
export const SITE_TOKEN_LOOKUPS: RateLimitRule = { bucket: "gift_card_token_site", limit: 60, windowMs: 60_000 };

/**
 * Whether a payment form's token is an ACTIVE gift card of this seller, asked at Square
 * (RetrieveGiftCardFromNonce) on the balance look-ups' own places in flight, never the charges'. Counted
 * like a look-up, per network and site-wide, since a card tester can send any token; false when either
 * is spent, when the token is no gift card's, or when Square does not answer: never shown, never trusted.
 */
export async function isActiveGiftCardToken(token: string, clientAddress: string): Promise<boolean> {
  if (!(await consumeRateLimit(TOKEN_LOOKUPS, clientAddress)).allowed) return false;
  if (!(await consumeRateLimit(SITE_TOKEN_LOOKUPS, "site-wide")).allowed) {
    log("warn", "gift card token look-up refused: the site's budget for the minute is spent", { limit: SITE_TOKEN_LOOKUPS.limit });
    return false;
  }
  try {
    const card = await (await giftCardProvider()).cardByToken(token);
    return card?.state === "ACTIVE";
  } catch (error) {
    log("warn", "gift card token look-up failed; the payment is taken as a card", { error: error instanceof Error ? error.name : String(error) });
    return false;
  }
}

/**
 * Refuses with the gift card's own words: too many look-ups, a number that is none, an unknown or inactive
 * card; a provider that is not configured or does not answer is said as the gift card service's.
 */
export async function checkBalance(number: string, clientAddress: string): Promise<GiftCardBalanceAnswer> {
  const limit = await consumeRateLimit(BALANCE_RATE_LIMIT, clientAddress);
  if (!limit.allowed) throw new TooManyAttempts(said("gift_card_tooManyLookups"), limit.retryAfterSeconds);
  const gan = normalizeGan(number);
  if (!gan) throw new InvalidRequest(said("gift_card_malformed"));
  // Counted after the network's own limit and the number's form, so a refused look-up spends nothing of the site's budget.
  const site = await consumeRateLimit(SITE_BALANCE_BUDGET, "site-wide");
  if (!site.allowed) {
    log("warn", "gift card balance look-up refused: the site's budget for the minute is spent", { limit: SITE_BALANCE_BUDGET.limit });
    throw new TooManyAttempts(said("gift_card_lookups_busy"), site.retryAfterSeconds);
  }
  const card = await cardByGan(gan);
  if (!card) throw new NotFound(said("gift_card_unknown"));
  if (card.state !== "ACTIVE") throw new RuleBroken(said("gift_card_inactive"));
  return { balance: formatAmount(card.balanceCents), balanceCents: card.balanceCents, last4: gan.slice(-4), state: card.state };
}

async function cardByGan(gan: string): Promise<GiftCardView | null> {
  try {
    return await (await giftCardProvider()).cardByGan(gan);
  } catch (error) {
    if (error instanceof Unavailable) throw new Unavailable(said("gift_card_unavailable"));
    if (error instanceof ProviderUnavailable) throw new ProviderUnavailable(said("gift_card_not_reached"));
    throw error;
  }
}
