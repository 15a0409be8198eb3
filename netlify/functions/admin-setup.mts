// The set-up page's calls, made with a one-time link's token instead of a session:
// POST /api/admin/setup/lookup { token } answers whom the link is for; POST /api/admin/setup
// { token, password } sets the person's password and signs them in; POST /api/admin/setup/passkey/options
// { token } and POST /api/admin/setup/passkey { token, ceremonyId, response, label } register a passkey instead.
// Either ends every other credential of the account and signs it out everywhere (a recovery).
import type { Config, Context } from "@netlify/functions";
import * as z from "../../src/domain/zod";
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { setupPasskeySchema, setupPasswordSchema, setupTokenSchema } from "../../src/domain/staff.schema";
import "../../src/server/participants";
import { assertSameOrigin } from "../../src/server/platform/siteOrigin";
import { handle, json, methodNotAllowed, readJson } from "../../src/server/platform/http";
import { clientAddress } from "../../src/server/platform/rateLimit";
import { deliverMailSoon } from "../../src/server/mail";
import { registerPasskeyWithLink, setPasswordWithLink, setupLinkAccount, setupPasskeyOptions } from "../../src/server/staff";

export default handle(async (req: Request, context: Context) => {
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  assertSameOrigin(req);
  const path = new URL(req.url).pathname;
  if (path.endsWith("/lookup")) {
    const { token } = await readJson(req, z.strictObject({ token: setupTokenSchema }), 1024);
    return json({ account: await setupLinkAccount(token) });
  }
  if (path.endsWith("/passkey/options")) {
    const { token } = await readJson(req, z.strictObject({ token: setupTokenSchema }), 1024);
    return json(await setupPasskeyOptions(req, token));
  }
  if (path.endsWith("/passkey")) {
    const { token, ceremonyId, response, label } = await readJson(req, setupPasskeySchema, 32 * 1024);
    const { cookie, account } = await registerPasskeyWithLink(req, token, { ceremonyId, response: response as unknown as RegistrationResponseJSON, label }, clientAddress(req, context.ip));
    deliverMailSoon(context);
    return json({ account: { id: account.id, name: account.name, email: account.email, role: account.role } }, { headers: { "set-cookie": cookie } });
  }
  const { token, password } = await readJson(req, setupPasswordSchema, 4096);
  const { cookie, account } = await setPasswordWithLink(req, token, password, clientAddress(req, context.ip));
  deliverMailSoon(context);
  return json({ account: { id: account.id, name: account.name, email: account.email, role: account.role } }, { headers: { "set-cookie": cookie } });
});

export const config: Config = { path: ["/api/admin/setup", "/api/admin/setup/lookup", "/api/admin/setup/passkey", "/api/admin/setup/passkey/options"] };
