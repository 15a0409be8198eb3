// POST /api/admin/session/code { challenge, code }: the second step of a sign-in, with the 6-digit code
// e-mailed after the right password (src/server/staff/signInCodes.ts). Opens the session as the password would have.
import type { Config, Context } from "@netlify/functions";
import * as z from "../../src/domain/zod";
import { assertSameOrigin } from "../../src/server/platform/siteOrigin";
import { handle, json, methodNotAllowed, readJson } from "../../src/server/platform/http";
import { clientAddress } from "../../src/server/platform/rateLimit";
import { finishSecondStep } from "../../src/server/staff";

const codeSchema = z.object({
  challenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/, "Sign in with your password again"),
  // Spaces a person types or a mail app copies are not part of the code.
  code: z.string().transform((text) => text.replace(/\s/g, "")).pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from the e-mail")),
});

export default handle(async (req: Request, context: Context) => {
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  assertSameOrigin(req);
  const { challenge, code } = await readJson(req, codeSchema, 1024);
  const { actor, cookies } = await finishSecondStep(req, clientAddress(req, context.ip), challenge, code);
  const headers = new Headers();
  for (const cookie of cookies) headers.append("set-cookie", cookie);
  return json({ authenticated: true, account: { id: actor.accountId, name: actor.name, email: actor.email, role: actor.role } }, { headers });
});

export const config: Config = { path: "/api/admin/session/code", rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ["ip", "domain"] } };
