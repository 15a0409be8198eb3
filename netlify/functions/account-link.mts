// Sign-in links by e-mail: POST /api/account/link { email, name? } sends one (202, the same answer for
// every e-mail, known or not; 429 past the waits per network and per e-mail and network); POST
// /api/account/link/use { token } uses it once: makes the account when the e-mail has none (and links its
// Square customer after the answer), and signs in.
import type { Config, Context } from "@netlify/functions";
import { linkRequestSchema, linkTokenSchema } from "../../src/domain/account.schema";
import "../../src/server/participants";
import { handle, json, methodNotAllowed, readJson, requestLocale } from "../../src/server/platform/http";
import { clientAddress } from "../../src/server/platform/rateLimit";
import { assertSameOrigin } from "../../src/server/platform/siteOrigin";
import { deliverMailSoon } from "../../src/server/mail";
import { requestSignInLink, signInWithLink, linkSquareCustomer } from "../../src/server/accounts";

export default handle(async (req: Request, context: Context) => {
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  assertSameOrigin(req);
  if (new URL(req.url).pathname.endsWith("/use")) {
    const { token } = await readJson(req, linkTokenSchema, 4 * 1024);
    const { cookie, created, accountId } = await signInWithLink(req, token);
    // The Square customer is linked after the answer: a slow or busy Square never holds the sign-in.
    if (created) context.waitUntil?.(linkSquareCustomer(accountId));
    return json({ signedIn: true, created }, { headers: { "set-cookie": cookie } });
  }
  const input = await readJson(req, linkRequestSchema, 4 * 1024);
  await requestSignInLink(input, clientAddress(req, context.ip), requestLocale(req));
  deliverMailSoon(context);
  return json({ sent: true }, { status: 202 });
});

export const config: Config = {
  path: ["/api/account/link", "/api/account/link/use"],
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
