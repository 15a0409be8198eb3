// The console's catering: GET /api/admin/catering -> { setup, orders } (the trays, the owner's rules and
// the coming 30 days' events, for staff); PUT /api/admin/catering { enabled?, rules?, trays? } -> { setup }
// (the owner). Every change is in the activity log.
import type { Config } from "@netlify/functions";
import { cateringSetupSchema } from "../../src/domain/catering.schema";
import { cateringSetup, changeCatering, upcomingCatering } from "../../src/server/catering";
import { handle, json, methodNotAllowed, readJson } from "../../src/server/platform/http";
import { requireOwner, requireStaff } from "../../src/server/staff";

export default handle(async (req: Request) => {
  if (req.method === "GET") {
    await requireStaff(req);
    return json({ setup: await cateringSetup(), orders: await upcomingCatering() });
  }
  if (req.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const actor = await requireOwner(req);
  return json({ setup: await changeCatering(await readJson(req, cateringSetupSchema), actor) });
});

export const config: Config = { path: "/api/admin/catering", method: ["GET", "PUT"] };
