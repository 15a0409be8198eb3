// The signed-in diner's passkeys: POST /api/account/passkeys/options starts adding one and POST
// /api/account/passkeys { ceremonyId, response, label } stores it (both need a session opened in the last
// 5 minutes, 403 otherwise; the diner is told by e-mail); DELETE /api/account/passkeys/:id removes one (with
// the same fresh proof).
import type { Config, Context } from "@netlify/functions";
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { passkeyRegistrationSchema } from "../../src/domain/account.schema";
import "../../src/server/participants";
import { handle, json, methodNotAllowed, readJson, requestLocale } from "../../src/server/platform/http";
import { assertSameOrigin } from "../../src/server/platform/siteOrigin";
import { deliverMailSoon } from "../../src/server/mail";
import { addDinerPasskey, dinerRegistrationOptions, removeDinerPasskey, requireDiner, requireFreshDinerProof } from "../../src/server/accounts";

export default handle(async (req: Request, context: Context) => {
  assertSameOrigin(req);
  const diner = await requireDiner(req);
  const id = context.params?.id;
  if (id) {
    if (req.method !== "DELETE") return methodNotAllowed(["DELETE"]);
    requireFreshDinerProof(diner, Date.now(), false);
    await removeDinerPasskey(diner, id);
    return json({ removed: true });
  }
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  requireFreshDinerProof(diner);
  if (new URL(req.url).pathname.endsWith("/options")) return json(await dinerRegistrationOptions(req, diner));
  const { ceremonyId, response, label } = await readJson(req, passkeyRegistrationSchema, 32 * 1024);
  const passkey = await addDinerPasskey(req, diner, { ceremonyId, response: response as unknown as RegistrationResponseJSON, label }, requestLocale(req));
  deliverMailSoon(context);
  return json({ passkey }, { status: 201 });
});

export const config: Config = { path: ["/api/account/passkeys", "/api/account/passkeys/options", "/api/account/passkeys/:id"] };
