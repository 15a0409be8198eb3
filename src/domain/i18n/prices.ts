// Prices as each language writes them, by Intl for the page's language tag (en-US, es-US). Miami's
// Spanish writes dollars as English does ("$16.00", "$1,234.50"), which prices.test.ts holds to: the
// full menu's first script keeps money.ts's few bytes of formatPrice for the same text.
import type { Cents } from "../money";
import { INTL_LOCALE, type Locale } from "./locales";

const formats = new Map<Locale, Intl.NumberFormat>();

/** 1600 -> "$16.00" in en-US and in es-US. */
export function priceText(cents: Cents, locale: Locale): string {
  let format = formats.get(locale);
  if (!format) formats.set(locale, (format = new Intl.NumberFormat(INTL_LOCALE[locale], { style: "currency", currency: "USD" })));
  return format.format(cents / 100);
}
