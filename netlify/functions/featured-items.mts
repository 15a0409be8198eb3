// GET /api/featured-items: { items }, the menu items flagged featured (the home page's cards).
// Only this exact path: featured-item.mts answers /api/featured-items/:id and its sub-paths.
import type { Config } from "@netlify/functions";
import { MENU_CACHE_HEADERS } from "../../src/server/platform/cdnCache";
import { handle, json, urlLocale } from "../../src/server/platform/http";
import { readFeaturedAnswer } from "../../src/server/content";

// In Spanish with ?lang=es: the CDN keeps one copy per URL.
export default handle(async (req: Request) => json(await readFeaturedAnswer(undefined, urlLocale(req)), { headers: MENU_CACHE_HEADERS }));

export const config: Config = { path: "/api/featured-items", method: ["GET"] };
