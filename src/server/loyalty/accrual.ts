// Points for a paid order, exactly once: when an order of a signed-in diner whose account is linked to a
// Square loyalty account becomes paid, its accrual row is claimed (one per order: the primary key) and
// Square is asked to accumulate by the order (`order_id`, so Square applies the program's rules and
// refuses a second accrual of the same order) under a key derived from the order. It runs beside the
// payment, never in its way: a 429 or an outage leaves the row due, and the reconcile schedule tries again
// with the same key. Square's pages do not say whether a paid order still OPEN (a pickup waiting for the
// kitchen) may accumulate, so a refusal is never taken as the end: the row waits (./accrualRefusals.ts) and
// is sent again when the order is finished and on the schedule, under a key of its own.
import { serverNow } from "../env";
import { db } from "../platform/database";
import { log } from "../platform/http";
import { sql } from "../platform/sql";
import { balanceKey, forgetLookups } from "./keptLookups";
import { squareClient, squareConfig } from "../platform/squareClient";
import { loyaltyProgram } from "./program";
import { afterRefusal, type DueAccrual, type RefusalOutcome } from "./accrualRefusals";

/** A due row is left to its first caller this long before the schedule takes it over. */
export const ACCRUAL_RETRY_AFTER_MS = 2 * 60_000;
/** A row Square refused while its order was open is asked about again this often until the order is finished. */
export const WAITING_RETRY_AFTER_MS = 60 * 60_000;

/** How far back the schedule looks for paid orders that never claimed their accrual. */
const CLAIM_LOOKBACK_HOURS = 48;
const PAID_NOT_CANCELLED = ["confirmed", "preparing", "ready", "completed"];

/**
 * The key Square keeps the accrual by: the same order sends the same one until Square refuses it; each
 * refusal takes the next (Square may answer a kept refusal to the same key, and accrues an order once
 * whatever the key). At most 128 characters.
 */
export function accrualIdempotencyKey(orderId: string, refusals = 0): string {
  return refusals === 0 ? `loyalty-accrue-${orderId}` : `loyalty-accrue-${orderId}-${refusals}`;
}

export type AccrualOutcome = "done" | "deferred" | "not-linked" | "taken" | "off" | RefusalOutcome;



async function send(row: DueAccrual): Promise<AccrualOutcome> {
  const config = squareConfig();
  if (!config) return "off";
  try {
    const client = await squareClient("loyalty", config);
    const answer = await client.loyalty.accounts.accumulatePoints({
      accountId: row.loyalty_account_id,
      accumulatePoints: { orderId: row.provider_order_id },
      idempotencyKey: accrualIdempotencyKey(row.order_id, row.refusals),
      locationId: config.locationId,
    });
    const points = (answer.events ?? []).reduce((sum, event) => sum + (event.accumulatePoints?.points ?? 0), 0);
    forgetLookups(balanceKey(row.loyalty_account_id));
    await db.run(sql`UPDATE loyalty_accruals SET status = 'done', points = ${points}::integer, done_at = now(), tries = tries + 1, last_error = NULL WHERE order_id = ${row.order_id}`);
    return "done";
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode ?? null;
    const message = error instanceof Error ? error.message : String(error);
    // Square said no (a 4xx other than 429): the order's state, perhaps; what follows is ./accrualRefusals.ts's.
    if (status !== null && status >= 400 && status < 500 && status !== 429) {
      const first = (error as { errors?: { code?: string; detail?: string }[] }).errors?.[0];
      return afterRefusal(row, first ? `${first.code ?? ""}: ${first.detail ?? ""}` : message);
    }
    await db.run(sql`UPDATE loyalty_accruals SET tries = tries + 1, last_error = ${message.slice(0, 500)}, tried_at = now() WHERE order_id = ${row.order_id}`);
    log("warn", "a loyalty accrual waits for the schedule", { orderNumber: row.order_number, status });
    return "deferred";
  }
}

/** Claims and sends the accrual of a paid order; "not-linked" when its diner has no loyalty link, "taken" when it was claimed before. */
export async function accrueLoyalty(orderId: string): Promise<AccrualOutcome> {
  if (!squareConfig()) return "off";
  // Most paid orders are a guest's, or of a diner without loyalty: they cost one read, and no call to Square.
  const linked = await db.one(sql`
    SELECT 1 FROM diner_orders d JOIN diner_loyalty_links l ON l.account_id = d.account_id WHERE d.order_id = ${orderId}`);
  if (!linked) return "not-linked";
  if (!(await loyaltyProgram()).enabled) return "off";
  const claimed = await db.one<DueAccrual>(sql`
    WITH linked AS (
      SELECT o.id AS order_id, l.loyalty_account_id, o.provider_order_id, o.order_number
      FROM orders o JOIN diner_orders d ON d.order_id = o.id JOIN diner_loyalty_links l ON l.account_id = d.account_id
      WHERE o.id = ${orderId} AND o.provider_order_id IS NOT NULL)
    INSERT INTO loyalty_accruals (order_id, loyalty_account_id, tried_at)
    SELECT order_id, loyalty_account_id, now() FROM linked
    ON CONFLICT (order_id) DO NOTHING
    RETURNING order_id, loyalty_account_id, refusals, (SELECT provider_order_id FROM linked), (SELECT order_number FROM linked)`);
  if (claimed) return send(claimed);
  return (await db.one(sql`SELECT 1 FROM loyalty_accruals WHERE order_id = ${orderId}`)) ? "taken" : "not-linked";
}

