// Sending the driver: a paid order's quote is accepted once (a claim on its delivery row, so twin
// requests and the worker never accept twice); an order that is not paid is never sent. A quote that
// ran out meanwhile is asked for again and accepted (the restaurant bears a changed fee: the customer
// has paid). A courier that fails is tried again later by the worker, then the delivery is given up
// and raised to staff (a console notice, an e-mail to the restaurant and a word to the customer).
import { db } from "../platform/database";
import { log } from "../platform/http";
import { sql } from "../platform/sql";
import { CourierRefused, CourierUnavailable, DuplicateDelivery, QuoteExpired, type Courier, type CourierDelivery } from "./courier";
import { activeCourier } from "./courierChoice";
import { deliveryOfRow, type DeliveryRow, type StoredDelivery } from "./deliveries";
import { requestQuote, type DropOff } from "./quotes";

/** Minutes before each new try of a failed dispatch; after the last, staff decide. */
export const DISPATCH_BACKOFF_MINUTES = [1, 2, 5, 10] as const;
export const MAX_DISPATCH_ATTEMPTS = DISPATCH_BACKOFF_MINUTES.length + 1;
/** How long one dispatch may hold a delivery before another may take it (a worker that died). */
const DISPATCH_LEASE_SECONDS = 60;

/** The statuses of a paid order: only these are ever sent to the courier. */
const PAID = ["confirmed", "preparing", "ready", "completed"];

/** Marks the delivery of a paid order as due for dispatch (what follows a successful charge). */
export async function markPaid(orderId: string): Promise<boolean> {
  const changed = await db.run(sql`
    UPDATE courier_deliveries d SET state = 'to_dispatch', next_attempt_at = now(), updated_at = now()
    FROM orders o
    WHERE d.order_id = ${orderId} AND o.id = d.order_id AND d.state = 'awaiting_payment' AND o.status = ANY(${PAID}::text[])`);
  return changed === 1;
}

/** A delivery this dispatch holds, with what a new quote needs and the order number its log lines name. */
type Held = DeliveryRow & { delivery: DropOff; promised_at: Date | null; subtotal_cents: number; order_number: string };

/** Claims a due delivery of a paid order for this dispatch: one holder at a time. */
async function claim(orderId: string): Promise<Held | null> {
  return db.one(sql`
    UPDATE courier_deliveries d SET state = 'dispatching', attempts = d.attempts + 1, updated_at = now(),
      next_attempt_at = now() + make_interval(secs => ${DISPATCH_LEASE_SECONDS})
    FROM orders o
    WHERE d.order_id = ${orderId} AND o.id = d.order_id AND o.status = ANY(${PAID}::text[])
      AND d.state IN ('to_dispatch', 'dispatching') AND d.next_attempt_at <= now()
    RETURNING d.*, jsonb_build_object('address', o.delivery->>'address', 'city', o.delivery->>'city', 'state', o.delivery->>'state',
      'zipCode', o.delivery->>'zipCode', 'phone', coalesce(o.delivery->>'phone', o.customer_phone), 'name', o.customer_name,
      'notes', coalesce(o.delivery->>'notes', '')) AS delivery, o.promised_at, o.subtotal_cents, o.order_number`);
}

// Log lines name the order by its number: its id opens the order's page (the customer's details).
async function dispatched(held: Held, externalId: string, accepted: CourierDelivery, quotedFeeCents: number): Promise<StoredDelivery> {
  const orderId = held.order_id;
  const row = await db.one<DeliveryRow>(sql`
    UPDATE courier_deliveries SET state = 'dispatched', external_delivery_id = ${externalId}, dispatched_at = now(), updated_at = now(),
      courier_fee_cents = ${accepted.feeCents ?? quotedFeeCents}, tracking_url = coalesce(${accepted.trackingUrl}, tracking_url),
      driver_name = coalesce(${accepted.driverName}, driver_name), dropoff_eta = coalesce(${accepted.dropoffEta}, dropoff_eta),
      last_error = NULL, needs_staff = false
    WHERE order_id = ${orderId} AND state = 'dispatching'
    RETURNING *`);
  log("info", "courier dispatched", { orderNumber: held.order_number, externalId });
  return deliveryOfRow(row!);
}

async function failed(held: Held, reason: string, retry: boolean): Promise<StoredDelivery> {
  const { order_id: orderId, attempts } = held;
  const giveUp = !retry || attempts >= MAX_DISPATCH_ATTEMPTS;
  const minutes = DISPATCH_BACKOFF_MINUTES[Math.min(attempts, DISPATCH_BACKOFF_MINUTES.length) - 1] ?? 1;
  const row = await db.one<DeliveryRow>(sql`
    UPDATE courier_deliveries SET state = ${giveUp ? "failed" : "to_dispatch"}, last_error = ${reason}, needs_staff = ${giveUp},
      next_attempt_at = now() + make_interval(mins => ${minutes}), updated_at = now()
    WHERE order_id = ${orderId} AND state = 'dispatching'
    RETURNING *`);
  log(giveUp ? "error" : "warn", giveUp ? "courier dispatch given up: staff must act" : "courier dispatch failed; will try again", {
    orderNumber: held.order_number,
    attempts,
    reason,
  });
  return deliveryOfRow(row!);
}

