// Refunds of an order's payment: made from the console through Square's refunds (full or partial,
// with a reason, one idempotency key per refund attempt), or made at Square and learnt from its
// notifications. Never more than what was paid minus earlier refunds: the check and the claim of the
// amount are one transaction holding the order's row.
import { formatAmount } from "../../domain/money";
import { db, type Queries } from "../platform/database";
import { Conflict, KeyReused, NotFound, ProviderUnavailable, RuleBroken } from "../platform/errors";
import { log } from "../platform/http";
import { getOrder, isPaid, orderOfPayment, type StoredOrder } from "./records";
import { sql } from "../platform/sql";
import { squareClient, squareConfig, squareSdk } from "../platform/squareClient";
import { refunded } from "./lifecycle";
import { refundParts } from "./refundTenders";
import { recordActivity, type ActivityActor } from "../audit";

export type RefundStatus = "REQUESTED" | "PENDING" | "COMPLETED" | "REJECTED" | "FAILED";

export interface StoredRefund {
  id: number;
  orderId: string;
  squareRefundId: string | null;
  amountCents: number;
  reason: string;
  /** REQUESTED: asked of Square, no answer yet. PENDING: Square took it, the bank has not settled it. */
  status: RefundStatus;
  source: "console" | "square";
  createdAt: string;
  updatedAt: string;
}

interface RefundRow {
  id: string;
  order_id: string;
  idempotency_key: string | null;
  square_refund_id: string | null;
  amount_cents: number;
  reason: string;
  status: RefundStatus;
  source: "console" | "square";
  created_at: Date;
  updated_at: Date;
}

