// GET /api/loyalty: { enabled: false }, or { enabled: true, tiers: [{ id, points, name }] } in the
// request's language (?lang=es). Square's program decides (src/server/loyalty/program.ts).
import type { Config } from "@netlify/functions";
import { handle, json, urlLocale } from "../../src/server/platform/http";
import { loyaltyAnswer } from "../../src/server/loyalty";

export default handle(async (req: Request) => json(await loyaltyAnswer(urlLocale(req))));

export const config: Config = { path: "/api/loyalty", method: ["GET"] };
