// Whether a code gives an order a discount, and how much, by the offer's rules: paused, its start and end
// (the restaurant's clock), its caps (the total, and per diner: the signed-in diner's own account),
// "first order only" (the account's orders), the minimum subtotal and its dishes. Only our own database is
// read: a refused code costs no Square call. An e-mail or a phone anyone can type is judged only once
// Square has authorized the payment and named its tender (./cardCheck.ts): before that, a past diner's
// e-mail and a new one get the same answer, so the code check tells no one who has ordered here. The
// discount here is the documented part of Square's arithmetic (src/domain/discounts.ts), enough to judge
// the minimum and a free order; the totals a diner sees and pays are Square's own (./squareFigures.ts).
import { applyDiscount, discountedTotals, type SquareDiscount } from "../../domain/discounts";
import { restaurantTime } from "../../domain/hours";
import type { Locale } from "../../domain/i18n/locales";
import type { Cents } from "../../domain/money";
import type { OrderLine } from "../../domain/orderLines";
import type { Totals } from "../../domain/pricing";
import { toE164 } from "../../domain/checkoutCustomer";
import { db, type Queries } from "../platform/database";
import { RuleBroken, said } from "../platform/errors";
import { sql } from "../platform/sql";
import { offerOfCode, type OfferRow } from "./store";

/** Who is ordering, as the caps see them. */
export interface DinerIdentity {
  accountId?: string | null;
  email?: string | null;
  phone?: string | null;
}

export interface PricedOffer {
  offer: OfferRow;
  square: SquareDiscount;
  discount: Cents;
  totals: Totals & { discount: Cents };
  /** True when the diner has no earlier paid order (the tab counts the first-time diners a code won). */
  firstTime: boolean;
}

export interface OfferAttempt {
  code: string;
  lines: readonly OrderLine[];
  deliveryFee: Cents;
  diner: DinerIdentity;
  now: Date;
  /** A retried attempt's own order: its own use does not count against its caps. */
  exceptOrderId?: string | null;
}

/** "YYYY-MM-DDTHH:mm" on Miami's wall clock. */
export function localMinute(now: Date): string {
  const time = restaurantTime(now);
  const hours = String(Math.floor(time.minutes / 60)).padStart(2, "0");
  const minutes = String(time.minutes % 60).padStart(2, "0");
  return `${time.date}T${hours}:${minutes}`;
}

/** An e-mail and a phone as earlier orders are matched on: lower case, and the phone's E.164 (or its digits). */
export function normalisedDiner(diner: DinerIdentity): { accountId: string | null; email: string; phone: string } {
  const phone = diner.phone ? (toE164(diner.phone) ?? diner.phone.replace(/\D/g, "")) : "";
  return { accountId: diner.accountId ?? null, email: (diner.email ?? "").trim().toLowerCase(), phone };
}

const refuse = (code: "offer_unknown" | "offer_paused" | "offer_not_started" | "offer_expired" | "offer_used_up" | "offer_used_by_you" | "offer_first_order" | "offer_no_dish" | "offer_whole_order") => new RuleBroken(said(code));

/** The Square discount an offer makes of these lines, or the refusal when none of its dishes is there. */
export function squareDiscountOf(offer: OfferRow, lines: readonly OrderLine[]): SquareDiscount {
  const name = offer.code;
  if (offer.kind === "free_dish") {
    const index = lines.findIndex((line) => String(line.menuItemId) === offer.free_dish_id);
    if (index < 0) throw refuse("offer_no_dish");
    // One of the dish free (with the options it was ordered with): that line's unit price off that line.
    return { name, type: "FIXED_AMOUNT", amountCents: lines[index]!.unitPriceCents, scope: "LINE_ITEM", lineIndexes: [index] };
  }
  const type = offer.kind === "percent" ? "FIXED_PERCENTAGE" : "FIXED_AMOUNT";
  const value = offer.kind === "percent" ? { percentage: offer.percent ?? 0 } : { amountCents: offer.amount_cents ?? 0 };
  if (offer.scope === "order") return { name, type, ...value, scope: "ORDER" };
  const listed = new Set(offer.dish_ids.map(String));
  const lineIndexes = lines.flatMap((line, index) => (listed.has(String(line.menuItemId)) ? [index] : []));
  if (lineIndexes.length === 0) throw refuse("offer_no_dish");
  return { name, type, ...value, scope: "LINE_ITEM", lineIndexes };
}

/** The offer's own rules that need no count: paused, the start and the end. */
export function assertOpen(offer: OfferRow, now: Date): void {
  if (offer.paused) throw refuse("offer_paused");
  const minute = localMinute(now);
  if (offer.starts_at && minute < offer.starts_at) throw refuse("offer_not_started");
  if (offer.ends_at && minute >= offer.ends_at) throw refuse("offer_expired");
}

/** Uses that count against the caps: held or paid (a released one is given back). */
export async function countUses(offerId: string, diner: DinerIdentity, exceptOrderId: string | null, on: Queries = db): Promise<{ total: number; diner: number }> {
  const who = normalisedDiner(diner);
  const row = await on.one<{ total: number; diner: number }>(sql`
    SELECT count(*)::int AS total,
           count(*) FILTER (WHERE (${who.accountId}::text IS NOT NULL AND account_id = ${who.accountId})
                               OR (${who.email} <> '' AND email = ${who.email})
                               OR (${who.phone} <> '' AND phone = ${who.phone}))::int AS diner
      FROM offer_uses WHERE offer_id = ${offerId} AND state <> 'released' AND order_id IS DISTINCT FROM ${exceptOrderId}`);
  return row ?? { total: 0, diner: 0 };
}

