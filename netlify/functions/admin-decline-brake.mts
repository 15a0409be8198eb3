// GET /api/admin/decline-brake: the brake on declined cards, null when off, else since and until when, the
// bank declines in its window and the networks they came from (a short hash each: no address is kept);
// DELETE /api/admin/decline-brake: the owner turns it off (logged in the activity log), 409 when it is off.
import type { Config } from "@netlify/functions";
import { declineBrake, releaseDeclineBrake } from "../../src/server/payments";
import { Conflict } from "../../src/server/platform/errors";
import { handle, json, methodNotAllowed } from "../../src/server/platform/http";
import { requireStaff } from "../../src/server/staff";

export default handle(async (req: Request) => {
  if (req.method === "GET") {
    await requireStaff(req);
    return json({ declineBrake: await declineBrake() });
  }
  if (req.method !== "DELETE") return methodNotAllowed(["GET", "DELETE"]);
  // Letting card payments through without the bank's check is the owner's call.
  const actor = await requireStaff(req, "owner");
  if (!(await releaseDeclineBrake(actor))) throw new Conflict("The brake on declined cards is already off.");
  return json({ declineBrake: null });
});

export const config: Config = { path: "/api/admin/decline-brake", method: ["GET", "DELETE"] };
