// Orders as rows: orders with their order_lines, written and read. Each change is one statement or
// one transaction, with its condition inside it (a status moves only from the statuses its flow
// allows). The charge's own records are in charges.ts, the POS's in posSync.ts.
import { restaurantTime } from "../../domain/hours";
import type { OrderLine } from "../../domain/orderLines";
import { ORDER_STATUSES, type OrderStatus, type OrderType } from "../../domain/orderReadModel";
import type { Totals } from "../../domain/pricing";
import { db, type Queries } from "../platform/database";
import { sql } from "../platform/sql";
import { orderOf, withLines, type OrderRow, type StoredOrder } from "./storedOrder";

export { isPaid, type StoredOrder } from "./storedOrder";

/** 128 random bits, URL-safe: the order's URL cannot be guessed. */
export const ORDER_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** The stored order (internal: payment ids included), or null. */
export async function getOrder(orderId: string, on: Queries = db): Promise<StoredOrder | null> {
  if (!ORDER_ID_PATTERN.test(orderId)) return null;
  const row = await on.one<OrderRow>(withLines`WHERE o.id = ${orderId}`);
  return row ? orderOf(row) : null;
}

/** The order a checkout attempt's key made, or null. */
export async function orderOfKey(idempotencyKey: string, on: Queries = db): Promise<StoredOrder | null> {
  const row = await on.one<OrderRow>(withLines`WHERE o.idempotency_key = ${idempotencyKey}`);
  return row ? orderOf(row) : null;
}

export interface NewOrder {
  orderId: string;
  orderNumber: string;
  idempotencyKey: string;
  fingerprint: string;
  orderType: OrderType;
  totals: Totals;
  tipCents: number;
  note: string;
  customer: StoredOrder["customer"];
  /** The customer's language. */
  locale?: StoredOrder["locale"];
  delivery: StoredOrder["delivery"];
  createdAt: Date;
}

/**
 * Writes a pending order's row unless its key already made one (then nothing is written: false). Inside
 * the order's transaction, a second request with the same key waits here on the key until the first
 * one's transaction ends, and then finds its order, or writes its own if the first was refused. An order
 * is listed for staff because it exists: there is no index to write apart from it.
 */
export async function insertOrder(tx: Queries, order: NewOrder): Promise<boolean> {
  const created = await tx.one<{ id: string }>(sql`
    INSERT INTO orders (id, order_number, idempotency_key, fingerprint, status, order_type, subtotal_cents, discount_cents, tax_cents,
                        delivery_fee_cents, total_cents, tip_cents, note, customer_name, customer_email, customer_phone, delivery,
                        created_at, miami_date, updated_at, locale)
    VALUES (${order.orderId}, ${order.orderNumber}, ${order.idempotencyKey}, ${order.fingerprint}, 'pending', ${order.orderType},
            ${order.totals.subtotal}, ${order.totals.discount ?? 0}, ${order.totals.tax}, ${order.totals.deliveryFee}, ${order.totals.total},
            ${order.tipCents}, ${order.note},
            ${order.customer.name}, ${order.customer.email}, ${order.customer.phone}, ${order.delivery},
            ${order.createdAt}, ${restaurantTime(order.createdAt).date}, ${order.createdAt}, ${order.locale ?? "en"})
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id`);
  return created !== null;
}

/** Writes an order's lines, every one in one statement (one round trip), numbered from 1 in the order given. */
export async function insertOrderLines(tx: Queries, orderId: string, orderLines: readonly OrderLine[]): Promise<void> {
  if (orderLines.length === 0) return;
  const lines = orderLines.map((line, index) => ({
    line_number: index + 1,
    menu_item_id: line.menuItemId,
    name: line.name,
    description: line.description,
    unit_price_cents: line.unitPriceCents,
    quantity: line.quantity,
    catalog_object_id: line.catalogObjectId,
    options: line.options,
    note: line.note,
  }));
  await tx.run(sql`
    INSERT INTO order_lines (order_id, line_number, menu_item_id, name, description, unit_price_cents, quantity, catalog_object_id,
                             options, note)
    SELECT ${orderId}, l.line_number, l.menu_item_id, l.name, l.description, l.unit_price_cents, l.quantity,
           l.catalog_object_id, l.options, l.note
    FROM jsonb_to_recordset(${JSON.stringify(lines)}::jsonb)
      AS l(line_number integer, menu_item_id integer, name text, description text, unit_price_cents integer, quantity integer,
           catalog_object_id text, options jsonb, note text)`);
}

