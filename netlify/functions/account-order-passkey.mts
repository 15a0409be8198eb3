// Saving details at the order confirmation with a passkey, no e-mail first: POST
// /api/account/order-passkey/options { orderId } starts the ceremony (404 when the order is not a paid one of
// the last day, 409 when its e-mail has an account already: the page offers the e-mailed link instead; 429
// past the order's, the network's or the site's budget); POST /api/account/order-passkey { orderId,
// ceremonyId, response, label } makes the account from the order, keeps the passkey, signs this browser in
// (201) and e-mails the link that confirms the e-mail.
import type { Config, Context } from "@netlify/functions";
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { orderPasskeyOptionsSchema, orderPasskeySchema } from "../../src/domain/account.schema";
import "../../src/server/participants";
import { handle, json, methodNotAllowed, readJson, requestLocale } from "../../src/server/platform/http";
import { clientAddress } from "../../src/server/platform/rateLimit";
import { assertSameOrigin } from "../../src/server/platform/siteOrigin";
import { deliverMailSoon } from "../../src/server/mail";
import { orderPasskeyOptions, saveDetailsWithPasskey } from "../../src/server/accounts";

export default handle(async (req: Request, context: Context) => {
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  assertSameOrigin(req);
  if (new URL(req.url).pathname.endsWith("/options")) {
    const { orderId } = await readJson(req, orderPasskeyOptionsSchema, 1024);
    return json(await orderPasskeyOptions(req, orderId, clientAddress(req, context.ip)));
  }
  const { orderId, ceremonyId, response, label } = await readJson(req, orderPasskeySchema, 32 * 1024);
  const saved = await saveDetailsWithPasskey(req, { orderId, ceremonyId, response: response as unknown as RegistrationResponseJSON, label }, requestLocale(req));
  deliverMailSoon(context);
  return json({ saved: true }, { status: 201, headers: { "set-cookie": saved.cookie } });
});

export const config: Config = {
  path: ["/api/account/order-passkey", "/api/account/order-passkey/options"],
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
