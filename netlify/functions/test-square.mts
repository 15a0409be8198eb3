// POST /api/test-square: tries Square's locations call and answers { success, locations, error }.
import type { Config } from "@netlify/functions";
import { requireOwner } from "../../src/server/staff";
import { handle, json, methodNotAllowed } from "../../src/server/platform/http";
import { testSquare } from "../../src/server/square";

export default handle(async (req: Request) => {
  await requireOwner(req);
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  return json(await testSquare());
});

export const config: Config = { path: "/api/test-square" };
