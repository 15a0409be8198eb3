// POST /api/admin/session signs in with { password }; GET tells whether the session is valid; DELETE signs out.
import type { Config, Context } from "@netlify/functions";
import * as z from "../../src/domain/zod";
import { assertSameOrigin, sessionOf, signIn, signOut } from "../../src/server/adminSession";
import { errorResponse, handle, json, methodNotAllowed, readJson } from "../../src/server/http";

const signInSchema = z.object({ password: z.string().min(1, "Enter the password").max(200) });

export default handle(async (req: Request, context: Context) => {
  if (req.method === "GET") {
    return (await sessionOf(req)) ? json({ authenticated: true }) : errorResponse(401, "Not signed in.");
  }
  if (req.method === "POST") {
    assertSameOrigin(req);
    const { password } = await readJson(req, signInSchema, 4096);
    const cookie = await signIn(req, context.ip ?? "", password);
    return json({ authenticated: true }, { headers: { "set-cookie": cookie } });
  }
  if (req.method === "DELETE") {
    assertSameOrigin(req);
    const cookie = await signOut(req);
    return json({ authenticated: false }, { headers: { "set-cookie": cookie } });
  }
  return methodNotAllowed(["GET", "POST", "DELETE"]);
});

// At the edge, before any function runs: a burst from one client meets 429 there first.
export const config: Config = { path: "/api/admin/session", rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ["ip", "domain"] } };
