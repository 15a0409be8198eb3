// POST /api/offers/check: whether a code gives this cart a discount, and the totals Square will charge
// with it. Tries are counted first (10 per 10 minutes per network, and per account when signed in), then
// the cart is priced from our own menu and the code by its rules (our database only: a refused code costs
// no Square call), and a good code's totals are Square's own preview of the order (./squareFigures.ts). The
// diner is their signed-in account alone: an e-mail or phone typed here is never judged (that waits for
// the tender at Pay), so the answer cannot tell whether someone has ordered here.
import { deliveryFeeFor, type Cents } from "../../domain/money";
import { mergeLines, priceLines, type RequestedLine } from "../../domain/orderLines";
import type { Locale } from "../../domain/i18n/locales";
import type { OrderType } from "../../domain/orderReadModel";
import { findMenuItems } from "../content";
import { findQuote } from "../delivery";
import { serverNow } from "../env";
import { RuleBroken, said, TooManyAttempts } from "../platform/errors";
import { clientNetwork, consumeRateLimit, giveBackAttempt, type RateLimitRule } from "../platform/rateLimit";
import { offerLabel, priceOffer, type DinerIdentity } from "./rules";
import { withSquareFigures } from "./squareFigures";

export const OFFER_TRIES: Omit<RateLimitRule, "bucket"> = { limit: 10, windowMs: 10 * 60_000 };

export interface OfferCheck {
  code: string;
  items: readonly RequestedLine[];
  orderType?: OrderType;
  courierQuoteId?: string;
  diner: DinerIdentity;
  locale: Locale;
  /** The client's address: its network's tries. */
  client: string;
}

export interface CheckedOffer {
  code: string;
  label: string;
  discount: Cents;
  totals: { subtotal: Cents; discount: Cents; tax: Cents; deliveryFee: Cents; total: Cents };
}

/**
 * Runs `attempt` as one try of a code by the client's network and, signed in, by the account: a check, or
 * an order sent with a code (so guessing through POST /api/orders is limited alike). 429 past 10 in 10
 * minutes. The try is counted before the code is looked at, so a burst of guesses cannot slip past the
 * limit side by side; an attempt whose code was good gives it back, so a diner whose checkout checks
 * their code again at each change of the cart or courier quote never runs out.
 */
async function asOfferTry<T>(client: string, accountId: string | null | undefined, attempt: () => Promise<T>): Promise<T> {
  const tried = await countOfferTry(client, accountId);
  const answer = await attempt();
  await giveBackOfferTry(tried);
  return answer;
}

/** One try of a code, counted (429 past the limits); what `giveBackOfferTry` takes back once the code proved good. */
export type OfferTry = Array<[RateLimitRule, string]>;

export async function countOfferTry(client: string, accountId: string | null | undefined): Promise<OfferTry> {
  const rules: OfferTry = [[{ bucket: "offer-try-network", ...OFFER_TRIES }, clientNetwork(client)]];
  if (accountId) rules.push([{ bucket: "offer-try-account", ...OFFER_TRIES }, `account:${accountId}`]);
  const results = await Promise.all(rules.map(([rule, key]) => consumeRateLimit(rule, key)));
  const refused = results.find((result) => !result.allowed);
  if (refused) throw new TooManyAttempts(said("offer_too_many_tries"), refused.retryAfterSeconds);
  return rules;
}

export async function giveBackOfferTry(tried: OfferTry): Promise<void> {
  await Promise.all(tried.map(([rule, key]) => giveBackAttempt(rule, key)));
}

/** The delivery fee the order would carry: the courier's quote when one was shown, else ours. */
async function deliveryFeeOf(check: OfferCheck): Promise<Cents> {
  const orderType = check.orderType ?? "pickup";
  if (orderType === "delivery" && check.courierQuoteId) {
    const quote = await findQuote(check.courierQuoteId).catch(() => null);
    if (quote) return quote.customerFeeCents;
  }
  return deliveryFeeFor(orderType);
}

export function checkOffer(check: OfferCheck): Promise<CheckedOffer> {
  return asOfferTry(check.client, check.diner.accountId, () => priceCheck(check));
}

async function priceCheck(check: OfferCheck): Promise<CheckedOffer> {
  const requested = mergeLines(check.items.map((item) => ({ ...item })));
  const [dishes, deliveryFee] = await Promise.all([findMenuItems(requested.map((line) => line.id)), deliveryFeeOf(check)]);
  // The hours and stock are the order's to check; the code is priced on the dishes as the menu prices them.
  const priced = priceLines(requested, dishes, () => true, (section) => section);
  if (priced.lines.length === 0) throw new RuleBroken(said("offer_no_dish"));
  const ruled = await priceOffer({ code: check.code, lines: priced.lines, deliveryFee, diner: check.diner, now: serverNow() });
  // The totals shown are Square's own for this cart (./squareFigures.ts), the ones Pay then charges.
  const offer = await withSquareFigures(ruled, priced.lines, deliveryFee, { accountId: check.diner.accountId ?? null, address: check.client });
  return { code: offer.offer.code, label: offerLabel(offer.offer, check.locale), discount: offer.discount, totals: offer.totals };
}
