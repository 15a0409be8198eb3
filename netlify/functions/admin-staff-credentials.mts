// The owner's view of how each account signs in: GET /api/admin/staff/:id/credentials answers its
// passkeys (label, added, last used) and whether it has a password; DELETE /api/admin/staff/:id/passkeys/:passkey
// removes a passkey and DELETE /api/admin/staff/:id/password clears the password (either signs that
// account out everywhere, unless it is the owner's own).
import type { Config, Context } from "@netlify/functions";
import { handle, json, methodNotAllowed } from "../../src/server/platform/http";
import { accountCredentials, clearAccountPassword, removeAccountPasskey } from "../../src/server/staff/credentials";
import { requireOwner } from "../../src/server/staff/guard";

export default handle(async (req: Request, context: Context) => {
  const actor = await requireOwner(req);
  const id = context.params?.id ?? "";
  const passkey = context.params?.passkey;
  const path = new URL(req.url).pathname;
  if (passkey) {
    if (req.method !== "DELETE") return methodNotAllowed(["DELETE"]);
    await removeAccountPasskey(actor, id, passkey);
    return json({ removed: true });
  }
  if (path.endsWith("/password")) {
    if (req.method !== "DELETE") return methodNotAllowed(["DELETE"]);
    await clearAccountPassword(actor, id);
    return json({ cleared: true });
  }
  if (req.method !== "GET") return methodNotAllowed(["GET"]);
  return json(await accountCredentials(id));
});

export const config: Config = { path: ["/api/admin/staff/:id/credentials", "/api/admin/staff/:id/passkeys/:passkey", "/api/admin/staff/:id/password"] };
