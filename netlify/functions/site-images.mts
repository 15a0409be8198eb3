// GET /api/banners and GET /api/gallery: the home page's chosen pictures, cached by the CDN. With
// ?lang=es the banners' titles are the staff's Spanish (the English where they wrote none).
import type { Config } from "@netlify/functions";
import { handle, json, methodNotAllowed, urlLocale } from "../../src/server/platform/http";
import { PUBLIC_CACHE_HEADERS, publicSlots, readStaffSpanish } from "../../src/server/content";

async function bannersIn(spanish: boolean) {
  const banners = await publicSlots("banners");
  if (!spanish) return banners;
  const staff = await readStaffSpanish();
  return banners.map((banner) => ({ ...banner, title: staff.get(`banner:${banner.id}`) || banner.title }));
}

export default handle(async (req: Request) => {
  if (req.method !== "GET") return methodNotAllowed(["GET"]);
  const banners = new URL(req.url).pathname === "/api/banners";
  // The CDN keeps one copy per URL, so the language is the URL's (?lang=es), never a header's.
  const body = banners ? { banners: await bannersIn(urlLocale(req) === "es") } : { images: await publicSlots("gallery") };
  return json(body, { headers: PUBLIC_CACHE_HEADERS });
});

export const config: Config = { path: ["/api/banners", "/api/gallery"] };
