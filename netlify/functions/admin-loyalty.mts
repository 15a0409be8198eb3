// The owner's loyalty setting: GET /api/admin/loyalty -> { combineWithCodes }; PUT /api/admin/loyalty
// { combineWithCodes } -> the setting saved (in the activity log). Whether a promo code and a loyalty reward
// may go on one order; the default is no.
import type { Config } from "@netlify/functions";
import { loyaltySettingsSchema } from "../../src/domain/loyalty.schema";
import { loyaltySettings, saveLoyaltySettings } from "../../src/server/loyalty/settings";
import { handle, json, methodNotAllowed, readJson } from "../../src/server/platform/http";
import { requireOwner } from "../../src/server/staff/guard";

export default handle(async (req: Request) => {
  const actor = await requireOwner(req);
  if (req.method === "GET") return json(await loyaltySettings());
  if (req.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  return json(await saveLoyaltySettings(await readJson(req, loyaltySettingsSchema, 1024), actor));
});

export const config: Config = { path: "/api/admin/loyalty" };
