// PUT /api/admin/password { password }: the signed-in person sets a new password. It needs a session
// opened in the last 5 minutes (403 otherwise: sign in again); the account's other sessions end and the
// person is told by e-mail.
import type { Config, Context } from "@netlify/functions";
import * as z from "../../src/domain/zod";
import "../../src/server/participants";
import { handle, json, methodNotAllowed, readJson } from "../../src/server/platform/http";
import { deliverMailSoon } from "../../src/server/mail";
import { clientAddress } from "../../src/server/platform/rateLimit";
import { changeOwnPassword, requireStaff, requireFreshProof } from "../../src/server/staff";

const newPasswordSchema = z.strictObject({ password: z.string().min(1, "Enter a password").max(200) });

export default handle(async (req: Request, context: Context) => {
  const actor = await requireStaff(req);
  if (req.method !== "PUT") return methodNotAllowed(["PUT"]);
  await requireFreshProof(actor);
  const { password } = await readJson(req, newPasswordSchema, 4096);
  await changeOwnPassword(req, actor, password, clientAddress(req, context.ip));
  deliverMailSoon(context);
  return json({ changed: true });
});

export const config: Config = { path: "/api/admin/password" };