function refundOf(row: RefundRow): StoredRefund {
  return {
    id: Number(row.id),
    orderId: row.order_id,
    squareRefundId: row.square_refund_id,
    amountCents: row.amount_cents,
    reason: row.reason,
    status: row.status,
    source: row.source,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Refunds that take money back from the payment (or may have: an unanswered request). */
const COMMITTED: RefundStatus[] = ["REQUESTED", "PENDING", "COMPLETED"];
/** A refund's status moves forward only: a late PENDING never undoes a COMPLETED. */
const RANK: Record<RefundStatus, number> = { REQUESTED: 0, PENDING: 1, COMPLETED: 2, REJECTED: 2, FAILED: 2 };

export const REASON_LIMIT = 192;

/** The refunds of each order, oldest first. */
export async function refundsOfOrders(orderIds: readonly string[]): Promise<Map<string, StoredRefund[]>> {
  const byOrder = new Map<string, StoredRefund[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db.all<RefundRow>(sql`
    SELECT * FROM order_refunds WHERE order_id = ANY(${[...orderIds]}::text[]) ORDER BY created_at, id`);
  for (const row of rows) {
    const list = byOrder.get(row.order_id) ?? [];
    list.push(refundOf(row));
    byOrder.set(row.order_id, list);
  }
  return byOrder;
}

/** What the card was charged: the order's total and the tip on top of it. */
function paidCents(order: { amount_cents: number | null; tip_cents: number | null }): number {
  return (order.amount_cents ?? 0) + (order.tip_cents ?? 0);
}

async function recountRefunded(orderId: string, on: Queries = db): Promise<void> {
  await on.run(sql`
    UPDATE orders SET refunded_cents = (
      SELECT coalesce(sum(amount_cents), 0) FROM order_refunds WHERE order_id = ${orderId} AND status IN ('PENDING', 'COMPLETED')
    ) WHERE id = ${orderId}`);
}

export interface RefundRequest {
  amountCents: number;
  reason: string;
  /** The console's refund attempt: a retried click sends it again and never refunds twice. */
  idempotencyKey: string;
  /** On a full refund: what the order used (a code's use) is given back, the owner's choice. */
  giveBack?: boolean;
}

/**
 * Refunds part or all of a paid order. Throws NotFound, Conflict (not paid), RuleBroken (more than
 * can still be refunded, or Square refused), KeyReused (the key came back with another refund) and
 * ProviderUnavailable (Square did not answer: the same key may be sent again). Made by a person (`actor`),
 * the refund's activity row is written with its outcome, in the transaction that settles it. Then the
 * participants' `refunded` stage runs (loyalty's points taken back, a code's use given back).
 */
export async function refundOrder(orderId: string, request: RefundRequest, actor?: ActivityActor): Promise<{ order: StoredOrder; refund: StoredRefund }> {
  const done = await refundAtSquare(orderId, request, actor);
  // The participants take back or give back their share (points, a code's use): ./lifecycle.ts.
  await refunded(done.order, { status: done.refund.status, amountCents: done.refund.amountCents, giveBack: request.giveBack ?? false, ...(actor ? { actor } : {}) });
  return done;
}

async function refundAtSquare(orderId: string, request: RefundRequest, actor?: ActivityActor): Promise<{ order: StoredOrder; refund: StoredRefund }> {
  const order = await getOrder(orderId);
  if (!order) throw new NotFound("There is no such order.");
  if (!isPaid(order) || !order.payment.paymentId) throw new Conflict("This order has not been paid, so there is nothing to refund.");
  const reason = request.reason.trim();
  if (!reason) throw new RuleBroken("Say why the order is refunded.", [{ path: "reason", message: "required" }]);

  const { row: claimed, retry } = await claimRefund(orderId, request.amountCents, reason, request.idempotencyKey);
  if (retry && (claimed.order_id !== orderId || claimed.amount_cents !== request.amountCents)) {
    throw new KeyReused("This refund attempt was already used for another refund. Reload the page and try again.");
  }
  // A retry is asked again of Square only while the first answer is unknown.
  if (retry && claimed.status !== "REQUESTED") return { order: (await getOrder(orderId))!, refund: refundOf(claimed) };

  if (order.payment.provider !== "square") {
    // The local test gateway moved no money: its refund is done as soon as it is asked.
    await settleClaim(claimed, null, "COMPLETED", actor);
  } else {
    // Each tender's share goes back to where it came from (an order paid by more than one: ./refundTenders.ts).
    for (const part of await refundParts(claimed, order.payment.paymentId)) await sendToSquare(part.claim, part.paymentId, order.orderNumber, actor);
  }
  const refund = await db.one<RefundRow>(sql`SELECT * FROM order_refunds WHERE id = ${claimed.id}`);
  return { order: (await getOrder(orderId))!, refund: refundOf(refund!) };
}

/**
 * Checks the amount against what is left and claims it, in one transaction holding the order's row;
 * or, for an attempt key already used (a retry, a double click), answers its claim.
 */
async function claimRefund(
  orderId: string,
  amountCents: number,
  reason: string,
  idempotencyKey: string,
): Promise<{ row: RefundRow; retry: boolean }> {
  return db.transaction(async (tx) => {
    const order = await tx.one<{ amount_cents: number | null; tip_cents: number | null }>(sql`
      SELECT amount_cents, tip_cents FROM orders WHERE id = ${orderId} FOR UPDATE`);
    const known = await tx.one<RefundRow>(sql`SELECT * FROM order_refunds WHERE idempotency_key = ${idempotencyKey}`);
    if (known) return { row: known, retry: true };
    const used = await tx.one<{ cents: number }>(sql`
      SELECT coalesce(sum(amount_cents), 0)::int AS cents FROM order_refunds
      WHERE order_id = ${orderId} AND status = ANY(${COMMITTED}::text[])`);
    const left = paidCents(order!) - (used?.cents ?? 0);
    if (amountCents > left) {
      const message =
        left > 0
          ? `At most $${formatAmount(left)} can still be refunded: $${formatAmount(paidCents(order!))} was paid and $${formatAmount(used?.cents ?? 0)} already refunded.`
          : "This order has already been refunded in full.";
      throw new RuleBroken(message, [{ path: "amount", message: `at most ${formatAmount(Math.max(0, left))}` }]);
    }
    const row = await tx.one<RefundRow>(sql`
      INSERT INTO order_refunds (order_id, idempotency_key, amount_cents, reason, status, source, created_at, updated_at)
      VALUES (${orderId}, ${idempotencyKey}, ${amountCents}, ${reason}, 'REQUESTED', 'console', now(), now())
      RETURNING *`);
    return { row: row!, retry: false };
  });
}

/**
 * Moves a claim on to Square's answer and recounts the order's refunded amount, in one transaction with
 * the activity row of the person who asked (how much was refunded before and after; none for a refusal,
 * which refunded nothing).
 */
async function settleClaim(claim: RefundRow, squareRefundId: string | null, status: RefundStatus, actor?: ActivityActor): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await tx.one<{ refunded_cents: number }>(sql`SELECT refunded_cents FROM orders WHERE id = ${claim.order_id} FOR UPDATE`);
    const settled = await tx.run(sql`
      UPDATE order_refunds SET square_refund_id = coalesce(square_refund_id, ${squareRefundId}), status = ${status}, updated_at = now()
      WHERE id = ${claim.id} AND status = 'REQUESTED'`);
    await recountRefunded(claim.order_id, tx);
    if (!actor || !settled || status === "FAILED") return;
    const after = await tx.one<{ refunded_cents: number }>(sql`SELECT refunded_cents FROM orders WHERE id = ${claim.order_id}`);
    await recordActivity(
      actor,
      {
        action: "order.refund",
        target: claim.order_id,
        before: { refunded: (before?.refunded_cents ?? 0) / 100 },
        after: { refunded: (after?.refunded_cents ?? 0) / 100, amount: claim.amount_cents / 100, reason: claim.reason, status },
      },
      tx,
    );
  });
}

