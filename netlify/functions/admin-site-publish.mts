// GET /api/admin/site-publish: where the staff's last change stands on its way to the prerendered pages
// (pending, build hook called, failed), for the console's notice after a save. Asking also makes a due
// build hook call (src/server/platform/siteRebuild.ts), so it is made on time while the console is open.
import type { Config } from "@netlify/functions";
import { requireStaff } from "../../src/server/staff";
import { fireDueRebuild, siteRebuildStatus } from "../../src/server/platform/siteRebuild";
import { handle, json, methodNotAllowed } from "../../src/server/platform/http";

export default handle(async (req: Request) => {
  await requireStaff(req);
  if (req.method !== "GET") return methodNotAllowed(["GET"]);
  await fireDueRebuild();
  return json(await siteRebuildStatus(), { headers: { "cache-control": "no-store" } });
});

export const config: Config = { path: "/api/admin/site-publish", method: ["GET"] };
