// What every .astro component needs to speak the page's language: the locale Astro routed the page to
// (English at the root, Spanish under /es/), its words, and the same site path in that language.
import { asLocale, localizedPath, type Locale } from "../domain/i18n/pagePaths";
import { translator } from "../domain/i18n/translate";
import { layoutWords } from "../domain/i18n/ui/layout";
import { pageWords } from "../domain/i18n/ui/pages";

const words = { ...layoutWords, ...pageWords };

export function pageText(currentLocale: string | undefined) {
  const locale: Locale = asLocale(currentLocale);
  return { locale, t: translator(words, locale), href: (path: string) => localizedPath(locale, path) };
}
