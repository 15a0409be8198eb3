// What staff do about a delivery that went wrong: send a new courier (a new quote, accepted at once,
// for the order's ready time or now), or, having refunded or taken it on themselves, clear the alarm.
// Each is in the activity log.
import { db } from "../platform/database";
import { Conflict, NotFound, Unavailable } from "../platform/errors";
import { sql } from "../platform/sql";
import { recordActivity, type ActivityActor } from "../audit";
import { activeCourier } from "./courierChoice";
import { courierDeliveryOf, type StoredDelivery } from "./deliveries";
import { dispatchOrder } from "./dispatch";

export async function requestNewCourier(orderId: string, actor: ActivityActor): Promise<StoredDelivery> {
  const courier = activeCourier();
  if (!courier) throw new Unavailable("Courier delivery is not configured (DOORDASH_* settings).");
  const reopened = await db.transaction(async (tx) => {
    const changed = await tx.run(sql`
      UPDATE courier_deliveries SET state = 'to_dispatch', attempts = 0, next_attempt_at = now(), needs_staff = false,
        courier_event = NULL, tracking_url = NULL, driver_name = NULL, last_error = NULL, cancellation_reason = NULL, updated_at = now()
      WHERE order_id = ${orderId} AND state IN ('failed', 'cancelled')`);
    if (changed === 1) await recordActivity(actor, { action: "order.courier", target: orderId }, tx);
    return changed === 1;
  });
  if (!reopened) {
    const current = await courierDeliveryOf(orderId);
    if (!current) throw new NotFound("This order has no courier delivery.");
    throw new Conflict(`The courier delivery is ${current.state.replace("_", " ")}: a new courier is only sent after a cancellation or a failed dispatch.`);
  }
  // The old quote was accepted or ran out: the dispatch asks for a new one and accepts it.
  return (await dispatchOrder(orderId, courier)) ?? (await courierDeliveryOf(orderId))!;
}

/** Staff took it from here (a refund, their own driver): the notice leaves the console. */
export async function acknowledgeCourierProblem(orderId: string, actor: ActivityActor): Promise<void> {
  await db.transaction(async (tx) => {
    const changed = await tx.run(sql`UPDATE courier_deliveries SET needs_staff = false, updated_at = now() WHERE order_id = ${orderId} AND needs_staff`);
    if (changed === 0) throw new Conflict("Nothing is waiting on staff for this delivery.");
    await recordActivity(actor, { action: "order.courier", target: orderId, after: { acknowledged: true } }, tx);
  });
}

/**
 * The order was cancelled by staff: its driver is called off (a delivery not yet sent is simply not
 * sent). DoorDash refuses once a Dasher has the food; then staff are alerted to call it off by phone.
 */
export async function cancelCourierFor(orderId: string): Promise<StoredDelivery | null> {
  const before = await courierDeliveryOf(orderId);
  if (!before || ["cancelled", "delivered", "failed"].includes(before.state)) return before;
  const courier = activeCourier();
  let refusal: string | null = null;
  if (before.state === "dispatched" && courier) {
    try {
      await courier.cancel(before.externalId);
    } catch (error) {
      refusal = error instanceof Error ? error.message : String(error);
    }
  }
  await db.run(sql`
    UPDATE courier_deliveries SET state = 'cancelled', updated_at = now(),
      cancellation_reason = ${refusal ? `the order was cancelled, but DoorDash would not call the driver off (${refusal}): call DoorDash support` : "the order was cancelled by staff"},
      needs_staff = ${refusal !== null}
    WHERE order_id = ${orderId} AND state NOT IN ('cancelled', 'delivered', 'failed')`);
  return courierDeliveryOf(orderId);
}
