// The words of a Square Loyalty reward tier in the diner's language. Square names a tier from its
// discount when the seller sets it up ("$5 off entire sale", "10% off entire sale", "Free Key Lime Pie");
// those shapes are said in English and Spanish, and any other name is shown as the seller wrote it.
import type { Locale } from "./i18n/locales";

export interface LoyaltyTier {
  id: string;
  points: number;
  name: string;
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

/** The program's tiers as the site shows them: fewest points first, worded in `locale`. */
export function shownTiers(tiers: readonly LoyaltyTier[], locale: Locale): LoyaltyTier[] {
  return [...tiers].sort((a, b) => a.points - b.points).map((tier) => ({ id: tier.id, points: tier.points, name: tierWords(tier.name, locale) }));
}
