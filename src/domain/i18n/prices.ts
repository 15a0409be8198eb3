// Prices in each language: English keeps the site's own "$17.00"; Spanish is formatted by Intl for es-US
// ("$1,234.50" as Miami reads it), so a Spanish page, answer or e-mail never hand-writes a number.
import { formatPrice, type Cents } from "../money";
import { INTL_LOCALE, type Locale } from "./locales";

const spanishDollars = new Intl.NumberFormat(INTL_LOCALE.es, { style: "currency", currency: "USD" });

/** 1700 -> "$17.00" in either language, written the way each reads it. */
export function priceIn(locale: Locale, cents: Cents): string {
  return locale === "es" ? spanishDollars.format(cents / 100) : formatPrice(cents);
}
