// The cards held for catering, taken on the event's morning by the scheduled sweep (catering-holds.mts).
// Square voids a card-not-present hold after 7 days; the site never keeps one past 6: a hold is taken on
// its event's morning, or earlier if it would otherwise reach 6 days (an event is taken online only when
// its morning falls within 6 days, so that is a guard, not a plan).
import { serverNow } from "../env";
import { takeHold } from "../payments";
import { db } from "../platform/database";
import { log } from "../platform/http";
import { sql } from "../platform/sql";

/** A hold is taken by this age at the latest, with the sweep's pauses to spare before 6 days. */
const LONGEST_HOLD = "5 days 22 hours";

export interface SweptHolds {
  taken: number;
  failed: number;
}

export async function takeDueHolds(now = serverNow()): Promise<SweptHolds> {
  const due = await db.all<{ id: string; payment_id: string }>(sql`
    SELECT id, payment_id FROM catering_orders
    WHERE status = 'authorized'
      AND (LEAST(event_at, (event_date + time '06:00') AT TIME ZONE 'America/New_York') <= ${now}
           OR authorized_at <= ${now}::timestamptz - ${LONGEST_HOLD}::interval)
    ORDER BY event_at LIMIT 200`);
  const swept: SweptHolds = { taken: 0, failed: 0 };
  for (const order of due) {
    try {
      await takeHold(order.payment_id);
      await db.run(sql`UPDATE catering_orders SET status = 'captured', captured_at = ${now} WHERE id = ${order.id} AND status = 'authorized'`);
      swept.taken++;
    } catch (error) {
      swept.failed++;
      log("error", "a catering hold could not be taken", { orderId: order.id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return swept;
}