/** Keeps the time an order is promised for (the slot its room was taken in). */
export async function setPromisedTime(tx: Queries, orderId: string, promisedAt: Date, asap: boolean): Promise<void> {
  await tx.run(sql`UPDATE orders SET promised_at = ${promisedAt}, promised_asap = ${asap} WHERE id = ${orderId}`);
}

/** Moves a paid order to `status` when it is in one of `from`, in one statement; null when it was not. */
export async function moveStatus(orderId: string, from: readonly string[], status: OrderStatus, now: Date, on: Queries = db): Promise<StoredOrder | null> {
  const moved = await on.one<{ id: string }>(sql`
    UPDATE orders SET status = ${status}, updated_at = ${now} WHERE id = ${orderId} AND status = ANY(${[...from]}::text[]) RETURNING id`);
  return moved ? getOrder(orderId, on) : null;
}

/** The orders of one Miami day, newest first (the index orders_of_day). */
export async function ordersOfDay(miamiDate: string, paidOnly: boolean): Promise<StoredOrder[]> {
  const rows = await db.all<OrderRow>(withLines`
    WHERE o.miami_date = ${miamiDate}::date AND (${!paidOnly} OR o.status = ANY(${[...ORDER_STATUSES]}::text[]))
    ORDER BY o.created_at DESC`);
  return rows.map(orderOf);
}

/** Paid orders promised from `from` on and not yet completed or cancelled, soonest first (the index orders_upcoming). */
export async function ordersPromisedFrom(from: Date, limit = 200): Promise<StoredOrder[]> {
  const rows = await db.all<OrderRow>(withLines`
    WHERE o.promised_at >= ${from} AND o.status IN ('confirmed', 'preparing', 'ready')
    ORDER BY o.promised_at, o.created_at LIMIT ${limit}`);
  return rows.map(orderOf);
}

/** Orders still pending whose last change is at or before `cutoff`, oldest first (the index orders_pending). */
export async function pendingSince(cutoff: Date, limit = 500): Promise<StoredOrder[]> {
  const rows = await db.all<OrderRow>(withLines`
    WHERE o.status = 'pending' AND o.updated_at <= ${cutoff} ORDER BY o.updated_at LIMIT ${limit}`);
  return rows.map(orderOf);
}

/**
 * Orders ended without a charge since `since` that reached the provider and failed without its verdict
 * (no decline, no refusal): a charge that completed after they were released must still be found.
 */
export async function failedWithProviderOrderSince(since: Date, limit = 200): Promise<StoredOrder[]> {
  const rows = await db.all<OrderRow>(withLines`
    WHERE o.status = 'payment_failed' AND o.provider_order_id IS NOT NULL AND o.updated_at >= ${since}
      AND COALESCE((o.last_error->>'status')::int, 502) >= 500
    ORDER BY o.updated_at LIMIT ${limit}`);
  return rows.map(orderOf);
}

/** The order Square knows by `providerOrderId` (its order id), or null: one of ours, or not. */
export async function orderOfProviderOrder(providerOrderId: string): Promise<StoredOrder | null> {
  const row = await db.one<OrderRow>(withLines`WHERE o.provider_order_id = ${providerOrderId} ORDER BY o.created_at LIMIT 1`);
  return row ? orderOf(row) : null;
}

/** The order paid by the provider payment `paymentId` (its booked payment or any of its tenders), or null. */
export async function orderOfPayment(paymentId: string): Promise<StoredOrder | null> {
  const row = await db.one<OrderRow>(withLines`
    WHERE o.payment_id = ${paymentId} OR o.id IN (SELECT order_id FROM order_tenders WHERE payment_id = ${paymentId})
    ORDER BY o.created_at LIMIT 1`);
  return row ? orderOf(row) : null;
}

/**
 * Notes a change of what people see of an order that a participant keeps in its own record (a diner at
 * the curb): the order's change_seq moves (its trigger), so the staff's live board hears of it at its next poll.
 */
export async function noteOrderChanged(tx: Queries, orderId: string): Promise<void> {
  await tx.run(sql`UPDATE orders SET updated_at = updated_at WHERE id = ${orderId}`);
}
