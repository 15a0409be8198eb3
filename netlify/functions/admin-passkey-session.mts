// Signing in with a passkey: POST /api/admin/session/passkey/options starts the ceremony; POST
// /api/admin/session/passkey { ceremonyId, response } checks the passkey and opens a session. Password
// failures never hold it back (a passkey cannot be guessed), on a shared guest Wi-Fi too, and it passes the
// second step of a password sign-in; its network is then the account's own.
import type { Config, Context } from "@netlify/functions";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { passkeySignInSchema } from "../../src/domain/staff.schema";
import { adminConfig, signInOptions, signInWithPasskey, rememberNetwork } from "../../src/server/staff";
import { assertSameOrigin } from "../../src/server/platform/siteOrigin";
import { handle, json, methodNotAllowed, readJson } from "../../src/server/platform/http";
import { clientAddress } from "../../src/server/platform/rateLimit";

export default handle(async (req: Request, context: Context) => {
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  assertSameOrigin(req);
  // Closed (503) wherever the console is not configured.
  await adminConfig();
  if (new URL(req.url).pathname.endsWith("/options")) return json(await signInOptions(req));
  const { ceremonyId, response } = await readJson(req, passkeySignInSchema, 32 * 1024);
  const { account, cookie } = await signInWithPasskey(req, ceremonyId, response as unknown as AuthenticationResponseJSON);
  await rememberNetwork(account.id, clientAddress(req, context.ip));
  return json(
    { authenticated: true, account: { id: account.id, name: account.name, email: account.email, role: account.role } },
    { headers: { "set-cookie": cookie } },
  );
});

export const config: Config = {
  path: ["/api/admin/session/passkey", "/api/admin/session/passkey/options"],
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
