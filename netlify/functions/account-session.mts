// GET /api/account/session: who this browser is signed in as, for the static pages' first screen ({ signedIn:
// false }, or the diner's name and last orders; never a 401, so a guest's visit logs no error). Signing in
// with a passkey: POST /api/account/session/options starts the ceremony (the browser offers the diner's
// passkeys in the e-mail field's autofill); POST /api/account/session { ceremonyId, response }
// checks the passkey and opens a session; DELETE /api/account/session signs this browser out.
import type { Config } from "@netlify/functions";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { passkeySignInSchema } from "../../src/domain/account.schema";
import { handle, json, methodNotAllowed, readJson, requestLocale } from "../../src/server/platform/http";
import { assertSameOrigin } from "../../src/server/platform/siteOrigin";
import { dinerOf, dinerSignInOptions, endDinerSession, orderHistory, signInDinerWithPasskey } from "../../src/server/accounts";

/** The orders the home page's welcome offers again. */
const WELCOME_ORDERS = 3;

export default handle(async (req: Request) => {
  assertSameOrigin(req);
  const options = new URL(req.url).pathname.endsWith("/options");
  if (req.method === "GET" && !options) {
    const diner = await dinerOf(req);
    const headers = { "cache-control": "private, no-store" };
    if (!diner) return json({ signedIn: false }, { headers });
    return json({ signedIn: true, name: diner.name, orders: await orderHistory(diner, requestLocale(req), WELCOME_ORDERS) }, { headers });
  }
  if (req.method === "DELETE" && !options) return json({ signedIn: false }, { headers: { "set-cookie": await endDinerSession(req) } });
  if (req.method !== "POST") return methodNotAllowed(options ? ["POST"] : ["GET", "POST", "DELETE"]);
  if (options) return json(await dinerSignInOptions(req));
  const { ceremonyId, response } = await readJson(req, passkeySignInSchema, 32 * 1024);
  const { cookie } = await signInDinerWithPasskey(req, ceremonyId, response as unknown as AuthenticationResponseJSON);
  return json({ signedIn: true }, { headers: { "set-cookie": cookie } });
});

export const config: Config = {
  path: ["/api/account/session", "/api/account/session/options"],
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
