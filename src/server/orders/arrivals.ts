// "I'm here" on a curbside order's page: the diner says they are at the curb. The arrival is recorded
// on our order first (an update of its row, so the staff's live board hears of it at its next poll),
// then sent to Square's POS as the fulfillment's buyer_arrived_at; a POS that cannot be told leaves the
// arrival recorded for the console all the same.
import { arrivalWindowOpen } from "../../domain/orderReadModel";
import { serverNow } from "../env";
import { db } from "../platform/database";
import { NotFound, RuleBroken, said } from "../platform/errors";
import { log } from "../platform/http";
import type { RateLimitRule } from "../platform/rateLimit";
import { sql } from "../platform/sql";
import { sendArrivalToSquare, type PosSync } from "./fulfillment";
import { getOrder, isPaid } from "./records";

/** A diner taps once or twice; a network tapping on many orders' pages is refused past this. */
export const ARRIVAL_RATE_LIMIT: RateLimitRule = { bucket: "order-arrival", limit: 10, windowMs: 60_000 };

const WAITING = new Set(["confirmed", "preparing", "ready"]);

export interface Arrival {
  /** When the diner first said they had arrived (a second tap keeps the first time). */
  arrivedAt: string;
  /** Whether Square's POS was told ("not-square" for an order Square did not take). */
  pos: PosSync;
}

/**
 * Records that the diner of `orderId` (the order page's id) has arrived. Refused (422) for an order that
 * is not curbside, is no longer waiting, or is outside an hour either side of its promised time.
 */
export async function markArrived(orderId: string): Promise<Arrival> {
  const order = await getOrder(orderId);
  if (!order || !isPaid(order)) throw new NotFound(said("order_not_found"));
  if (!order.curbside) throw new RuleBroken(said("arrival_not_curbside"));
  if (!WAITING.has(order.status)) throw new RuleBroken(said("arrival_order_done"));
  const now = serverNow();
  if (!arrivalWindowOpen(order.promisedAt, now)) throw new RuleBroken(said("arrival_not_open"));
  const row = await db.one<{ arrived_at: Date }>(sql`
    UPDATE orders SET arrived_at = coalesce(arrived_at, ${now}) WHERE id = ${orderId} RETURNING arrived_at`);
  const arrivedAt = row!.arrived_at.toISOString();
  if (!order.curbside.arrivedAt) log("info", "a curbside diner has arrived", { orderNumber: order.orderNumber });
  return { arrivedAt, pos: await sendArrivalToSquare(order, arrivedAt) };
}
