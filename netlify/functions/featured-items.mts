// GET /api/featured-items: { items }, the menu items flagged featured (the home page's cards).
// Only this exact path: featured-item.mts answers /api/featured-items/:id and its sub-paths.
import type { Config } from "@netlify/functions";
import { MENU_CACHE_HEADERS } from "../../src/server/cdnCache";
import { handle, json } from "../../src/server/http";
import { readFeaturedAnswer } from "../../src/server/menuView";

export default handle(async () => json(await readFeaturedAnswer(), { headers: MENU_CACHE_HEADERS }));

export const config: Config = { path: "/api/featured-items", method: ["GET"] };