/**
 * Dispatches the order's delivery if it is paid and due, once. Never throws for the courier's
 * failures (they are kept on the delivery); answers the delivery as it stands, or null when this
 * call did not hold it (unpaid, not due, or another holds it).
 */
export async function dispatchOrder(orderId: string, courier: Courier | null = activeCourier()): Promise<StoredDelivery | null> {
  if (!courier) return null;
  const held = await claim(orderId);
  if (!held) return null;
  const quotedFee = held.courier_fee_cents;
  try {
    return await dispatched(held, held.external_delivery_id, await courier.accept(held.external_delivery_id, { tipCents: held.tip_cents }), quotedFee);
  } catch (error) {
    if (error instanceof DuplicateDelivery) {
      // Accepted already: by a holder whose lease ran out (then it is on its way), or before a
      // cancellation (then staff asked for a new courier, and a new quote is needed).
      let known: CourierDelivery;
      try {
        known = await courier.get(held.external_delivery_id);
      } catch (readError) {
        return failed(held, `accepted already, but unreadable: ${String(readError)}`, true);
      }
      if (known.status !== "cancelled") return dispatched(held, held.external_delivery_id, known, quotedFee);
    } else if (!(error instanceof QuoteExpired)) {
      return failed(held, error instanceof Error ? error.message : String(error), error instanceof CourierUnavailable);
    }
  }
  // The quote ran out between the quote and the payment (or a retry): a new one for the same ready time.
  try {
    const pickupAt = new Date(Math.max(Date.now(), (held.promised_at ?? held.pickup_at).getTime()));
    const quote = await requestQuote(courier, { dropoff: held.delivery, subtotalCents: held.subtotal_cents, tipCents: held.tip_cents, pickupAt });
    await db.run(sql`UPDATE courier_quotes SET order_id = ${orderId} WHERE id = ${quote.id}`);
    await db.run(sql`UPDATE courier_deliveries SET external_delivery_id = ${quote.id}, pickup_at = ${pickupAt} WHERE order_id = ${orderId}`);
    if (quote.courierFeeCents !== quotedFee) {
      log("warn", "courier fee changed after payment; the restaurant bears it", { orderNumber: held.order_number, quotedFee, newFee: quote.courierFeeCents });
    }
    return await dispatched(held, quote.id, await courier.accept(quote.id, { tipCents: held.tip_cents }), quote.courierFeeCents);
  } catch (error) {
    const retry = error instanceof CourierUnavailable || error instanceof QuoteExpired;
    return failed(held, error instanceof Error ? error.message : String(error), retry && !(error instanceof CourierRefused));
  }
}

/** What follows a successful charge: the delivery becomes due and is dispatched at once. */
export async function dispatchAfterPayment(orderId: string): Promise<StoredDelivery | null> {
  const courier = activeCourier();
  if (!courier) return null;
  try {
    await markPaid(orderId);
    return await dispatchOrder(orderId, courier);
  } catch (error) {
    // The charge stands; the worker finds the delivery due and tries again. (The order number, if it can be read.)
    const orderNumber = await db.one<{ order_number: string }>(sql`SELECT order_number FROM orders WHERE id = ${orderId}`).catch(() => null);
    log("error", "courier dispatch could not start; the worker will try", {
      orderNumber: orderNumber?.order_number ?? "unknown",
      error: error instanceof Error ? error.message : String(error),
    });
    return null;
  }
}

/**
 * The worker's run (scheduled every minute): deliveries of orders paid since (a reconciliation, a
 * webhook) become due, and every due one is dispatched, until `budgetMs` is spent.
 */
export async function dispatchDue(options: { budgetMs?: number } = {}): Promise<{ dispatched: number; failed: number }> {
  const report = { dispatched: 0, failed: 0 };
  const courier = activeCourier();
  if (!courier) return report;
  const deadline = Date.now() + (options.budgetMs ?? 20_000);
  await db.run(sql`
    UPDATE courier_deliveries d SET state = 'to_dispatch', next_attempt_at = now(), updated_at = now()
    FROM orders o WHERE o.id = d.order_id AND d.state = 'awaiting_payment' AND o.status = ANY(${PAID}::text[])`);
  const due = await db.all<{ order_id: string }>(sql`
    SELECT order_id FROM courier_deliveries WHERE state IN ('to_dispatch', 'dispatching') AND next_attempt_at <= now()
    ORDER BY next_attempt_at LIMIT 20`);
  for (const { order_id: orderId } of due) {
    if (Date.now() > deadline) break;
    const outcome = await dispatchOrder(orderId, courier);
    if (outcome?.state === "dispatched") report.dispatched++;
    else if (outcome) report.failed++;
  }
  return report;
}
