// GET /api/account/orders: the signed-in diner's orders, newest first, in the request's language (401 signed out).
import type { Config } from "@netlify/functions";
import { handle, json, methodNotAllowed, requestLocale } from "../../src/server/platform/http";
import { orderHistory } from "../../src/server/accounts/orderHistory";
import { requireDiner } from "../../src/server/accounts/sessions";

export default handle(async (req: Request) => {
  if (req.method !== "GET") return methodNotAllowed(["GET"]);
  const diner = await requireDiner(req);
  return json({ orders: await orderHistory(diner, requestLocale(req)) });
});

export const config: Config = { path: "/api/account/orders" };
