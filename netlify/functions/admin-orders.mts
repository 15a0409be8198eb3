// GET /api/admin/orders?upcoming: paid orders not yet done, by promised time.
// GET /api/admin/orders: today's paid orders (Miami date, or ?date=YYYY-MM-DD), newest first,
// optionally ?status=...; PATCH /api/admin/orders/:id moves one along with { status }.
// GET /api/admin/orders?attention[&olderThanMinutes=5]: orders left pending, with what is known;
// POST /api/admin/orders/:id/reconcile asks the payment provider and confirms the order if it was charged;
// POST /api/admin/orders/:id/release does the same, and ends an order that was not charged, freeing its slot.
import type { Config, Context } from "@netlify/functions";
import * as z from "../../src/domain/zod";
import { restaurantTime } from "../../src/domain/hours";
import { ORDER_STATUSES } from "../../src/domain/orderRequest.schema";
import "../../src/server/participants";
import { requireStaff } from "../../src/server/staff";
import { serverNow } from "../../src/server/env";
import { InvalidRequest, NotFound } from "../../src/server/platform/errors";
import { handle, json, methodNotAllowed, readJson } from "../../src/server/platform/http";
import { deliverMailSoon } from "../../src/server/mail";
import { listOrdersNeedingAttention, reconcileOrder, listOrdersForDay, setOrderStatus, ordersPromisedFrom, toAttentionView, staffSummaries, staffViews } from "../../src/server/orders";
import { cancelCourierFor } from "../../src/server/delivery";

const statusSchema = z.object({ status: z.enum(ORDER_STATUSES) });
const olderThanSchema = z.coerce.number().int().min(0).max(7 * 24 * 60).default(5);

export default handle(async (req: Request, context: Context) => {
  const actor = await requireStaff(req);
  const id = context.params.id;
  if (!id) {
    if (req.method !== "GET") return methodNotAllowed(["GET"]);
    const query = new URL(req.url).searchParams;
    if (query.has("attention")) {
      const minutes = olderThanSchema.safeParse(query.get("olderThanMinutes") ?? undefined);
      if (!minutes.success) throw new InvalidRequest("olderThanMinutes must be a whole number of minutes.");
      const now = serverNow();
      const pending = await listOrdersNeedingAttention({ olderThanMinutes: minutes.data, now });
      return json({ olderThanMinutes: minutes.data, orders: pending.map((order) => toAttentionView(order, now)) });
    }
    if (query.has("upcoming")) {
      // What the kitchen has to make next, by promised time (an hour back: late ones stay in sight).
      const upcoming = await ordersPromisedFrom(new Date(serverNow().getTime() - 3_600_000));
      return json({ orders: await staffSummaries(upcoming) });
    }
    const date = query.get("date") ?? restaurantTime(serverNow()).date;
    const status = query.get("status");
    const stored = (await listOrdersForDay(date)).filter((order) => !status || order.status === status);
    // With their refunds and whether the POS got the last status set here.
    return json({ date, orders: await staffViews(stored) });
  }
  const action = /\/(reconcile|release)$/.exec(new URL(req.url).pathname)?.[1];
  if (action) {
    if (req.method !== "POST") return methodNotAllowed(["POST"]);
    const { outcome, order } = await reconcileOrder(id, undefined, { release: action === "release" ? "now" : "never", actor });
    deliverMailSoon(context);
    return json({ outcome, order: order.status === "pending" ? toAttentionView(order) : (await staffSummaries([order]))[0] });
  }
  if (req.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  const { status } = await readJson(req, statusSchema);
  const updated = await setOrderStatus(id, status, actor);
  if (!updated) throw new NotFound("There is no such order.");
  // A cancelled order's driver is called off.
  if (updated.status === "cancelled") await cancelCourierFor(id);
  deliverMailSoon(context);
  const [view] = await staffViews([updated]);
  return json(view);
});

export const config: Config = {
  path: ["/api/admin/orders", "/api/admin/orders/:id", "/api/admin/orders/:id/reconcile", "/api/admin/orders/:id/release"],
};