async function sendToSquare(claim: RefundRow, paymentId: string, orderNumber: string, actor?: ActivityActor): Promise<void> {
  const config = squareConfig();
  if (!config) throw new ProviderUnavailable("Square is not configured here, so the refund could not be made.");
  try {
    const { refund } = await (await squareClient("refund", config)).refunds.refundPayment({
      idempotencyKey: claim.idempotency_key!,
      amountMoney: { amount: BigInt(claim.amount_cents), currency: "USD" },
      paymentId,
      reason: claim.reason,
    });
    const status = (refund?.status ?? "PENDING") as RefundStatus;
    await settleClaim(claim, refund?.id ?? null, RANK[status] === undefined ? "PENDING" : status, actor);
    log("info", "refund made", { orderNumber, amountCents: claim.amount_cents, status });
  } catch (error) {
    // The SDK's error classes: the refund call that failed loaded it.
    const { SquareError, SquareTimeoutError } = await squareSdk();
    if (error instanceof SquareError && error.statusCode !== undefined && error.statusCode < 500 && error.errors.length > 0) {
      // Square refused it: nothing was refunded, and the amount is free again.
      await settleClaim(claim, null, "FAILED");
      const code = error.errors[0]?.code ?? "refused";
      log("warn", "refund refused by square", { orderNumber, code });
      throw new RuleBroken(`Square refused the refund (${code}). Nothing was refunded.`);
    }
    log("error", "refund request unanswered", {
      orderNumber,
      kind: error instanceof SquareTimeoutError ? "timeout" : error instanceof SquareError ? "error" : "unexpected",
    });
    throw new ProviderUnavailable(
      "Square did not answer, so the refund may or may not have been made. Press Refund again: the same refund is never made twice.",
    );
  }
}

/** A refund as Square's notifications carry it (`data.object.refund`). */
export interface SquareRefundNotice {
  id: string;
  status: string;
  paymentId: string;
  amountCents: number;
  reason: string;
}

/**
 * Applies a `refund.created` / `refund.updated` notification: the console's own refund moves on to
 * Square's status; a refund made at Square (the Dashboard, the POS) is recorded. Answers what it did.
 */
export async function applySquareRefund(notice: SquareRefundNotice): Promise<string> {
  const order = await orderOfPayment(notice.paymentId);
  if (!order) return "ignored: not a payment of this site";
  const status: RefundStatus = notice.status in RANK && notice.status !== "REQUESTED" ? (notice.status as RefundStatus) : "PENDING";
  const moved = await db.run(sql`
    UPDATE order_refunds SET status = ${status}, updated_at = now()
    WHERE square_refund_id = ${notice.id} AND status <> ${status}
      AND CASE status WHEN 'REQUESTED' THEN 0 WHEN 'PENDING' THEN 1 ELSE 2 END < ${RANK[status]}`);
  let outcome = moved > 0 ? `refund ${status.toLowerCase()}` : "unchanged";
  const known = await db.one<{ id: string }>(sql`SELECT id FROM order_refunds WHERE square_refund_id = ${notice.id}`);
  if (!known) {
    // The console's refund whose answer was lost: the same amount, still waiting on this order.
    const attached = await db.run(sql`
      UPDATE order_refunds SET square_refund_id = ${notice.id}, status = ${status}, updated_at = now()
      WHERE id = (SELECT id FROM order_refunds WHERE order_id = ${order.orderId} AND status = 'REQUESTED'
                  AND square_refund_id IS NULL AND amount_cents = ${notice.amountCents} ORDER BY created_at LIMIT 1)`);
    if (attached === 0) {
      await db.run(sql`
        INSERT INTO order_refunds (order_id, square_refund_id, amount_cents, reason, status, source, payment_id, created_at, updated_at)
        VALUES (${order.orderId}, ${notice.id}, ${notice.amountCents}, ${notice.reason.slice(0, REASON_LIMIT)}, ${status}, 'square', ${notice.paymentId}, now(), now())
        ON CONFLICT (square_refund_id) DO NOTHING`);
      outcome = "refund made at Square recorded";
    } else {
      outcome = "console refund answered";
    }
  }
  await recountRefunded(order.orderId);
  return outcome;
}

/** What the customer reads of an order's payment once refunds exist. */
export function refundSummary(order: Pick<StoredOrder, "payment" | "status">, refunds: readonly StoredRefund[], tipCents = 0) {
  const returned = refunds.filter((refund) => refund.status === "PENDING" || refund.status === "COMPLETED" || refund.status === "REQUESTED");
  const refundedCents = returned.reduce((sum, refund) => sum + refund.amountCents, 0);
  const paid = (order.payment.amountCents ?? 0) + tipCents;
  const paymentStatus: "paid" | "partly_refunded" | "refunded" | null = !isPaid(order)
    ? null
    : refundedCents === 0
      ? "paid"
      : refundedCents >= paid
        ? "refunded"
        : "partly_refunded";
  return { refundedCents, paymentStatus, returned };
}
