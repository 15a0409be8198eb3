// GET /api/menu: every menu item grouped by section, each section with its days, hours and whether
// it is open now in Miami. Cacheable by the CDN for a short while (see src/server/cdnCache.ts).
import type { Config } from "@netlify/functions";
import { MENU_CACHE_HEADERS } from "../../src/server/cdnCache";
import { handle, json } from "../../src/server/http";
import { readMenuAnswer } from "../../src/server/menuView";

export default handle(async () => json(await readMenuAnswer(), { headers: MENU_CACHE_HEADERS }));

export const config: Config = { path: "/api/menu", method: ["GET"] };