/** The caps, given the counts: a single-use code is a total cap of one. */
export function assertCaps(offer: OfferRow, uses: { total: number; diner: number }): void {
  const cap = offer.single_use ? 1 : offer.total_cap;
  if (cap !== null && uses.total >= cap) throw refuse("offer_used_up");
  if (offer.per_diner_cap !== null && uses.diner >= offer.per_diner_cap) throw refuse("offer_used_by_you");
  if (offer.first_order_only && uses.diner > 0) throw refuse("offer_used_by_you");
}

/**
 * True when the diner (account, e-mail or phone) has no paid order yet, other than `exceptOrderId`. An order
 * fully refunded whose code's use the owner gave back (a paid order's use is released only that way) does not
 * count: the restaurant was at fault, and the diner may use the code again.
 */
export async function isFirstOrder(diner: DinerIdentity, exceptOrderId: string | null, on: Queries = db): Promise<boolean> {
  const who = normalisedDiner(diner);
  if (!who.accountId && !who.email && !who.phone) return true;
  const digits = who.phone.replace(/\D/g, "").slice(-10);
  // Three look-ups, each on its own index (the e-mail's, the phone's digits', the account's orders), never
  // one OR that would read every order.
  const row = await on.one<{ found: boolean }>(sql`
    SELECT EXISTS (
             SELECT 1 FROM orders o WHERE ${who.email} <> '' AND lower(o.customer_email) = ${who.email}
                AND o.status IN ('confirmed', 'preparing', 'ready', 'completed', 'cancelled') AND o.id IS DISTINCT FROM ${exceptOrderId} 
                AND NOT EXISTS (SELECT 1 FROM offer_uses g WHERE g.order_id = o.id AND g.state = 'released'))
        OR EXISTS (
             SELECT 1 FROM orders o WHERE ${digits.length === 10} AND right(regexp_replace(o.customer_phone, '\\D', '', 'g'), 10) = ${digits}
                AND o.status IN ('confirmed', 'preparing', 'ready', 'completed', 'cancelled') AND o.id IS DISTINCT FROM ${exceptOrderId} 
                AND NOT EXISTS (SELECT 1 FROM offer_uses g WHERE g.order_id = o.id AND g.state = 'released'))
        OR EXISTS (
             SELECT 1 FROM diner_orders d JOIN orders o ON o.id = d.order_id WHERE ${who.accountId}::uuid IS NOT NULL AND d.account_id = ${who.accountId}::uuid
                AND o.status IN ('confirmed', 'preparing', 'ready', 'completed', 'cancelled') AND o.id IS DISTINCT FROM ${exceptOrderId} 
                AND NOT EXISTS (SELECT 1 FROM offer_uses g WHERE g.order_id = o.id AND g.state = 'released'))
      AS found`);
  return !row?.found;
}

/** The diner as the rules judge them before the tender is known: their own account, never a typed e-mail or phone. */
export function accountOnly(diner: DinerIdentity): DinerIdentity {
  return { accountId: diner.accountId ?? null };
}

/**
 * Prices a code for an order's lines, or refuses it in one plain sentence. `offer` may be given when it
 * was already read (the reservation reads it locked). The caps and "first order" are the account's;
 * `firstTime` (the tab's count of first-time diners won) reads the e-mail and phone too, and is never said.
 */
export async function priceOffer(attempt: OfferAttempt, on: Queries = db, known?: OfferRow): Promise<PricedOffer> {
  const offer = known ?? (await offerOfCode(attempt.code, on));
  if (!offer) throw refuse("offer_unknown");
  assertOpen(offer, attempt.now);
  const exceptOrderId = attempt.exceptOrderId ?? null;
  const ruled = accountOnly(attempt.diner);
  const [uses, firstForRules, firstTime] = await Promise.all([
    countUses(offer.id, ruled, exceptOrderId, on),
    isFirstOrder(ruled, exceptOrderId, on),
    isFirstOrder(attempt.diner, exceptOrderId, on),
  ]);
  assertCaps(offer, uses);
  if (offer.first_order_only && !firstForRules) throw refuse("offer_first_order");
  const lineAmounts = attempt.lines.map((line) => ({ amount: line.unitPriceCents * line.quantity }));
  const subtotal = lineAmounts.reduce((sum, line) => sum + line.amount, 0);
  if (subtotal < offer.min_subtotal_cents) throw new RuleBroken(said("offer_min_subtotal", offer.min_subtotal_cents));
  const square = squareDiscountOf(offer, attempt.lines);
  const totals = discountedTotals(lineAmounts, attempt.deliveryFee, square);
  // A card payment of nothing is not possible at Square: such an order is refused before anything is held.
  if (totals.total <= 0) throw refuse("offer_whole_order");
  return { offer, square, discount: applyDiscount(lineAmounts, square).total, totals, firstTime };
}

/** The label a diner reads, in their language. */
export function offerLabel(offer: Pick<OfferRow, "label_en" | "label_es">, locale: Locale): string {
  return locale === "es" ? offer.label_es : offer.label_en;
}
