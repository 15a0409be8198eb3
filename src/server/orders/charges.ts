// The records of a charge: the attempt noted before the provider is asked, the provider's order kept
// before the card is charged, then the confirmation or the failure, each one conditional statement on
// an unpaid order.
import { db, type Queries } from "../platform/database";
import type { ChargeResult, PaymentProvider, ProviderOrder } from "../payments";
import { sql } from "../platform/sql";
import { getOrder } from "./records";
import type { StoredOrder } from "./storedOrder";

/**
 * How long one request may charge an order before another request with its key may take over: longer
 * than a charge can take (two Square calls, each with its timeout and retry), short enough that an
 * instance that died mid-charge does not hold the order long. The provider's idempotency key keeps a
 * take-over from charging twice.
 */
export const CHARGE_LEASE_SECONDS = 60;

/**
 * Takes the order's charge lease and notes that an attempt begins now (the real clock: it says when
 * the provider was asked), in one statement. Answers the attempt's id, or null when another request
 * holds the lease, or the order is paid or ended (payment_failed: only reopenOrder, after every check,
 * makes it pending again): then this one must not call the provider.
 */
export async function claimCharge(orderId: string): Promise<number | null> {
  const attempt = await db.one<{ id: string }>(sql`
    WITH claimed AS (
      UPDATE orders SET charge_lease_until = now() + make_interval(secs => ${CHARGE_LEASE_SECONDS}), last_attempt_at = now()
      WHERE id = ${orderId} AND status = 'pending'
        AND (charge_lease_until IS NULL OR charge_lease_until < now())
      RETURNING id)
    INSERT INTO payment_attempts (order_id, started_at) SELECT id, now() FROM claimed RETURNING id`);
  return attempt ? Number(attempt.id) : null;
}

/** Whether a request holds the order's charge lease now (it is calling the provider). */
export async function chargeInFlight(orderId: string): Promise<boolean> {
  const row = await db.one<{ held: boolean }>(sql`SELECT charge_lease_until > now() AS held FROM orders WHERE id = ${orderId}`);
  return row?.held === true;
}

/** Lets go of the order's charge lease once its holder is done (whatever happened). */
export async function endChargeLease(orderId: string): Promise<void> {
  await db.run(sql`UPDATE orders SET charge_lease_until = NULL WHERE id = ${orderId} AND charge_lease_until IS NOT NULL`);
}

/** Remembers the provider's order before the charge, so a retry or a reconciliation finds it. */
export async function rememberProviderOrder(orderId: string, provider: PaymentProvider, order: ProviderOrder, now: Date): Promise<void> {
  await db.run(sql`
    UPDATE orders SET provider = ${provider}, provider_order_id = ${order.id}, provider_tax_cents = ${order.taxCents},
      provider_total_cents = ${order.totalCents}, updated_at = ${now}
    WHERE id = ${orderId} AND status IN ('pending', 'payment_failed')`);
}

/**
 * What Square's order takes off once the participants shaped it before the charge (a reward on top of a
 * code), or null: the order shows its own decided discount again (nothing shaped, or the attempt ended).
 */
export async function noteShapedDiscount(orderId: string, discountCents: number | null): Promise<void> {
  await db.run(sql`
    UPDATE orders SET square_discount_cents = ${discountCents}::integer
    WHERE id = ${orderId} AND status IN ('pending', 'payment_failed') AND square_discount_cents IS DISTINCT FROM ${discountCents}::integer`);
}

/**
 * Confirms an unpaid order with what the provider charged, in one conditional statement with its tenders
 * (order_tenders: each payment that paid it and its share, for refunds): a second confirmation of the same
 * charge changes nothing. Answers the order as it stands afterwards.
 */
