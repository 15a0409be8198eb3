// Site paths in a language for what is rendered at build or on the server (layouts, the language switch,
// the sitemap, e-mails): locales.ts's, plus the pages whose Spanish address has words of its own. Kept apart
// from locales.ts, which every page's script carries, so those bytes stay out of the browser.
import { localizedPath as plainLocalizedPath, pathWithoutLocale as plainPathWithoutLocale, type Locale } from "./locales";

export { LOCALES, LANGUAGE_NAMES, INTL_LOCALE, asLocale, type Locale } from "./locales";

/** English path -> its Spanish twin's, where the Spanish page has an address of its own. */
const SPANISH_PAGES: Readonly<Record<string, string>> = { "/gift-cards": "/tarjetas-de-regalo", "/account": "/cuenta" };

/** A site path in a language: "/gift-cards#balance" -> "/es/tarjetas-de-regalo#balance" in Spanish. */
export function localizedPath(locale: Locale, path: string): string {
  const [, pathname = "", rest = ""] = /^([^?#]*)(.*)$/.exec(path) ?? [];
  const english = pathWithoutLocale(pathname);
  const spanish = SPANISH_PAGES[english];
  return locale === "es" && spanish ? `/es${spanish}${rest}` : plainLocalizedPath(locale, spanish ? english + rest : path);
}

/** A path without its language prefix, its English address for a page that has a Spanish one of its own. */
export function pathWithoutLocale(pathname: string): string {
  const bare = plainPathWithoutLocale(pathname);
  const english = Object.keys(SPANISH_PAGES).find((page) => SPANISH_PAGES[page] === bare.replace(/\/$/, ""));
  return pathname.startsWith("/es/") && english ? english : bare;
}
