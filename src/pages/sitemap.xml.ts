// /sitemap.xml: every public page search engines should index, with absolute URLs on the site's
// origin (astro.config.mjs `site`), prerendered at build time, each in English and in Spanish with its
// hreflang alternates (both languages and x-default, the English). Checkout, confirmation and admin stay out.
import type { APIRoute } from "astro";
import { getCollection } from "astro:content";
import { LOCALES, localizedPath } from "../domain/i18n/pagePaths";
import { publishedMenu } from "../siteFacts";

export const prerender = true;

/** The public paths: home views, menus and every dish the build published, legal pages and every neighbourhood page. */
async function publicPaths(): Promise<string[]> {
  const sections = await getCollection("sections");
  const areas = await getCollection("areas");
  const sectionIds = new Set<string>(sections.map((entry) => entry.data.id));
  const dishes = (await publishedMenu()).filter((item) => !sectionIds.has(item.slug)).sort((a, b) => a.id - b.id);
  return [
    "/",
    "/about",
    "/gallery",
    "/full-menu",
    "/gift-cards",
    "/catering",
    ...sections.map((entry) => `/menu/${entry.data.id}`),
    ...dishes.map((item) => `/menu/${item.slug}`),
    "/privacy",
    "/terms",
    "/near",
    ...areas.map((entry) => `/near/${entry.data.slug}`),
  ];
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

/** One page's <url> entries: the page in each language, each listing every language's URL and x-default. */
function urlEntries(path: string, site: URL): string[] {
  const href = (locale: (typeof LOCALES)[number]) => escapeXml(new URL(localizedPath(locale, path), site).href);
  const alternates = [
    ...LOCALES.map((locale) => `    <xhtml:link rel="alternate" hreflang="${locale}" href="${href(locale)}"/>`),
    `    <xhtml:link rel="alternate" hreflang="x-default" href="${href("en")}"/>`,
  ].join("\n");
  return LOCALES.map((locale) => `  <url>\n    <loc>${href(locale)}</loc>\n${alternates}\n  </url>`);
}

export const GET: APIRoute = async ({ site }) => {
  if (!site) throw new Error("astro.config.mjs must set `site` for absolute sitemap URLs");
  const urls = (await publicPaths()).flatMap((path) => urlEntries(path, site));
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
};
