// Prices as each language writes them: English keeps the site's own "$17.00" (src/domain/money.ts);
// Spanish uses Intl's es-US currency format, which writes dollars as English does ("$16.00",
// "$1,234.50"; prices.test.ts holds to it), so the full menu's first script keeps money.ts's few bytes
// of formatPrice for the same text.
import { formatPrice, type Cents } from "../money";
import { INTL_LOCALE, type Locale } from "./locales";

let spanish: Intl.NumberFormat | undefined;

/** 1750 -> "$17.50" in either language, "$1,234.50" in Spanish. */
export function localPrice(cents: Cents, locale: Locale = "en"): string {
  if (locale === "en") return formatPrice(cents);
  spanish ??= new Intl.NumberFormat(INTL_LOCALE.es, { style: "currency", currency: "USD" });
  return spanish.format(cents / 100);
}
