// GET /api/account/orders: the signed-in diner's orders, newest first, in the request's language (401 signed
// out). GET /api/account/orders/:id/reorder: that order rebuilt against today's menu for "Order again" (the
// cart's lines at today's prices, what was left out and why, a later time when a kitchen is closed now).
import type { Config, Context } from "@netlify/functions";
import { handle, json, methodNotAllowed, requestLocale } from "../../src/server/platform/http";
import { orderHistory, reorder, requireDiner } from "../../src/server/accounts";

export default handle(async (req: Request, context: Context) => {
  if (req.method !== "GET") return methodNotAllowed(["GET"]);
  const diner = await requireDiner(req);
  const id = context.params?.id;
  const headers = { "cache-control": "private, no-store" };
  if (id) return json(await reorder(diner, id, requestLocale(req)), { headers });
  return json({ orders: await orderHistory(diner, requestLocale(req)) }, { headers });
});

export const config: Config = { path: ["/api/account/orders", "/api/account/orders/:id/reorder"] };
