// DELETE /api/account/sessions/:id ends one of the signed-in diner's sessions (listed by GET /api/account),
// e.g. a phone left signed in elsewhere.
import type { Config, Context } from "@netlify/functions";
import { handle, json, methodNotAllowed } from "../../src/server/platform/http";
import { assertSameOrigin } from "../../src/server/platform/siteOrigin";
import { endDinerSessionByHandle, requireDiner } from "../../src/server/accounts";

export default handle(async (req: Request, context: Context) => {
  if (req.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  assertSameOrigin(req);
  const diner = await requireDiner(req);
  await endDinerSessionByHandle(diner, context.params?.id ?? "");
  return json({ ended: 1 });
});

export const config: Config = { path: "/api/account/sessions/:id" };
