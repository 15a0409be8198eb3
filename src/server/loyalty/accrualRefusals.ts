// What follows when Square refuses an order's points (./accrual.ts). Square's pages do not say in which
// state an order may accumulate: a paid pickup may stay OPEN until the kitchen finishes it, and Square may
// refuse it until then. So a refusal first asks whether the points are there after all (an accrual answered
// but not written down), then waits: the row is sent again when the order is finished and on the schedule.
// A courier's drop-off asks again at once, but only the kitchen's "completed" (which the console and the POS
// both give Square's order) counts as finished here: Square's order of a delivery completes only then.
// It becomes final only after the finished order was refused FINISHED_REFUSALS_LIMIT times, or once an order
// never finished has waited WAITING_LIMIT_MS, or at once for a cancelled order; and then only together with
// a line in the activity log, so the owner sees every order whose points Square kept back.
import { recordActivity } from "../audit";
import { db } from "../platform/database";
import { log } from "../platform/http";
import { sql } from "../platform/sql";
import { squareClient } from "../platform/squareClient";

export type RefusalOutcome = "waiting" | "refused" | "done";

/** An accrual to send: the order, its loyalty account, Square's order id, and how many refusals moved its key on. */
export interface DueAccrual {
  order_id: string;
  loyalty_account_id: string;
  provider_order_id: string;
  order_number: string;
  refusals: number;
}

/** Refusals of a finished order before its accrual is given up: the finishing hook's try, then the schedule's. */
export const FINISHED_REFUSALS_LIMIT = 3;
/** An order never finished (nobody pressed "Picked up") is asked about this long after its accrual was claimed. */
export const WAITING_LIMIT_MS = 7 * 24 * 60 * 60_000;

/** The activity log's author of a refusal: Square, not a person. */
const SQUARE = { accountId: null, name: "Square" } as const;

/** Points Square already gave this order (an ACCUMULATE_POINTS event naming it), or null. */
async function pointsAlreadyGiven(row: DueAccrual): Promise<number | null> {
  const client = await squareClient("loyalty");
  const answer = await client.loyalty.searchEvents({
    query: { filter: { loyaltyAccountFilter: { loyaltyAccountId: row.loyalty_account_id }, orderFilter: { orderId: row.provider_order_id }, typeFilter: { types: ["ACCUMULATE_POINTS"] } } },
    limit: 5,
  });
  const events = answer.events ?? [];
  return events.length > 0 ? events.reduce((sum, event) => sum + (event.accumulatePoints?.points ?? 0), 0) : null;
}

/** Square refused the accrual of `row` (a 4xx other than 429, `detail` its words): done, waiting, or refused for good with the owner told. */
export async function afterRefusal(row: DueAccrual, detail: string): Promise<RefusalOutcome> {
  try {
    const given = await pointsAlreadyGiven(row);
    if (given !== null) {
      await db.run(sql`UPDATE loyalty_accruals SET status = 'done', points = ${given}::integer, done_at = now(), tries = tries + 1, last_error = NULL WHERE order_id = ${row.order_id}`);
      return "done";
    }
  } catch {
    // Square's events could not be read: the refusal stands for now, and the next try asks again.
  }
  return db.transaction(async (tx) => {
    const state = await tx.one<{ finished: boolean; cancelled: boolean; finished_refusals: number; claimed_at: Date }>(sql`
      SELECT o.status = 'completed' AS finished,
             o.status = 'cancelled' AS cancelled, a.finished_refusals, a.created_at AS claimed_at
      FROM loyalty_accruals a JOIN orders o ON o.id = a.order_id WHERE a.order_id = ${row.order_id} FOR UPDATE OF a`);
    if (!state) return "waiting";
    const finalNow =
      state.cancelled ||
      (state.finished ? state.finished_refusals + 1 >= FINISHED_REFUSALS_LIMIT : Date.now() - state.claimed_at.getTime() > WAITING_LIMIT_MS);
    await tx.run(sql`
      UPDATE loyalty_accruals SET status = ${finalNow ? "refused" : "waiting"}, refusals = refusals + 1,
        finished_refusals = finished_refusals + ${state.finished ? 1 : 0}::integer, tries = tries + 1,
        last_error = ${detail.slice(0, 500)}, tried_at = now(), done_at = CASE WHEN ${finalNow} THEN now() ELSE done_at END
      WHERE order_id = ${row.order_id}`);
    if (finalNow) {
      await recordActivity(SQUARE, { action: "order.loyalty-refused", target: row.order_id, after: { orderNumber: row.order_number, square: detail.slice(0, 300) } }, tx);
      log("error", "Square refused an order's loyalty points for good; the activity log says which", { orderNumber: row.order_number });
      return "refused";
    }
    log("warn", "Square refused an order's loyalty points for now; they are asked for again when the order is finished", { orderNumber: row.order_number });
    return "waiting";
  });
}
