// The signed-in diner's account: GET /api/account shows it (e-mail, name, passkeys, sessions; 401 when
// signed out); DELETE /api/account deletes it and our personal data at once, and signs the browser out.
import type { Config } from "@netlify/functions";
import { handle, json, methodNotAllowed } from "../../src/server/platform/http";
import { assertSameOrigin } from "../../src/server/platform/siteOrigin";
import { accountView, deleteAccount } from "../../src/server/accounts/accounts";
import { dinerCookie, requireDiner } from "../../src/server/accounts/sessions";

export default handle(async (req: Request) => {
  if (req.method !== "GET" && req.method !== "DELETE") return methodNotAllowed(["GET", "DELETE"]);
  assertSameOrigin(req);
  const diner = await requireDiner(req);
  if (req.method === "GET") return json(await accountView(diner));
  await deleteAccount(diner);
  return json({ deleted: true }, { headers: { "set-cookie": dinerCookie(req, "", 0) } });
});

export const config: Config = { path: "/api/account" };
