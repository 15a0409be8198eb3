// GET /api/admin/golive: the go-live checklist, every outside service checked now (within 10 s);
// POST /api/admin/golive/test-email: a test e-mail to the signed-in owner through the outbox;
// PUT /api/admin/golive/steps/:step { done }: ticks a manual step off. The owner's alone (401/403).
import type { Config, Context } from "@netlify/functions";
import * as z from "../../src/domain/zod";
import { MANUAL_STEPS, type ManualStep } from "../../src/domain/goLive";
import "../../src/server/participants";
import { serverConfig } from "../../src/server/config";
import { NotFound, Unavailable } from "../../src/server/platform/errors";
import { goLiveReport, markStep, sendOwnerTestMail } from "../../src/server/golive";
import { handle, json, methodNotAllowed, readJson } from "../../src/server/platform/http";
import { deliverMailSoon } from "../../src/server/mail";
import { requireOwner } from "../../src/server/staff";

const stepSchema = z.object({ done: z.boolean() });

export default handle(async (req: Request, context: Context) => {
  const actor = await requireOwner(req);
  const { action, step } = context.params;
  if (action === "test-email") {
    if (req.method !== "POST") return methodNotAllowed(["POST"]);
    if (!serverConfig().SMTP_URL) throw new Unavailable("E-mail is not configured (SMTP_URL): the test e-mail would only wait in the outbox.");
    const id = await sendOwnerTestMail({ email: actor.email, name: actor.name });
    deliverMailSoon(context);
    return json({ queued: id, recipient: actor.email }, { status: 202 });
  }
  if (action === "steps") {
    if (!step || !(MANUAL_STEPS as readonly string[]).includes(step)) throw new NotFound("There is no such go-live step.");
    if (req.method !== "PUT") return methodNotAllowed(["PUT"]);
    const { done } = await readJson(req, stepSchema);
    return json({ step, done: await markStep(step as ManualStep, done, actor) });
  }
  if (action) throw new NotFound("There is no such go-live resource.");
  if (req.method !== "GET") return methodNotAllowed(["GET"]);
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host") ?? new URL(req.url).host;
  return json(await goLiveReport(host), { headers: { "cache-control": "no-store" } });
});

export const config: Config = { path: ["/api/admin/golive", "/api/admin/golive/:action", "/api/admin/golive/:action/:step"] };
