// GET /api/menu: every menu item grouped by section, each section with its days, hours and whether
// it is open now in Miami. Cacheable by the CDN for a short while (see src/server/platform/cdnCache.ts).
import type { Config } from "@netlify/functions";
import { MENU_CACHE_HEADERS } from "../../src/server/platform/cdnCache";
import { handle, json, urlLocale } from "../../src/server/platform/http";
import { readMenuAnswer } from "../../src/server/content";

// In Spanish with ?lang=es: the CDN keeps one copy per URL.
export default handle(async (req: Request) => json(await readMenuAnswer(undefined, urlLocale(req)), { headers: MENU_CACHE_HEADERS }));

export const config: Config = { path: "/api/menu", method: ["GET"] };
