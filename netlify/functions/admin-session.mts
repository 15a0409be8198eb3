// POST /api/admin/session signs in with { email, password }; GET tells who is signed in; DELETE signs out.
// A right password from a stranger's browser after the account's alarm answers 202 with the second step
// ({ secondStep: { challenge, emailed, passkey, expiresAt } }): the e-mailed code goes to
// POST /api/admin/session/code.
import type { Config, Context } from "@netlify/functions";
import * as z from "../../src/domain/zod";
import "../../src/server/participants";
import { assertSameOrigin } from "../../src/server/platform/siteOrigin";
import { Unauthenticated } from "../../src/server/platform/errors";
import { handle, json, methodNotAllowed, readJson } from "../../src/server/platform/http";
import { clientAddress } from "../../src/server/platform/rateLimit";
import { deliverMailSoon } from "../../src/server/mail";
import { actorOf, endSession, signInWithPassword } from "../../src/server/staff";

const signInSchema = z.object({
  // Optional: the set-up sign-in of the first owner sent only the password (scripts and older pages).
  email: z.email("Enter your e-mail address").max(254).optional(),
  password: z.string().min(1, "Enter the password").max(200),
});

export default handle(async (req: Request, context: Context) => {
  if (req.method === "GET") {
    const actor = await actorOf(req);
    if (!actor) throw new Unauthenticated("Not signed in.");
    return json({ authenticated: true, account: { id: actor.accountId, name: actor.name, email: actor.email, role: actor.role } });
  }
  if (req.method === "POST") {
    assertSameOrigin(req);
    const { email, password } = await readJson(req, signInSchema, 4096);
    const outcome = await signInWithPassword(req, clientAddress(req, context.ip), email, password);
    if (outcome.secondStep) {
      deliverMailSoon(context);
      return json({ authenticated: false, secondStep: outcome.secondStep }, { status: 202 });
    }
    const headers = new Headers();
    for (const cookie of outcome.cookies) headers.append("set-cookie", cookie);
    const { actor } = outcome;
    return json({ authenticated: true, account: { id: actor.accountId, name: actor.name, email: actor.email, role: actor.role } }, { headers });
  }
  if (req.method === "DELETE") {
    assertSameOrigin(req);
    const actor = await actorOf(req);
    const cookie = await endSession(req, actor);
    return json({ authenticated: false }, { headers: { "set-cookie": cookie } });
  }
  return methodNotAllowed(["GET", "POST", "DELETE"]);
});

// At the edge, before any function runs: a burst from one client meets 429 there first.
export const config: Config = { path: "/api/admin/session", rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ["ip", "domain"] } };
