// GET /api/admin/sessions lists the signed-in person's sessions; DELETE ends them all ("sign out
// everywhere", this one included); DELETE /api/admin/sessions/:id ends one.
import type { Config, Context } from "@netlify/functions";
import { adminCookieHeader } from "../../src/server/platform/cookies";
import { requireStaff, endAllSessions, endSessionByHandle, listSessions, SESSION_COOKIE } from "../../src/server/staff";
import { handle, json, methodNotAllowed } from "../../src/server/platform/http";
import { recordActivity } from "../../src/server/audit";
import { db } from "../../src/server/platform/database";

export default handle(async (req: Request, context: Context) => {
  const actor = await requireStaff(req);
  const id = context.params?.id;
  if (req.method === "GET" && !id) return json({ sessions: await listSessions(actor) });
  if (req.method === "DELETE" && id) {
    await endSessionByHandle(actor, id);
    return json({ ended: 1 });
  }
  if (req.method === "DELETE") {
    const ended = await db.transaction(async (tx) => {
      const count = await endAllSessions(actor, tx);
      await recordActivity(actor, { action: "sign-out.everywhere", target: actor.email, before: { sessions: count }, after: { sessions: 0 } }, tx);
      return count;
    });
    return json({ ended }, { headers: { "set-cookie": adminCookieHeader(req, SESSION_COOKIE, "", 0) } });
  }
  return methodNotAllowed(id ? ["DELETE"] : ["GET", "DELETE"]);
});

export const config: Config = { path: ["/api/admin/sessions", "/api/admin/sessions/:id"] };
