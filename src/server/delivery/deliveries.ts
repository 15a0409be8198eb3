// The courier delivery of an order, as stored: written with the pending order (never sent to the
// courier while it is unpaid), then dispatched, followed by the courier's notifications, and shown to
// the customer and to staff.
import { db, type Queries } from "../platform/database";
import { sql } from "../platform/sql";
import type { CourierProvider } from "./courier";
import type { StoredQuote } from "./quotes";

export type CourierState = "awaiting_payment" | "to_dispatch" | "dispatching" | "dispatched" | "failed" | "cancelled" | "delivered";

export interface StoredDelivery {
  orderId: string;
  provider: CourierProvider;
  externalId: string;
  state: CourierState;
  courierEvent: string | null;
  trackingUrl: string | null;
  driverName: string | null;
  pickupAt: Date;
  dropoffEta: Date | null;
  tipCents: number;
  customerFeeCents: number;
  courierFeeCents: number;
  attempts: number;
  lastError: string | null;
  cancellationReason: string | null;
  needsStaff: boolean;
  updatedAt: Date;
}

export interface DeliveryRow {
  order_id: string;
  provider: CourierProvider;
  external_delivery_id: string;
  state: CourierState;
  courier_event: string | null;
  tracking_url: string | null;
  driver_name: string | null;
  pickup_at: Date;
  dropoff_eta: Date | null;
  tip_cents: number;
  customer_fee_cents: number;
  courier_fee_cents: number;
  attempts: number;
  last_error: string | null;
  cancellation_reason: string | null;
  needs_staff: boolean;
  updated_at: Date;
}

export const deliveryOfRow = (row: DeliveryRow): StoredDelivery => ({
  orderId: row.order_id,
  provider: row.provider,
  externalId: row.external_delivery_id,
  state: row.state,
  courierEvent: row.courier_event,
  trackingUrl: row.tracking_url,
  driverName: row.driver_name,
  pickupAt: row.pickup_at,
  dropoffEta: row.dropoff_eta,
  tipCents: row.tip_cents,
  customerFeeCents: row.customer_fee_cents,
  courierFeeCents: row.courier_fee_cents,
  attempts: row.attempts,
  lastError: row.last_error,
  cancellationReason: row.cancellation_reason,
  needsStaff: row.needs_staff,
  updatedAt: row.updated_at,
});

/**
 * Binds the quote to the new (pending) order and writes its delivery, awaiting payment, inside the
 * order's own transaction: an order that is not stored has no delivery, and a quote serves one order.
 */
export async function insertCourierDelivery(tx: Queries, orderId: string, quote: StoredQuote, tipCents: number): Promise<void> {
  const bound = await tx.run(sql`UPDATE courier_quotes SET order_id = ${orderId} WHERE id = ${quote.id} AND (order_id IS NULL OR order_id = ${orderId})`);
  if (bound !== 1) throw new Error("the courier quote was taken by another order");
  await tx.run(sql`
    INSERT INTO courier_deliveries (order_id, provider, external_delivery_id, pickup_at, dropoff_eta, tip_cents, customer_fee_cents, courier_fee_cents)
    VALUES (${orderId}, ${quote.provider}, ${quote.id}, ${quote.pickupAt}, ${quote.dropoffEta}, ${tipCents}, ${quote.customerFeeCents}, ${quote.courierFeeCents})
    ON CONFLICT (order_id) DO NOTHING`);
}

export async function courierDeliveryOf(orderId: string, on: Queries = db): Promise<StoredDelivery | null> {
  const row = await on.one<DeliveryRow>(sql`SELECT * FROM courier_deliveries WHERE order_id = ${orderId}`);
  return row ? deliveryOfRow(row) : null;
}

/** The deliveries of several orders at once (the console's board), by order id. */
export async function courierDeliveriesOf(orderIds: readonly string[]): Promise<Map<string, StoredDelivery>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.all<DeliveryRow>(sql`SELECT * FROM courier_deliveries WHERE order_id = ANY(${[...orderIds]}::text[])`);
  return new Map(rows.map((row) => [row.order_id, deliveryOfRow(row)]));
}

/** Deliveries staff must act on (a courier's cancellation, a dispatch given up), newest first. */
export async function deliveriesNeedingStaff(): Promise<StoredDelivery[]> {
  const rows = await db.all<DeliveryRow>(sql`SELECT * FROM courier_deliveries WHERE needs_staff ORDER BY updated_at DESC LIMIT 50`);
  return rows.map(deliveryOfRow);
}
