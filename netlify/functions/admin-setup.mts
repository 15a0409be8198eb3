// The set-up page's calls, made with a one-time link's token instead of a session:
// POST /api/admin/setup/lookup { token } answers whom the link is for; POST /api/admin/setup
// { token, password } sets the person's password and signs them in.
import type { Config } from "@netlify/functions";
import * as z from "../../src/domain/zod";
import { setupPasswordSchema, setupTokenSchema } from "../../src/domain/staff.schema";
import { assertSameOrigin } from "../../src/server/adminSession";
import { handle, json, methodNotAllowed, readJson } from "../../src/server/http";
import { setPasswordWithLink, setupLinkAccount } from "../../src/server/staff/setupLinks";

export default handle(async (req: Request) => {
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  assertSameOrigin(req);
  if (new URL(req.url).pathname.endsWith("/lookup")) {
    const { token } = await readJson(req, z.strictObject({ token: setupTokenSchema }), 1024);
    return json({ account: await setupLinkAccount(token) });
  }
  const { token, password } = await readJson(req, setupPasswordSchema, 4096);
  const { cookie, account } = await setPasswordWithLink(req, token, password);
  return json({ account: { id: account.id, name: account.name, email: account.email, role: account.role } }, { headers: { "set-cookie": cookie } });
});

export const config: Config = { path: ["/api/admin/setup", "/api/admin/setup/lookup"] };
