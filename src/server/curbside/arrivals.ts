// "I'm here" on a curbside order's page: the diner says they are at the curb. The arrival is recorded
// first (with a change noted on the order, so the staff's live board hears of it at its next poll), then
// sent to Square's POS as the fulfillment's buyer_arrived_at; a POS that cannot be told leaves the
// arrival recorded for the console all the same.
import { arrivalWindowOpen } from "../../domain/orderReadModel";
import { serverNow } from "../env";
import { getOrder, isPaid, noteOrderChanged, type PosSync, type StoredOrder } from "../orders";
import { db } from "../platform/database";
import { NotFound, RuleBroken, said } from "../platform/errors";
import { log } from "../platform/http";
import type { RateLimitRule } from "../platform/rateLimit";
import { describeSquareFailure, squareClient, squareConfig, squareSdk, updateFulfillment } from "../platform/squareClient";
import { noteArrival, pickupOfOrder } from "./pickups";

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
  const pickup = await pickupOfOrder(orderId);
  if (!pickup) throw new RuleBroken(said("arrival_not_curbside"));
  if (!WAITING.has(order.status)) throw new RuleBroken(said("arrival_order_done"));
  const now = serverNow();
  if (!arrivalWindowOpen(order.promisedAt, now)) throw new RuleBroken(said("arrival_not_open"));
  const arrivedAt = await db.transaction(async (tx) => {
    const at = await noteArrival(tx, orderId, now);
    await noteOrderChanged(tx, orderId);
    return at;
  });
  if (!pickup.arrivedAt) log("info", "a curbside diner has arrived", { orderNumber: order.orderNumber });
  return { arrivedAt, pos: await sendArrivalToSquare(order, arrivedAt) };
}

/**
 * Tells Square's POS the diner of a curbside order has arrived: curbside_pickup_details.buyer_arrived_at
 * on its fulfillment, as a sparse update naming the order's current version; read again and retried once
 * when staff changed the order in between (VERSION_MISMATCH,
 * developer.squareup.com/reference/square/orders-api/update-order). Never throws: a failure is logged by
 * order number and the arrival stays recorded here for the console.
 */
async function sendArrivalToSquare(order: StoredOrder, arrivedAt: string): Promise<PosSync> {
  const squareOrderId = order.payment.providerOrderId;
  if (order.payment.provider !== "square" || !squareOrderId) return "not-square";
  const config = squareConfig();
  if (!config) return "failed";
  try {
    const client = await squareClient("sync", config);
    // Told once: a POS that shows the arrival already is left alone.
    await updateFulfillment(client, config, squareOrderId, (fulfillment) =>
      fulfillment.pickupDetails?.curbsidePickupDetails?.buyerArrivedAt ? null : { pickupDetails: { curbsidePickupDetails: { buyerArrivedAt: arrivedAt } } },
    );
    return "sent";
  } catch (error) {
    const message = describeSquareFailure(error, await squareSdk());
    log("warn", "a curbside arrival did not reach the POS", { orderNumber: order.orderNumber, message });
    return "failed";
  }
}
