// GET /api/admin/kitchen: the last 14 days' orders ready by their promise plus 5 minutes, by day and kitchen
// section, and the two weeks they make, for the console (staff and the owner).
import type { Config } from "@netlify/functions";
import { requireStaff } from "../../src/server/staff";
import { handle, json, methodNotAllowed } from "../../src/server/platform/http";
import { kitchenWeeks, ON_TIME_GOAL } from "../../src/server/kitchen";
import { serverNow } from "../../src/server/env";

export default handle(async (req: Request) => {
  await requireStaff(req);
  if (req.method !== "GET") return methodNotAllowed(["GET"]);
  return json({ goal: ON_TIME_GOAL, ...(await kitchenWeeks(serverNow())) }, { headers: { "cache-control": "no-store" } });
});

export const config: Config = { path: "/api/admin/kitchen", method: ["GET"] };
