// The room's records: a curbside order's car, as the diner described it at checkout, and when they said
// they had arrived (curbside_pickups, one row per order, written in the order's own transaction).
import type { OrderView } from "../../domain/orderReadModel";
import type { Audience } from "../orders";
import { db, type Queries } from "../platform/database";
import { sql } from "../platform/sql";

export interface CurbsidePickup {
  car: string;
  arrivedAt: string | null;
}

interface PickupRow {
  order_id: string;
  car: string;
  arrived_at: Date | null;
}

const pickupOf = (row: PickupRow): CurbsidePickup => ({ car: row.car, arrivedAt: row.arrived_at?.toISOString() ?? null });

/** Writes the car of a new pickup order, beside its row. */
export async function holdPickup(tx: Queries, orderId: string, car: string): Promise<void> {
  await tx.run(sql`INSERT INTO curbside_pickups (order_id, car) VALUES (${orderId}, ${car}) ON CONFLICT (order_id) DO NOTHING`);
}

export async function pickupOfOrder(orderId: string, queries: Queries = db): Promise<CurbsidePickup | null> {
  const row = await queries.one<PickupRow>(sql`SELECT order_id, car, arrived_at FROM curbside_pickups WHERE order_id = ${orderId}`);
  return row ? pickupOf(row) : null;
}

/** Notes the first arrival (a second tap keeps the first time) and answers it. */
export async function noteArrival(tx: Queries, orderId: string, now: Date): Promise<string> {
  const row = await tx.one<{ arrived_at: Date }>(sql`
    UPDATE curbside_pickups SET arrived_at = coalesce(arrived_at, ${now}) WHERE order_id = ${orderId} RETURNING arrived_at`);
  return row!.arrived_at.toISOString();
}

/**
 * The views with each order's curbside part (null for an order that is not curbside); without the car
 * once the page hides the diner's personal details.
 */
export async function withPickups<V extends OrderView>(views: V[], audience: Audience): Promise<V[]> {
  const ids = views.map((view) => view.orderId);
  const rows = await db.all<PickupRow>(sql`SELECT order_id, car, arrived_at FROM curbside_pickups WHERE order_id = ANY(${ids}::text[])`);
  const byOrder = new Map(rows.map((row) => [row.order_id, pickupOf(row)]));
  return views.map((view) => {
    const pickup = byOrder.get(view.orderId) ?? null;
    return { ...view, curbside: pickup && audience.personalDetailsHidden ? { ...pickup, car: "" } : pickup };
  });
}
