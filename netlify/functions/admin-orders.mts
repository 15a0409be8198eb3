// GET /api/admin/orders: today's paid orders (Miami date, or ?date=YYYY-MM-DD), newest first,
// optionally ?status=...; PATCH /api/admin/orders/:id moves one along with { status }.
import type { Config, Context } from "@netlify/functions";
import { z } from "zod";
import { restaurantTime } from "../../src/domain/hours";
import { ORDER_STATUSES } from "../../src/domain/order";
import { isAllowedTransition } from "../../src/domain/orderFlow";
import { requireAdmin } from "../../src/server/adminSession";
import { serverNow } from "../../src/server/env";
import { HttpError, errorResponse, handle, json, methodNotAllowed, readJson } from "../../src/server/http";
import { getOrder, listOrdersForDay, setOrderStatus, toOrderView } from "../../src/server/orders";

const statusSchema = z.object({ status: z.enum(ORDER_STATUSES) });

export default handle(async (req: Request, context: Context) => {
  await requireAdmin(req);
  const id = context.params.id;
  if (!id) {
    if (req.method !== "GET") return methodNotAllowed(["GET"]);
    const query = new URL(req.url).searchParams;
    const date = query.get("date") ?? restaurantTime(serverNow()).date;
    const status = query.get("status");
    const orders = (await listOrdersForDay(date)).map(toOrderView);
    return json({ date, orders: status ? orders.filter((order) => order.status === status) : orders });
  }
  if (req.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  const { status } = await readJson(req, statusSchema);
  const current = await getOrder(id);
  if (!current) return errorResponse(404, "There is no such order.");
  if (!isAllowedTransition(current.status, status)) {
    throw new HttpError(409, `An order that is ${current.status} cannot be moved to ${status}.`);
  }
  const updated = await setOrderStatus(id, status);
  return updated ? json(toOrderView(updated)) : errorResponse(404, "There is no such order.");
});

export const config: Config = { path: ["/api/admin/orders", "/api/admin/orders/:id"] };
