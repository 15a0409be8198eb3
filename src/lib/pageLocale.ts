// The language of the page this script runs on (its <html lang>, set by BaseLayout from the route), and
// the API paths that answer in it.
import { asLocale, type Locale } from "../domain/i18n/locales";

export function pageLocale(): Locale {
  return typeof document === "undefined" ? "en" : asLocale(document.documentElement.lang);
}

/** A cached public answer in the page's language: "/api/menu" on English pages, "/api/menu?lang=es" on Spanish ones. */
export function inPageLanguage(path: string): string {
  const locale = pageLocale();
  return locale === "en" ? path : `${path}${path.includes("?") ? "&" : "?"}lang=${locale}`;
}