/**
 * The hook of the paid transition: starts the accrual and never throws, never waits. Whatever happens to it
 * (Square busy, the instance ending), a claimed row stays due for accrueDueLoyalty.
 */
export function accrueLoyaltyLater(order: { orderId: string; orderNumber: string }): void {
  const started = accrueLoyalty(order.orderId)
    .catch((error) => {
      log("warn", "a loyalty accrual could not start; the schedule tries again", { orderNumber: order.orderNumber, error: error instanceof Error ? error.message : String(error) });
      return "deferred" as const;
    })
    .finally(() => inFlight.delete(started));
  inFlight.add(started);
}

const inFlight = new Set<Promise<AccrualOutcome | "none">>();

/** The hook of a finished order (console, POS, courier): sends its accrual again beside the caller's answer, never in its way. */
export function accrueFinishedOrderLater(ref: Parameters<typeof accrueFinishedOrder>[0]): Promise<unknown> {
  const started = accrueFinishedOrder(ref).finally(() => inFlight.delete(started));
  inFlight.add(started);
  return started;
}

/** Settles when every accrual this instance started has ended (a function that may wait for them before it ends, tests). */
export async function accrualsInFlight(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}

/**
 * The schedule's step: claims paid orders that never claimed their accrual, then sends every accrual still due
 * whose last try is older than ACCRUAL_RETRY_AFTER_MS before `now` (the database's clock); answers how many were done.
 */
export async function accrueDueLoyalty(now = new Date()): Promise<number> {
  if (!squareConfig() || !(await loyaltyProgram()).enabled) return 0;
  // A paid order whose hook never claimed its row (the instance ended first, Square's program unreadable then):
  // paid within CLAIM_LOOKBACK_HOURS, after its diner linked loyalty, and still the restaurant's.
  await db.run(sql`
    INSERT INTO loyalty_accruals (order_id, loyalty_account_id)
    SELECT o.id, l.loyalty_account_id
    FROM orders o JOIN diner_orders d ON d.order_id = o.id JOIN diner_loyalty_links l ON l.account_id = d.account_id
    WHERE o.status = ANY(${PAID_NOT_CANCELLED}::text[]) AND o.confirmed_at >= l.linked_at
      AND o.confirmed_at > ${new Date(serverNow().getTime() - CLAIM_LOOKBACK_HOURS * 3_600_000)} AND o.provider_order_id IS NOT NULL
    ON CONFLICT (order_id) DO NOTHING`);
  const cutoff = new Date(now.getTime() - ACCRUAL_RETRY_AFTER_MS);
  // A row waiting for its order to finish is asked about hourly until then (each ask is a call to Square),
  // and at the schedule's pace once the order is finished.
  const waitingCutoff = new Date(now.getTime() - WAITING_RETRY_AFTER_MS);
  const due = await db.all<DueAccrual>(sql`
    SELECT a.order_id, a.loyalty_account_id, a.refusals, o.provider_order_id, o.order_number FROM loyalty_accruals a JOIN orders o ON o.id = a.order_id
    WHERE o.provider_order_id IS NOT NULL AND (
      (a.status = 'due' AND (a.tried_at IS NULL OR a.tried_at < ${cutoff}))
      OR (a.status = 'waiting' AND (a.tried_at < ${waitingCutoff} OR (a.tried_at < ${cutoff} AND o.status = 'completed'))))
    ORDER BY a.created_at LIMIT 100`);
  let done = 0;
  for (const row of due) if ((await send(row)) === "done") done += 1;
  return done;
}

/**
 * The order was finished (the kitchen's "Picked up" on the console or the POS, a courier's drop-off): an
 * accrual Square refused while it was open is sent again now, and one never claimed is claimed. Never throws.
 */
export async function accrueFinishedOrder(ref: { orderId: string } | { providerOrderId: string }): Promise<AccrualOutcome | "none"> {
  try {
    const orderId =
      "orderId" in ref ? ref.orderId : (await db.one<{ id: string }>(sql`SELECT id FROM orders WHERE provider_order_id = ${ref.providerOrderId}`))?.id;
    if (!orderId) return "none";
    const row = await db.one<DueAccrual & { status: string | null; id: string }>(sql`
      SELECT o.id, a.status, a.order_id, a.loyalty_account_id, a.refusals, o.provider_order_id, o.order_number
      FROM orders o LEFT JOIN loyalty_accruals a ON a.order_id = o.id WHERE o.id = ${orderId}`);
    if (!row) return "none";
    if (row.status === null) return await accrueLoyalty(row.id);
    if (row.status !== "due" && row.status !== "waiting") return "taken";
    if (!(await loyaltyProgram()).enabled) return "off";
    return await send(row);
  } catch (error) {
    log("warn", "a finished order's loyalty accrual could not be sent; the schedule tries again", { error: error instanceof Error ? error.message : String(error) });
    return "deferred";
  }
}
