// GET /api/square-status: the payment provider's connection status with its label, for the admin console's System tab.
import type { Config } from "@netlify/functions";
import { requireStaff } from "../../src/server/staff/guard";
import { handle, json, methodNotAllowed } from "../../src/server/http";
import { squareStatus } from "../../src/server/square/status";

export default handle(async (req: Request) => {
  await requireStaff(req);
  if (req.method !== "GET") return methodNotAllowed(["GET"]);
  return json(await squareStatus());
});

export const config: Config = { path: "/api/square-status" };
