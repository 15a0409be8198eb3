// The owner's staff accounts: GET /api/admin/staff lists them; POST /api/admin/staff { name, email, role }
// adds one and answers its one-time set-up link; PATCH /api/admin/staff/:id { name?, role?, disabled? }
// changes one (disabling ends its sessions and every credential at once; re-enabling answers a new set-up
// link, the person's way back in); POST /api/admin/staff/:id/setup-link makes a new link.
// A link is also e-mailed to the person when mail is configured (setupLink.emailed says whether).
import type { Config, Context } from "@netlify/functions";
import { newStaffSchema, staffChangeSchema } from "../../src/domain/staff.schema";
import { db } from "../../src/server/platform/database";
import { Conflict, NotFound } from "../../src/server/platform/errors";
import { handle, json, methodNotAllowed, readJson } from "../../src/server/platform/http";
import { accountById, createAccount, listAccounts, publicAccount, updateAccount } from "../../src/server/staff/accounts";
import { requireOwner } from "../../src/server/staff/guard";
import { createSetupLink } from "../../src/server/staff/setupLinks";
import { deliverMailSoon } from "../../src/server/mail/soon";

export default handle(async (req: Request, context: Context) => {
  const actor = await requireOwner(req);
  const id = context.params?.id;
  if (!id) {
    if (req.method === "GET") return json({ accounts: await listAccounts() });
    if (req.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    const input = await readJson(req, newStaffSchema, 4096);
    const created = await db.transaction(async (tx) => {
      const account = await createAccount(actor, input, tx);
      return { account: publicAccount(account), setupLink: await createSetupLink(actor, account, tx) };
    });
    if (created.setupLink.emailed) deliverMailSoon(context);
    return json(created, { status: 201 });
  }
  if (new URL(req.url).pathname.endsWith("/setup-link")) {
    if (req.method !== "POST") return methodNotAllowed(["POST"]);
    const setupLink = await db.transaction(async (tx) => {
      const account = await accountById(id, tx);
      if (!account) throw new NotFound("No such staff account.");
      if (account.disabled) throw new Conflict("Enable the account before making a set-up link for it.");
      return createSetupLink(actor, account, tx);
    });
    if (setupLink.emailed) deliverMailSoon(context);
    return json({ setupLink }, { status: 201 });
  }
  if (req.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  const change = await readJson(req, staffChangeSchema, 4096);
  const before = await accountById(id);
  if (!before) throw new NotFound("No such staff account.");
  const account = await updateAccount(actor, id, change);
  if (!(before.disabled && change.disabled === false)) return json({ account });
  const setupLink = await db.transaction((tx) => createSetupLink(actor, account, tx));
  if (setupLink.emailed) deliverMailSoon(context);
  return json({ account, setupLink });
});

export const config: Config = { path: ["/api/admin/staff", "/api/admin/staff/:id", "/api/admin/staff/:id/setup-link"] };