export async function confirmOrder(orderId: string, result: ChargeResult, now: Date, attemptId?: number, on: Queries = db): Promise<StoredOrder> {
  // Each payment in the order it paid; a result without its list was one payment of the whole (its tip included).
  const shares = result.payments?.length
    ? JSON.stringify(result.payments.map((share, index) => ({ position: index + 1, payment_id: share.paymentId, amount_cents: share.amountCents, kind: share.kind })))
    : null;
  // One statement, so the order, its tenders and its attempt change together; the order is read after it.
  await on.run(sql`
    WITH attempt AS (UPDATE payment_attempts SET finished_at = now(), outcome = 'charged' WHERE id = ${attemptId ?? null}::bigint),
    confirmed AS (
      UPDATE orders SET status = 'confirmed', confirmed_at = ${now}, updated_at = ${now}, charge_lease_until = NULL,
        -- Show what the card was charged (the same as ours: both price with Square's arithmetic, and a differing total is never charged).
        tax_cents = CASE WHEN ${result.amountCents}::integer = total_cents THEN tax_cents
                         ELSE ${result.amountCents}::integer - subtotal_cents + coalesce(square_discount_cents, discount_cents) - delivery_fee_cents END,
        total_cents = ${result.amountCents}::integer,
        provider = ${result.provider}, provider_order_id = ${result.providerOrder.id},
        provider_tax_cents = ${result.providerOrder.taxCents}, provider_total_cents = ${result.providerOrder.totalCents},
        payment_id = ${result.paymentId}, amount_cents = ${result.amountCents}, receipt_url = ${result.receiptUrl}, last_error = NULL,
        tenders = ${result.tenders?.length ? JSON.stringify(result.tenders) : null}::jsonb,
        card_fingerprint = coalesce(${result.cardFingerprint ?? null}::text, card_fingerprint)
      WHERE id = ${orderId} AND status IN ('pending', 'payment_failed')
      RETURNING id, payment_id, amount_cents, tip_cents)
    INSERT INTO order_tenders (order_id, position, payment_id, amount_cents, kind)
    SELECT c.id, t.position, t.payment_id, t.amount_cents, t.kind
    FROM confirmed c,
         jsonb_to_recordset(coalesce(${shares}::jsonb, jsonb_build_array(jsonb_build_object(
           'position', 1, 'payment_id', c.payment_id, 'amount_cents', c.amount_cents + c.tip_cents, 'kind', 'card'))))
           AS t(position smallint, payment_id text, amount_cents integer, kind text)
    ON CONFLICT (order_id, position) DO NOTHING`);
  return (await getOrder(orderId, on))!;
}

export type FailureOutcome = "declined" | "refused" | "failed";

/**
 * Keeps what went wrong on an unpaid order: a decline or a request the provider refused ends the
 * attempt (payment_failed: nothing was charged and no one need look), anything else leaves it
 * pending for reconciliation.
 */
export async function recordFailure(
  orderId: string,
  provider: PaymentProvider,
  outcome: FailureOutcome,
  error: { status: number; message: string },
  now: Date,
  attemptId?: number,
): Promise<void> {
  const lastError = { ...error, at: now.toISOString() };
  await db.transaction(async (tx) => {
    await tx.run(sql`
      UPDATE orders SET status = ${outcome === "failed" ? "pending" : "payment_failed"}, provider = ${provider},
        failed_attempts = failed_attempts + 1, last_error = ${lastError}, updated_at = ${now}, charge_lease_until = NULL
      WHERE id = ${orderId} AND status IN ('pending', 'payment_failed')`);
    if (attemptId !== undefined) {
      await tx.run(sql`
        UPDATE payment_attempts SET finished_at = now(), outcome = ${outcome}, error_status = ${error.status}, error = ${error.message}
        WHERE id = ${attemptId}`);
    }
  });
}

/** Notes that a reconciliation asked the provider and found no charge (not a change of the order: updated_at stays). */
export async function noteCheckedNoCharge(orderId: string): Promise<StoredOrder | null> {
  await db.run(sql`
    UPDATE orders SET last_check_at = now(), last_check_found = false WHERE id = ${orderId} AND status IN ('pending', 'payment_failed')`);
  return getOrder(orderId);
}


/**
 * Ends an unpaid order that the provider says was never charged (status payment_failed), so the room
 * it held in its kitchen slot is given back at once (the release_slot_room trigger). `why` is kept for
 * staff. Null when the order was paid or ended meanwhile, or a request is charging it now.
 */
export async function releaseUnpaid(orderId: string, why: string, now: Date, on: Queries = db): Promise<StoredOrder | null> {
  const released = await on.one<{ id: string }>(sql`
    UPDATE orders SET status = 'payment_failed', last_check_at = now(), last_check_found = false, updated_at = ${now},
      charge_lease_until = NULL,
      last_error = jsonb_build_object('status', coalesce((last_error->>'status')::int, 502), 'message', ${why}::text, 'at', ${now.toISOString()}::text)
    WHERE id = ${orderId} AND status = 'pending' AND (charge_lease_until IS NULL OR charge_lease_until < now())
    RETURNING id`);
  return released ? getOrder(orderId, on) : null;
}

/**
 * Makes a retried attempt that has not charged pending again (in the transaction that re-admits it and
 * claims its slot's room anew). False, changing nothing, when the order is paid or a request is charging
 * it now.
 */
export async function reopenOrder(tx: Queries, orderId: string, now: Date): Promise<boolean> {
  const reopened = await tx.one<{ id: string }>(sql`
    UPDATE orders SET status = 'pending', updated_at = ${now}
    WHERE id = ${orderId} AND status IN ('pending', 'payment_failed') AND (charge_lease_until IS NULL OR charge_lease_until < now())
    RETURNING id`);
  return reopened !== null;
}
