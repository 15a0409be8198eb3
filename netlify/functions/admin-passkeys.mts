// The signed-in person's passkeys: GET /api/admin/passkeys lists them; POST /api/admin/passkeys/options
// starts registering one and POST /api/admin/passkeys { ceremonyId, response, label } stores it (both need
// a session opened in the last 5 minutes, 403 otherwise; the person is told by e-mail);
// DELETE /api/admin/passkeys/:id removes one.
import type { Config, Context } from "@netlify/functions";
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { passkeyRegistrationSchema } from "../../src/domain/staff.schema";
import "../../src/server/participants";
import { handle, json, methodNotAllowed, readJson } from "../../src/server/platform/http";
import { accountById, requireStaff, addOwnPasskey, listPasskeys, registrationOptions, removePasskey, requireFreshProof } from "../../src/server/staff";
import { clientAddress } from "../../src/server/platform/rateLimit";
import { deliverMailSoon } from "../../src/server/mail";

export default handle(async (req: Request, context: Context) => {
  const actor = await requireStaff(req);
  const path = new URL(req.url).pathname;
  const id = context.params?.id;
  if (path.endsWith("/options")) {
    if (req.method !== "POST") return methodNotAllowed(["POST"]);
    await requireFreshProof(actor);
    return json(await registrationOptions(req, (await accountById(actor.accountId))!));
  }
  if (id) {
    if (req.method !== "DELETE") return methodNotAllowed(["DELETE"]);
    await removePasskey(actor, actor, id);
    return json({ removed: true });
  }
  if (req.method === "GET") return json({ passkeys: await listPasskeys(actor.accountId) });
  if (req.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  await requireFreshProof(actor);
  const { ceremonyId, response, label } = await readJson(req, passkeyRegistrationSchema, 32 * 1024);
  const passkey = await addOwnPasskey(req, actor, { ceremonyId, response: response as unknown as RegistrationResponseJSON, label }, clientAddress(req, context.ip));
  deliverMailSoon(context);
  return json({ passkey }, { status: 201 });
});

export const config: Config = { path: ["/api/admin/passkeys", "/api/admin/passkeys/options", "/api/admin/passkeys/:id"] };
