// The owner's courier money: per week (Monday to Sunday, Miami dates), what DoorDash charged the
// restaurant for the deliveries it took against what customers paid for delivery on those orders.
import type { CourierFeeWeek } from "../../domain/sales";
import { db } from "../platform/database";
import { sql } from "../platform/sql";

/** Deliveries DoorDash took (dispatched, whatever came after) of orders placed from `from` to `to`, by week. */
export async function courierFeesByWeek(from: string, to: string): Promise<CourierFeeWeek[]> {
  const rows = await db.all<{ week: string; deliveries: number; paid: number; collected: number }>(sql`
    SELECT to_char(date_trunc('week', o.miami_date), 'YYYY-MM-DD') AS week, count(*)::int AS deliveries,
           coalesce(sum(d.courier_fee_cents), 0)::int AS paid, coalesce(sum(o.delivery_fee_cents), 0)::int AS collected
    FROM courier_deliveries d JOIN orders o ON o.id = d.order_id
    WHERE o.miami_date BETWEEN ${from}::date AND ${to}::date AND d.dispatched_at IS NOT NULL
    GROUP BY 1 ORDER BY 1`);
  return rows.map((row) => ({ weekOf: row.week, deliveries: row.deliveries, feesPaid: row.paid / 100, feesCollected: row.collected / 100 }));
}
