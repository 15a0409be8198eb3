// Points back after a console refund: once a refund made from the console completes, the order's points
// are taken back in proportion (all of them once the whole order is refunded), with AdjustLoyaltyPoints
// under a key derived from the refund, unless Square already took them back itself (an adjustment of its
// own tied to the order, found with SearchLoyaltyEvents). The balance may go negative, as Square keeps it
// (the diner may have spent the points already). One row per refund, so copies of the notification take
// nothing twice; a failed call is left for the sweeper. Square's own taking back (a refund made at the
// POS) is an event of source SQUARE tied to the order.
import { db } from "../platform/database";
import { log } from "../platform/http";
import { sql } from "../platform/sql";
import { squareClient } from "../platform/squareClient";

/** The key Square keeps the adjustment by: the same refund always sends the same one. */
export function refundAdjustKey(squareRefundId: string): string {
  return `refund-points-${squareRefundId}`;
}

interface RefundTarget {
  order_id: string;
  order_number: string;
  provider_order_id: string;
  loyalty_account_id: string;
  points: number;
  total_cents: number;
  refunded_cents: number;
  taken_back: number;
}

/** The points a completed console refund takes back, or null (no points earned, not a console refund, done already). */
async function targetOf(squareRefundId: string): Promise<RefundTarget | null> {
  return db.one<RefundTarget>(sql`
    SELECT o.id AS order_id, o.order_number, o.provider_order_id, a.loyalty_account_id, a.points, o.total_cents,
      (SELECT coalesce(sum(amount_cents), 0)::integer FROM order_refunds x WHERE x.order_id = o.id AND x.status = 'COMPLETED') AS refunded_cents,
      (SELECT coalesce(sum(points), 0)::integer FROM loyalty_refund_adjustments y WHERE y.order_id = o.id) AS taken_back
    FROM order_refunds r JOIN orders o ON o.id = r.order_id JOIN loyalty_accruals a ON a.order_id = o.id
    WHERE r.square_refund_id = ${squareRefundId} AND r.source = 'console' AND r.status = 'COMPLETED'
      AND a.status = 'done' AND a.points > 0
      AND NOT EXISTS (SELECT 1 FROM loyalty_refund_adjustments z WHERE z.refund_id = ${squareRefundId})`);
}

/** Whether Square has taken back points of the order itself (an adjustment it made, tied to the order). */
async function squareTookBack(providerOrderId: string, loyaltyAccountId: string): Promise<boolean> {
  const client = await squareClient("loyalty");
  const found = await client.loyalty.searchEvents({
    query: { filter: { orderFilter: { orderId: providerOrderId }, loyaltyAccountFilter: { loyaltyAccountId }, typeFilter: { types: ["ADJUST_POINTS", "OTHER"] } } },
    limit: 30,
  });
  return (found.events ?? []).some((event) => event.source === "SQUARE" && (event.adjustPoints?.points ?? event.otherEvent?.points ?? 0) < 0);
}

/** Takes back the points of a completed console refund; answers what happened. Never throws. */
export async function takeBackPoints(squareRefundId: string): Promise<string> {
  try {
    const target = await targetOf(squareRefundId);
    if (!target) return "no points to take back";
    if (await squareTookBack(target.provider_order_id, target.loyalty_account_id)) {
      await db.run(sql`INSERT INTO loyalty_refund_adjustments (refund_id, order_id, points, adjusted_at) VALUES (${squareRefundId}, ${target.order_id}, 0, now()) ON CONFLICT DO NOTHING`);
      return "points taken back by Square already";
    }
    // What the refunds so far are worth in points, less what earlier refunds took back: a whole refund takes all.
    const owed = Math.min(target.points, Math.floor((target.points * target.refunded_cents) / Math.max(target.total_cents, 1)));
    const points = Math.max(0, owed - target.taken_back);
    const claimed = await db.one(sql`
      INSERT INTO loyalty_refund_adjustments (refund_id, order_id, points) VALUES (${squareRefundId}, ${target.order_id}, ${points})
      ON CONFLICT DO NOTHING RETURNING refund_id`);
    if (!claimed) return "points being taken back";
    if (points > 0) await adjust(squareRefundId, target.loyalty_account_id, points, target.order_number);
    await db.run(sql`UPDATE loyalty_refund_adjustments SET adjusted_at = now() WHERE refund_id = ${squareRefundId}`);
    log("info", "loyalty points taken back after a refund", { orderNumber: target.order_number, points });
    return `points taken back: ${points}`;
  } catch (error) {
    log("warn", "loyalty points not taken back yet; the sweeper tries again", { status: (error as { statusCode?: number }).statusCode ?? null });
    return "points waiting";
  }
}

