// Signing in with a passkey: POST /api/account/session/options starts the ceremony (the browser offers the
// diner's passkeys in the e-mail field's autofill); POST /api/account/session { ceremonyId, response }
// checks the passkey and opens a session; DELETE /api/account/session signs this browser out.
import type { Config } from "@netlify/functions";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { passkeySignInSchema } from "../../src/domain/account.schema";
import { handle, json, methodNotAllowed, readJson } from "../../src/server/platform/http";
import { assertSameOrigin } from "../../src/server/platform/siteOrigin";
import { dinerSignInOptions, signInDinerWithPasskey, endDinerSession } from "../../src/server/accounts";

export default handle(async (req: Request) => {
  assertSameOrigin(req);
  const options = new URL(req.url).pathname.endsWith("/options");
  if (req.method === "DELETE" && !options) return json({ signedIn: false }, { headers: { "set-cookie": await endDinerSession(req) } });
  if (req.method !== "POST") return methodNotAllowed(options ? ["POST"] : ["POST", "DELETE"]);
  if (options) return json(await dinerSignInOptions(req));
  const { ceremonyId, response } = await readJson(req, passkeySignInSchema, 32 * 1024);
  const { cookie } = await signInDinerWithPasskey(req, ceremonyId, response as unknown as AuthenticationResponseJSON);
  return json({ signedIn: true }, { headers: { "set-cookie": cookie } });
});

export const config: Config = {
  path: ["/api/account/session", "/api/account/session/options"],
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
