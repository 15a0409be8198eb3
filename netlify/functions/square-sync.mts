// POST /api/square/sync: rebuilds the menu from Square's catalogue; answers { success, error }
// (503 without credentials, 502 when Square fails; the menu is untouched on any failure).
import type { Config } from "@netlify/functions";
import { requireOwner } from "../../src/server/staff";
import { ServiceError, statusOf } from "../../src/server/platform/errors";
import { handle, json, methodNotAllowed } from "../../src/server/platform/http";
import { syncCatalogue } from "../../src/server/square";

export default handle(async (req: Request) => {
  const actor = await requireOwner(req);
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  try {
    const result = await syncCatalogue(actor);
    return json(result);
  } catch (error) {
    if (error instanceof ServiceError) return json({ success: false, error: error.message }, { status: statusOf(error) });
    throw error;
  }
});

export const config: Config = { path: "/api/square/sync" };
