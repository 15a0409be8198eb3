// A Miami clock time in the diner's language wherever one is printed (order page, e-mails, notices):
// English "12:15 PM"; Spanish "12:15 p. m." with the Academia's spaced abbreviation. Intl's es-US
// writes "12:15 p.m." and plain es a 24-hour "12:15", so Spanish is never left to Intl alone.
import { RESTAURANT_TIME_ZONE } from "./hours";
import { INTL_LOCALE, type Locale } from "./i18n/locales";

const timeFormats: Partial<Record<Locale, Intl.DateTimeFormat>> = {};

/** "a.m.", "p.m.", "p. m." (any spacing, also no-break spaces) as Spanish writes it: "a. m." / "p. m.". */
export function spanishMeridiem(text: string): string {
  return text.replace(/(\d)[\s\u00a0\u202f]*([ap])\.[\s\u00a0\u202f]*m\./gi, (_, digit: string, letter: string) => `${digit} ${letter.toLowerCase()}. m.`);
}

/** The Miami wall-clock time of an instant: "12:15 PM" / "12:15 p. m.". */
export function clockAt(at: Date | string, locale: Locale = "en"): string {
  const format = (timeFormats[locale] ??= new Intl.DateTimeFormat(INTL_LOCALE[locale], { timeZone: RESTAURANT_TIME_ZONE, hour: "numeric", minute: "2-digit", hour12: true }));
  const text = format.format(typeof at === "string" ? new Date(at) : at);
  return locale === "es" ? spanishMeridiem(text) : text;
}

/** Any Intl date-and-time format in Miami's zone, with Spanish's meridiem written the Academia's way. */
export function miamiDateTime(at: Date | string, locale: Locale, options: Intl.DateTimeFormatOptions): string {
  const text = new Intl.DateTimeFormat(INTL_LOCALE[locale], { timeZone: RESTAURANT_TIME_ZONE, ...options }).format(typeof at === "string" ? new Date(at) : at);
  return locale === "es" ? spanishMeridiem(text) : text;
}
