// The records of a charge: the attempt noted before the provider is asked, the provider's order kept
// before the card is charged, then the confirmation or the failure, each one conditional statement on
// an unpaid order.
import { db } from "../database";
import type { ChargeResult, PaymentProvider, ProviderOrder } from "../payments/gateway";
import { sql } from "../sql";
import { getOrder } from "./records";
import type { StoredOrder } from "./storedOrder";

/** Notes that a charge attempt begins now (the real clock: it says when the provider was asked). */
export async function beginAttempt(orderId: string): Promise<number> {
  // One statement: both rows change together, in one round trip.
  const attempt = await db.one<{ id: string }>(sql`
    WITH touched AS (UPDATE orders SET last_attempt_at = now() WHERE id = ${orderId})
    INSERT INTO payment_attempts (order_id, started_at) VALUES (${orderId}, now()) RETURNING id`);
  return Number(attempt!.id);
}

/** Remembers the provider's order before the charge, so a retry or a reconciliation finds it. */
export async function rememberProviderOrder(orderId: string, provider: PaymentProvider, order: ProviderOrder, now: Date): Promise<void> {
  await db.run(sql`
    UPDATE orders SET provider = ${provider}, provider_order_id = ${order.id}, provider_tax_cents = ${order.taxCents},
      provider_total_cents = ${order.totalCents}, updated_at = ${now}
    WHERE id = ${orderId} AND status IN ('pending', 'payment_failed')`);
}

/**
 * Confirms an unpaid order with what the provider charged, in one conditional update: a second
 * confirmation of the same charge changes nothing. Answers the order as it stands afterwards.
 */
export async function confirmOrder(orderId: string, result: ChargeResult, now: Date, attemptId?: number): Promise<StoredOrder> {
  // One statement, so the order and its attempt change together; the order is read after it.
  await db.run(sql`
    WITH attempt AS (UPDATE payment_attempts SET finished_at = now(), outcome = 'charged' WHERE id = ${attemptId ?? null}::bigint)
    UPDATE orders SET status = 'confirmed', confirmed_at = ${now}, updated_at = ${now},
        -- Show what the card was charged: the provider may round tax per line, a cent away from ours.
        tax_cents = CASE WHEN ${result.amountCents}::integer = total_cents THEN tax_cents
                         ELSE ${result.amountCents}::integer - subtotal_cents - delivery_fee_cents END,
        total_cents = ${result.amountCents}::integer,
        provider = ${result.provider}, provider_order_id = ${result.providerOrder.id},
        provider_tax_cents = ${result.providerOrder.taxCents}, provider_total_cents = ${result.providerOrder.totalCents},
        payment_id = ${result.paymentId}, amount_cents = ${result.amountCents}, receipt_url = ${result.receiptUrl}, last_error = NULL
    WHERE id = ${orderId} AND status IN ('pending', 'payment_failed')`);
  return (await getOrder(orderId))!;
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
        failed_attempts = failed_attempts + 1, last_error = ${lastError}, updated_at = ${now}
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

