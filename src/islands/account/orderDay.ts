// The day of a past order as the diner's history and the home page's "Order again" print it: Miami's day,
// the restaurant's, not the device's (a late Saturday dinner is no Sunday order on a phone set elsewhere).
import { RESTAURANT_TIME_ZONE } from "../../domain/hours";
import { INTL_LOCALE, type Locale } from "../../domain/i18n/locales";

/** "Nov 21, 2026" / "21 nov 2026". */
export function orderDay(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { timeZone: RESTAURANT_TIME_ZONE, dateStyle: "medium" }).format(new Date(iso));
}
