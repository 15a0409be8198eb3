// The staff's order board: the orders of a Miami day, and moving a paid order along its flow.
import { statusesBefore } from "../../domain/orderStatusFlow";
import type { OrderStatus } from "../../domain/orderReadModel";
import { db } from "../platform/database";
import { serverNow } from "../env";
import { Conflict, InvalidRequest } from "../platform/errors";
import { sendStatusToSquare } from "./fulfillment";
import { sql } from "../platform/sql";
import { recordActivity, type ActivityActor } from "../audit";
import { finished, statusChanged } from "./lifecycle";
import { getOrder, isPaid, moveStatus, ordersOfDay, type StoredOrder } from "./records";

/**
 * The orders of one Miami day (YYYY-MM-DD), newest first. Paid orders only, unless `includeUnpaid`
 * (pending and declined attempts, for reconciliation).
 */
export async function listOrdersForDay(miamiDate: string, options: { includeUnpaid?: boolean } = {}): Promise<StoredOrder[]> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(miamiDate) || Number.isNaN(Date.parse(miamiDate))) {
    throw new InvalidRequest("The day must be written YYYY-MM-DD.");
  }
  return ordersOfDay(miamiDate, !options.includeUnpaid);
}

/**
 * Moves a paid order to `status` if its flow allows it from the status it has at the moment of the
 * write: one conditional update, so two clicks racing (complete, then cancel) cannot both pass.
 * Then the fulfillment at Square follows. Null when there is no such order. A person's move writes its
 * activity row (the status before and after) in the same transaction.
 */
export async function setOrderStatus(orderId: string, status: OrderStatus, actor?: ActivityActor): Promise<StoredOrder | null> {
  const moved = await db.transaction(async (tx) => {
    const before = await tx.one<{ status: string }>(sql`SELECT status FROM orders WHERE id = ${orderId} FOR UPDATE`);
    const order = before && (await moveStatus(orderId, statusesBefore(status), status, serverNow(), tx));
    if (order && actor) await recordActivity(actor, { action: "order.status", target: orderId, before: { status: before.status }, after: { status } }, tx);
    return order;
  });
  if (moved) {
    // The POS is told too, so it agrees with the console; a failure is kept on the order for staff.
    await sendStatusToSquare(moved, status);
    // The participants hear the move at once (the diner's ready text goes as the tap is answered).
    await statusChanged(moved, status);
    // Handed over: the participants' follow-ups start (points Square kept back while it was open, asked for again).
    if (status === "completed") void finished({ orderId });
    return moved;
  }
  const current = await getOrder(orderId);
  if (!current) return null;
  if (!isPaid(current)) throw new Conflict("This order has not been paid, so its status cannot change.");
  throw new Conflict(`An order that is ${current.status} cannot be moved to ${status}.`);
}