async function adjust(squareRefundId: string, loyaltyAccountId: string, points: number, orderNumber: string): Promise<void> {
  const client = await squareClient("loyalty");
  await client.loyalty.accounts.adjust({
    accountId: loyaltyAccountId,
    idempotencyKey: refundAdjustKey(squareRefundId),
    adjustPoints: { points: -points, reason: `Refund of online order #${orderNumber}` },
    allowNegativeBalance: true,
  });
}

/** The sweeper: adjustments claimed but not made (a call failed), sent again with their own keys. */
export async function finishTakeBacks(limit = 50): Promise<number> {
  const rows = await db.all<{ refund_id: string; points: number; loyalty_account_id: string; order_number: string }>(sql`
    SELECT y.refund_id, y.points, a.loyalty_account_id, o.order_number
    FROM loyalty_refund_adjustments y JOIN loyalty_accruals a ON a.order_id = y.order_id JOIN orders o ON o.id = y.order_id
    WHERE y.adjusted_at IS NULL LIMIT ${limit}`);
  let done = 0;
  for (const row of rows) {
    try {
      if (row.points > 0) await adjust(row.refund_id, row.loyalty_account_id, row.points, row.order_number);
      await db.run(sql`UPDATE loyalty_refund_adjustments SET adjusted_at = now() WHERE refund_id = ${row.refund_id}`);
      done++;
    } catch (error) {
      log("warn", "loyalty points still not taken back", { status: (error as { statusCode?: number }).statusCode ?? null });
    }
  }
  return done;
}

/** Takes back the points of every completed console refund of the order not yet adjusted (after the console refunded it). Never throws. */
export async function takeBackOrderPoints(orderId: string): Promise<void> {
  const refunds = await db
    .all<{ square_refund_id: string }>(sql`
      SELECT square_refund_id FROM order_refunds r
      WHERE r.order_id = ${orderId} AND r.source = 'console' AND r.status = 'COMPLETED' AND r.square_refund_id IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM loyalty_refund_adjustments y WHERE y.refund_id = r.square_refund_id)`)
    .catch(() => []);
  for (const refund of refunds) await takeBackPoints(refund.square_refund_id);
}

/** The sweeper's share: console refunds of the last week whose points were never claimed (the hook did not run). */
export async function takeBackMissedPoints(limit = 50): Promise<number> {
  const rows = await db.all<{ square_refund_id: string }>(sql`
    SELECT r.square_refund_id FROM order_refunds r JOIN loyalty_accruals a ON a.order_id = r.order_id AND a.status = 'done' AND a.points > 0
    WHERE r.source = 'console' AND r.status = 'COMPLETED' AND r.square_refund_id IS NOT NULL AND r.updated_at > now() - interval '7 days'
      AND NOT EXISTS (SELECT 1 FROM loyalty_refund_adjustments y WHERE y.refund_id = r.square_refund_id)
    LIMIT ${limit}`);
  let done = 0;
  for (const row of rows) if ((await takeBackPoints(row.square_refund_id)).startsWith("points taken back")) done++;
  return done + (await finishTakeBacks(limit));
}
