// Reconciliation: finishes an order whose charge may have happened without its confirmation being
// stored (a timeout, an unreadable answer, the database failing after the charge) by asking the
// provider, and ends the holds of attempts that never charged, so their kitchen slots are free again.
// It never charges.
import { db } from "../platform/database";
import { NotFound } from "../platform/errors";
import { serverNow } from "../env";
import { log } from "../platform/http";
import { paymentGateway, type ChargeLookup, type PaymentGateway } from "../payments";
import { chargeRequestOf, confirmCharge } from "./payment";
import { noteCheckedNoCharge, releaseUnpaid } from "./charges";
import { RELEASED_NO_CHARGE } from "./payment";
import { failedWithProviderOrderSince, getOrder, isPaid, pendingSince, type StoredOrder } from "./records";
import { recordActivity, type ActivityActor } from "../audit";

export type ReconcileOutcome = "confirmed" | "already-paid" | "not-charged" | "released";

/** A pending order the provider holds no charge for keeps its slot's room this long, then gives it back. */
export const HOLD_MINUTES = 15;

/** How long an order released after a failure without a verdict is still asked about (a charge completing late). */
export const RECENT_FAILURE_HOURS = 2;

/**
 * Asks the gateway whether the order's attempt charged the card, and confirms the order if it did.
 * Throws NotFound for an unknown order and ProviderUnavailable when the provider cannot tell now.
 * Asked by a person (`actor`), a confirmation or a release writes its activity row in its own transaction.
 */
export async function reconcileOrder(
  orderId: string,
  gateway?: PaymentGateway,
  options: { release?: "now" | "when-old" | "never"; now?: Date; actor?: ActivityActor } = {},
): Promise<{ outcome: ReconcileOutcome; order: StoredOrder }> {
  const { actor } = options;
  const order = await getOrder(orderId);
  if (!order) throw new NotFound("There is no such order.");
  if (isPaid(order)) return { outcome: "already-paid", order };
  // Ended without a charge: only one that reached the provider can have been charged since (a charge
  // completing after a timeout), and then it is confirmed.
  if (order.status === "payment_failed" && !order.payment.providerOrderId) return { outcome: "not-charged", order };
  const { sourceId: _unused, ...lookup } = chargeRequestOf(order, "");
  const result = await (gateway ?? (await paymentGateway())).findCharge(lookup satisfies ChargeLookup);
  if (result) {
    const confirmed = await confirmCharge(order, result, undefined, actor);
    log("warn", "pending order reconciled: the charge was found and the order confirmed", { orderNumber: order.orderNumber });
    return { outcome: "confirmed", order: confirmed };
  }
  if (order.status === "payment_failed") return { outcome: "not-charged", order };
  const release = options.release ?? "never";
  const now = options.now ?? serverNow();
  const old = Date.parse(order.updatedAt) <= now.getTime() - HOLD_MINUTES * 60_000;
  if (release === "now" || (release === "when-old" && old)) {
    const released = actor
      ? await db.transaction(async (tx) => {
          const ended = await releaseUnpaid(orderId, RELEASED_NO_CHARGE, now, tx);
          if (ended) await recordActivity(actor, { action: "order.release", target: orderId, before: { status: order.status }, after: { status: ended.status } }, tx);
          return ended;
        })
      : await releaseUnpaid(orderId, RELEASED_NO_CHARGE, now);
    if (released) {
      log("warn", "pending order released: the provider holds no charge for it", { orderNumber: order.orderNumber });
      return { outcome: "released", order: released };
    }
  }
  const checked = (await noteCheckedNoCharge(orderId)) ?? order;
  return { outcome: isPaid(checked) ? "already-paid" : "not-charged", order: checked };
}

/**
 * Confirms an unpaid order when the provider shows its whole total paid (the one decision of paid, in the
 * gateway's findCharge), asked on a notification: it never releases the order and notes no check, so an
 * attempt charging right now goes on as it was. "not-paid" when the provider shows less.
 */
export async function confirmIfPaid(order: StoredOrder, gateway?: PaymentGateway): Promise<"confirmed" | "already-paid" | "not-paid"> {
  if (isPaid(order)) return "already-paid";
  const { sourceId: _unused, ...lookup } = chargeRequestOf(order, "");
  if (!lookup.providerOrder) return "not-paid";
  const result = await (gateway ?? (await paymentGateway())).findCharge(lookup);
  if (!result) return "not-paid";
  const confirmed = await confirmCharge(order, result);
  return isPaid(confirmed) ? "confirmed" : "not-paid";
}

/**
 * Orders still pending (no payment confirmed) for longer than `olderThanMinutes`: a charge may have
 * gone through without its confirmation being stored.
 */
export async function listOrdersNeedingAttention(options: { olderThanMinutes?: number; now?: Date } = {}): Promise<StoredOrder[]> {
  const now = options.now ?? serverNow();
  return pendingSince(new Date(now.getTime() - (options.olderThanMinutes ?? 5) * 60_000));
}

/**
 * Reconciles every order pending for longer than `olderThanMinutes` (the scheduled step): a charge
 * found confirms it; none found, once it has waited HOLD_MINUTES, ends it and frees its slot's room.
 */
export async function reconcilePendingOrders(
  olderThanMinutes = 5,
  gateway?: PaymentGateway,
): Promise<Record<ReconcileOutcome | "failed", number>> {
  const counts = { confirmed: 0, "already-paid": 0, "not-charged": 0, released: 0, failed: 0 };
  const now = serverNow();
  for (const order of await listOrdersNeedingAttention({ olderThanMinutes, now })) {
    // Once the provider said "no charge" after the last attempt began, asking again changes nothing,
    // until the hold is old enough to be released.
    const check = order.payment.lastCheck;
    const lastAttempt = order.payment.lastAttemptAt ?? order.payment.lastError?.at ?? order.createdAt;
    const old = Date.parse(order.updatedAt) <= now.getTime() - HOLD_MINUTES * 60_000;
    if (!old && check && !check.chargeFound && Date.parse(check.at) > Date.parse(lastAttempt)) continue;
    try {
      counts[(await reconcileOrder(order.orderId, gateway, { release: "when-old", now })).outcome] += 1;
    } catch (error) {
      counts.failed += 1;
      log("error", "reconciliation failed", { orderNumber: order.orderNumber, error: error instanceof Error ? error.message : String(error) });
    }
  }
  // Released recently after a failure without a verdict: a charge that completed late confirms it.
  for (const order of await failedWithProviderOrderSince(new Date(now.getTime() - RECENT_FAILURE_HOURS * 3_600_000))) {
    try {
      const { outcome } = await reconcileOrder(order.orderId, gateway, { now });
      if (outcome === "confirmed") counts.confirmed += 1;
    } catch (error) {
      counts.failed += 1;
      log("error", "reconciliation failed", { orderNumber: order.orderNumber, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return counts;
}
