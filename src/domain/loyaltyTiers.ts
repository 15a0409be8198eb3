// The words of a Square Loyalty reward tier in the diner's language. A tier's discount is a catalog
// pricing rule's DISCOUNT (a fixed amount, or a percentage perhaps capped): when it is known the words are
// made from it, in English and Spanish. Otherwise Square's name for the tier is read ("$5 off entire
// sale", "10% off entire sale", "Free Key Lime Pie"), and any other name is shown as the seller wrote it.
import type { Locale } from "./i18n/locales";

/** A tier's discount as its pricing rule's DISCOUNT object describes it. */
export type TierDiscount = { kind: "amount"; cents: number } | { kind: "percent"; percentage: string; maxCents?: number };

export interface LoyaltyTier {
  id: string;
  points: number;
  name: string;
  /** From the tier's pricing rule, when Square's catalog answered it. */
  discount?: TierDiscount;
}

/** Dollars as a tier says them: "$5" for whole dollars, "$2.50" otherwise. */
function dollars(cents: number): string {
  return cents % 100 === 0 ? `$${cents / 100}` : `$${(cents / 100).toFixed(2)}`;
}

/** The words of a tier's discount in `locale` ("$5 off your order", "10 % de descuento en tu pedido (hasta $8)"). */
export function discountWords(discount: TierDiscount, locale: Locale): string {
  if (discount.kind === "amount") {
    const amount = dollars(discount.cents);
    return locale === "es" ? `${amount} de descuento en tu pedido` : `${amount} off your order`;
  }
  const share = String(Number(discount.percentage));
  const cap = discount.maxCents !== undefined ? dollars(discount.maxCents) : null;
  return locale === "es" ? `${share} % de descuento en tu pedido${cap ? ` (hasta ${cap})` : ""}` : `${share}% off your order${cap ? ` (up to ${cap})` : ""}`;
}

const AMOUNT_OFF = /^\$(\d+(?:\.\d{1,2})?) off(?: (?:your|the)? ?(?:entire sale|entire order|order|purchase))?$/i;
const PERCENT_OFF = /^(\d+(?:\.\d+)?)% off(?: (?:your|the)? ?(?:entire sale|entire order|order|purchase))?$/i;
const FREE_ITEM = /^free (.+)$/i;

/** The tier's words in `locale`, from the name Square keeps for it. */
export function tierWords(name: string, locale: Locale): string {
  const trimmed = name.trim();
  const amount = AMOUNT_OFF.exec(trimmed);
  if (amount) return locale === "es" ? `$${amount[1]} de descuento en tu pedido` : `$${amount[1]} off your order`;
  const percent = PERCENT_OFF.exec(trimmed);
  if (percent) return locale === "es" ? `${percent[1]} % de descuento en tu pedido` : `${percent[1]}% off your order`;
  const free = FREE_ITEM.exec(trimmed);
  if (free) return locale === "es" ? `${free[1]} gratis` : `Free ${free[1]}`;
  return trimmed;
}

/** The program's tiers as the site shows them: fewest points first, worded in `locale` (from the discount when known). */
export function shownTiers(tiers: readonly LoyaltyTier[], locale: Locale): LoyaltyTier[] {
  return [...tiers]
    .sort((a, b) => a.points - b.points)
    .map((tier) => ({ id: tier.id, points: tier.points, name: tier.discount ? discountWords(tier.discount, locale) : tierWords(tier.name, locale) }));
}
