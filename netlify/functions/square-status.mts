// GET /api/square-status: the payment provider's connection status with its label, for the admin console's System tab,
// and whether the brake on declined cards is on (a notice on every tab).
import type { Config } from "@netlify/functions";
import { requireStaff } from "../../src/server/staff";
import { handle, json, methodNotAllowed } from "../../src/server/platform/http";
import { squareStatus } from "../../src/server/square";
import { declineBrake } from "../../src/server/payments";

export default handle(async (req: Request) => {
  await requireStaff(req);
  if (req.method !== "GET") return methodNotAllowed(["GET"]);
  // With the brake on declined cards, which every console shows as a notice.
  const [status, brake] = await Promise.all([squareStatus(), declineBrake()]);
  return json({ ...status, declineBrake: brake });
});

export const config: Config = { path: "/api/square-status" };
