// The owner's view of how each account signs in: GET /api/admin/staff/:id/credentials answers its
// passkeys (label, added, last used) and whether it has a password; DELETE /api/admin/staff/:id/passkeys/:passkey
// removes a passkey and DELETE /api/admin/staff/:id/password clears the password. From another person's
// account either needs a sign-in of the last 5 minutes (403 "confirm it is you" otherwise), signs that
// account out everywhere and e-mails the person.
import type { Config, Context } from "@netlify/functions";
import "../../src/server/participants";
import { handle, json, methodNotAllowed } from "../../src/server/platform/http";
import { accountCredentials, clearAccountPassword, removeAccountPasskey, requireOwner } from "../../src/server/staff";
import { clientAddress } from "../../src/server/platform/rateLimit";
import { deliverMailSoon } from "../../src/server/mail";

export default handle(async (req: Request, context: Context) => {
  const actor = await requireOwner(req);
  const id = context.params?.id ?? "";
  const passkey = context.params?.passkey;
  const path = new URL(req.url).pathname;
  const origin = { req, address: clientAddress(req, context.ip) };
  if (passkey) {
    if (req.method !== "DELETE") return methodNotAllowed(["DELETE"]);
    await removeAccountPasskey(actor, id, passkey, origin);
    deliverMailSoon(context);
    return json({ removed: true });
  }
  if (path.endsWith("/password")) {
    if (req.method !== "DELETE") return methodNotAllowed(["DELETE"]);
    await clearAccountPassword(actor, id, origin);
    deliverMailSoon(context);
    return json({ cleared: true });
  }
  if (req.method !== "GET") return methodNotAllowed(["GET"]);
  return json(await accountCredentials(id));
});

export const config: Config = { path: ["/api/admin/staff/:id/credentials", "/api/admin/staff/:id/passkeys/:passkey", "/api/admin/staff/:id/password"] };
