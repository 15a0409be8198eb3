// The site's two languages: English at the root, Spanish under /es/ (astro.config.mjs `i18n`). Pure
// functions shared by pages, islands and functions: which language a path or a request is in, and the
// same page's path in the other language.

export const LOCALES = ["en", "es"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** The language tag dates, times and prices are formatted with (Miami's Spanish is es-US: $, 12-hour clock). */
export const INTL_LOCALE: Record<Locale, string> = { en: "en-US", es: "es-US" };

/** Each language's own name, as the language switch shows it. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: "English", es: "Español" };

export function isLocale(value: unknown): value is Locale {
  return value === "en" || value === "es";
}

/** The language of a site path: Spanish under /es, English elsewhere. */
export function localeOfPath(pathname: string): Locale {
  return pathname === "/es" || pathname.startsWith("/es/") ? "es" : "en";
}

/** A path without its language prefix: "/es/full-menu" -> "/full-menu", "/es" -> "/". */
export function pathWithoutLocale(pathname: string): string {
  if (pathname === "/es" || pathname === "/es/") return "/";
  return pathname.startsWith("/es/") ? pathname.slice(3) : pathname;
}

/**
 * A site path in a language: "/full-menu" -> "/es/full-menu", "/" -> "/es", "/#menu" -> "/es#menu".
 * Anchors on the same page ("#menu"), other origins and the API stay as they are.
 */
export function localizedPath(locale: Locale, path: string): string {
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/api/")) return path;
  const [pathname = "/", rest = ""] = splitSuffix(path);
  const bare = pathWithoutLocale(pathname);
  if (locale === DEFAULT_LOCALE) return bare + rest;
  return (bare === "/" ? "/es" : `/es${bare}`) + rest;
}

/** An order's page: "/order-confirmation/{id}", in Spanish at its own address "/es/confirmacion-de-pedido/{id}". */
export function orderPagePath(locale: Locale, orderId: string): string {
  const id = encodeURIComponent(orderId);
  return locale === "es" ? `/es/confirmacion-de-pedido/${id}` : `/order-confirmation/${id}`;
}

function splitSuffix(path: string): [string, string] {
  const cut = path.search(/[?#]/);
  return cut === -1 ? [path, ""] : [path.slice(0, cut), path.slice(cut)];
}

/**
 * The language a request asks for: the site's own `X-Site-Locale` header (sent by our pages), else the
 * first of Accept-Language's languages we speak, by its q weight; English when none.
 */
export function localeOfRequest(headers: Headers): Locale {
  const own = headers.get("x-site-locale");
  if (isLocale(own)) return own;
  const accepted = (headers.get("accept-language") ?? "")
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = Number(params.find((p) => p.trim().startsWith("q="))?.trim().slice(2) ?? 1);
      return { language: tag.trim().toLowerCase().split("-")[0], q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { language } of accepted) if (isLocale(language)) return language;
  return DEFAULT_LOCALE;
}

/** Astro's `currentLocale` (or any string) as one of ours; English when it is not one. */
export function asLocale(value: string | undefined | null): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}
