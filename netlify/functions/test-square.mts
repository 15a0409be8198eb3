// POST /api/test-square: tries Square's locations call and answers { success, locations, error }.
import type { Config } from "@netlify/functions";
import { requireAdmin } from "../../src/server/adminSession";
import { handle, json, methodNotAllowed } from "../../src/server/http";
import { testSquare } from "../../src/server/square/status";

export default handle(async (req: Request) => {
  await requireAdmin(req);
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  return json(await testSquare());
});

export const config: Config = { path: "/api/test-square" };
