// The signed-in diner's account: GET /api/account shows it (e-mail, name, passkeys, sessions; 401 when
// signed out); PATCH /api/account { name, phone } changes the diner's name and phone; DELETE /api/account
// deletes it and our personal data at once, and signs the browser out. Changing the phone and deleting need
// a sign-in of the last 5 minutes (403 with a sentence telling the diner to sign in again).
import type { Config } from "@netlify/functions";
import { profileSchema } from "../../src/domain/account.schema";
import { handle, json, methodNotAllowed, readJson } from "../../src/server/platform/http";
import { assertSameOrigin } from "../../src/server/platform/siteOrigin";
import { accountView, deleteAccount, updateProfile, dinerCookie, requireDiner, requireFreshDinerProof } from "../../src/server/accounts";

export default handle(async (req: Request) => {
  if (!["GET", "PATCH", "DELETE"].includes(req.method)) return methodNotAllowed(["GET", "PATCH", "DELETE"]);
  assertSameOrigin(req);
  const diner = await requireDiner(req);
  if (req.method === "GET") return json(await accountView(diner));
  if (req.method === "PATCH") return json({ account: await updateProfile(diner, await readJson(req, profileSchema, 4 * 1024)) });
  requireFreshDinerProof(diner, Date.now(), false);
  await deleteAccount(diner);
  return json({ deleted: true }, { headers: { "set-cookie": dinerCookie(req, "", 0) } });
});

export const config: Config = { path: "/api/account" };
