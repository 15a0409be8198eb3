// GET /api/orders/:id: one order as the customer sees it (README "GET /api/orders/{orderId}"), no payment ids.
import type { Config, Context } from "@netlify/functions";
import { errorResponse, handle, json, methodNotAllowed } from "../../src/server/http";
import { getOrderView } from "../../src/server/orders/views";

export default handle(async (req: Request, context: Context) => {
  if (req.method !== "GET") return methodNotAllowed(["GET"]);
  const order = await getOrderView(context.params.id ?? "");
  if (!order) return errorResponse(404, "We could not find that order.");
  return json(order);
});

export const config: Config = { path: "/api/orders/:id", method: ["GET"] };
