// /sitemap.xml: every public page search engines should index, with absolute URLs on the site's
// origin (astro.config.mjs `site`), prerendered at build time. Checkout, confirmation and admin stay out.
import type { APIRoute } from "astro";
import { getCollection } from "astro:content";
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

export const GET: APIRoute = async ({ site }) => {
  if (!site) throw new Error("astro.config.mjs must set `site` for absolute sitemap URLs");
  const urls = (await publicPaths()).map((path) => `  <url><loc>${escapeXml(new URL(path, site).href)}</loc></url>`);
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
};
