// Sign-in links by e-mail: POST /api/account/link { email, name? } sends one (202, the same answer for
// every e-mail, known or not, and past the e-mail's 3 an hour or the site's budget; 429 past the waits per
// network and per e-mail and network) and sets this browser's short-lived asker cookie; POST
// /api/account/link/use { token, confirm? } uses it once: in the browser that asked it signs in (making the
// account when the e-mail has none, its Square customer linked after the answer); anywhere else, or over
// another diner's session, it answers { signedIn: false, confirm: true, email: "a•••@example.com" } and opens
// nothing until it comes again with confirm: true.
import type { Config, Context } from "@netlify/functions";
import { linkRequestSchema, linkTokenSchema } from "../../src/domain/account.schema";
import "../../src/server/participants";
import { handle, json, methodNotAllowed, readJson, requestLocale } from "../../src/server/platform/http";
import { clientAddress } from "../../src/server/platform/rateLimit";
import { assertSameOrigin } from "../../src/server/platform/siteOrigin";
import { deliverMailSoon } from "../../src/server/mail";
import { askerFor, requestSignInLink, signInWithLink, linkSquareCustomer } from "../../src/server/accounts";

export default handle(async (req: Request, context: Context) => {
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  assertSameOrigin(req);
  if (new URL(req.url).pathname.endsWith("/use")) {
    const { token, confirm } = await readJson(req, linkTokenSchema, 4 * 1024);
    const used = await signInWithLink(req, token, confirm === true);
    if (!used.signedIn) return json(used);
    // The Square customer (found by the e-mail the link just proved) is linked after the answer: a slow or busy Square never holds the sign-in.
    if (used.confirmed) context.waitUntil?.(linkSquareCustomer(used.accountId));
    return json({ signedIn: true, created: used.created }, { headers: { "set-cookie": used.cookie } });
  }
  const input = await readJson(req, linkRequestSchema, 4 * 1024);
  const asker = askerFor(req);
  await requestSignInLink(input, clientAddress(req, context.ip), requestLocale(req), asker.hash);
  deliverMailSoon(context);
  return json({ sent: true }, { status: 202, headers: { "set-cookie": asker.cookie } });
});

export const config: Config = {
  path: ["/api/account/link", "/api/account/link/use"],
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
