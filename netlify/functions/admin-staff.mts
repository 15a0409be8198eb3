// The owner's staff accounts: GET /api/admin/staff lists them; POST /api/admin/staff { name, email, role }
// adds one and answers its one-time set-up link; PATCH /api/admin/staff/:id { name?, role?, disabled? }
// changes one (disabling ends its sessions and every credential at once; re-enabling answers a new set-up
// link, the person's way back in); POST /api/admin/staff/:id/setup-link makes a new link.
// Every hand-over (a link, a new owner, a role changed, an owner disabled, an account re-enabled) needs a
// sign-in of the last 5 minutes: 403 "confirm it is you" otherwise. A link is also e-mailed to the person
// when mail is configured (setupLink.emailed says whether); an owner's only by e-mail (its path is null).
import type { Config, Context } from "@netlify/functions";
import { newStaffSchema, staffChangeSchema } from "../../src/domain/staff.schema";
import "../../src/server/participants";
import { handle, json, methodNotAllowed, readJson } from "../../src/server/platform/http";
import { clientAddress } from "../../src/server/platform/rateLimit";
import { listAccounts, requireOwner, addPerson, changeAccount, makeSetupLink } from "../../src/server/staff";
import { deliverMailSoon } from "../../src/server/mail";

export default handle(async (req: Request, context: Context) => {
  const actor = await requireOwner(req);
  const id = context.params?.id;
  const origin = { req, address: clientAddress(req, context.ip) };
  if (!id) {
    if (req.method === "GET") return json({ accounts: await listAccounts() });
    if (req.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    const created = await addPerson(actor, await readJson(req, newStaffSchema, 4096), origin);
    deliverMailSoon(context);
    return json(created, { status: 201 });
  }
  if (new URL(req.url).pathname.endsWith("/setup-link")) {
    if (req.method !== "POST") return methodNotAllowed(["POST"]);
    const setupLink = await makeSetupLink(actor, id);
    if (setupLink.emailed) deliverMailSoon(context);
    return json({ setupLink }, { status: 201 });
  }
  if (req.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  const changed = await changeAccount(actor, id, await readJson(req, staffChangeSchema, 4096), origin);
  deliverMailSoon(context);
  return json(changed);
});

export const config: Config = { path: ["/api/admin/staff", "/api/admin/staff/:id", "/api/admin/staff/:id/setup-link"] };
