// GET /api/orders/:id: one order as the customer sees it (docs/api.md), no payment ids.
import type { Config, Context } from "@netlify/functions";
import { NotFound, said } from "../../src/server/platform/errors";
import { handle, json, methodNotAllowed, requestLocale } from "../../src/server/platform/http";
import "../../src/server/participants";
import { getOrderView } from "../../src/server/orders";

export default handle(async (req: Request, context: Context) => {
  if (req.method !== "GET") return methodNotAllowed(["GET"]);
  // Its promised time in the reader's language; the dishes as the restaurant names them.
  const order = await getOrderView(context.params.id ?? "", requestLocale(req));
  if (!order) throw new NotFound(said("order_not_found"));
  return json(order);
});

export const config: Config = { path: "/api/orders/:id", method: ["GET"] };
