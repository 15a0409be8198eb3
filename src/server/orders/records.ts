// Orders as rows: orders with their order_lines and payment_attempts. Each change is one statement or
// one transaction, with its condition inside it (a status moves only from the statuses its flow
// allows, a confirmation lands only on an unpaid order).
import { restaurantTime } from "../../domain/hours";
import type { OrderLine } from "../../domain/orderLines";
import { ORDER_STATUSES, type OrderStatus, type OrderType, type PaymentState } from "../../domain/orderReadModel";
import type { Totals } from "../../domain/pricing";
import { db, type Queries } from "../database";
import type { ChargeResult, PaymentProvider, ProviderOrder } from "../payments/gateway";
import { sql } from "../sql";

export interface StoredOrder {
  orderId: string;
  /** Short code for the counter and the customer ("K7Q3M"); not unique forever, only in practice per day. */
  orderNumber: string;
  idempotencyKey: string;
  /** Hash of what was ordered and by whom: a reused key with another cart is refused. */
  fingerprint: string;
  status: OrderStatus | PaymentState;
  orderType: OrderType;
  lines: OrderLine[];
  /** In cents; after payment, tax and total are what the provider charged (equal to ours but for rounding). */
  totals: Totals;
  /** Paid on top of the total, never taxed. */
  tipCents: number;
  /** The diner's note for the whole order. */
  note: string;
  customer: { name: string; email: string; phone: string };
  delivery: { address: string; city: string; state: string; zipCode: string; phone: string; notes: string } | null;
  createdAt: string;
  /** The time the order is promised for (a chosen slot, or the time quoted 'as soon as possible'); null for older orders. */
  promisedAt: string | null;
  promisedAsap: boolean;
  updatedAt: string;
  confirmedAt: string | null;
  payment: {
    provider: PaymentProvider | null;
    providerOrderId: string | null;
    providerTaxCents: number | null;
    providerTotalCents: number | null;
    paymentId: string | null;
    amountCents: number | null;
    receiptUrl: string | null;
    /** Failed charge attempts. */
    attempts: number;
    lastError: { status: number; message: string; at: string } | null;
    /** The last time a reconciliation asked the provider about this order, and whether it found a charge. */
    lastCheck: { at: string; chargeFound: boolean } | null;
    /** When the last charge attempt began: a check made before it cannot speak for it. */
    lastAttemptAt: string | null;
  };
}

interface OrderRow {
  id: string;
  order_number: string;
  idempotency_key: string;
  fingerprint: string;
  status: StoredOrder["status"];
  order_type: OrderType;
  subtotal_cents: number;
  tax_cents: number;
  delivery_fee_cents: number;
  total_cents: number;
  tip_cents: number;
  note: string;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  delivery: StoredOrder["delivery"];
  created_at: Date;
  promised_at: Date | null;
  promised_asap: boolean;
  updated_at: Date;
  confirmed_at: Date | null;
  provider: PaymentProvider | null;
  provider_order_id: string | null;
  provider_tax_cents: number | null;
  provider_total_cents: number | null;
  payment_id: string | null;
  amount_cents: number | null;
  receipt_url: string | null;
  failed_attempts: number;
  last_error: StoredOrder["payment"]["lastError"];
  last_attempt_at: Date | null;
  last_check_at: Date | null;
  last_check_found: boolean | null;
  lines: LineJson[] | null;
}

interface LineJson {
  menu_item_id: number;
  name: string;
  description: string;
  unit_price_cents: number;
  quantity: number;
  catalog_object_id: string | null;
  options: OrderLine["options"] | null;
  note: string | null;
}

const PAID_STATUSES: ReadonlySet<string> = new Set(ORDER_STATUSES);
export function isPaid(order: Pick<StoredOrder, "status">): boolean {
  return PAID_STATUSES.has(order.status);
}

function orderOf(row: OrderRow): StoredOrder {
  return {
    orderId: row.id,
    orderNumber: row.order_number,
    idempotencyKey: row.idempotency_key,
    fingerprint: row.fingerprint,
    status: row.status,
    orderType: row.order_type,
    lines: (row.lines ?? []).map((line) => ({
      menuItemId: line.menu_item_id,
      name: line.name,
      description: line.description,
      unitPriceCents: line.unit_price_cents,
      quantity: line.quantity,
      catalogObjectId: line.catalog_object_id,
      options: line.options ?? [],
      note: line.note ?? "",
    })),
    totals: { subtotal: row.subtotal_cents, tax: row.tax_cents, deliveryFee: row.delivery_fee_cents, total: row.total_cents },
    tipCents: row.tip_cents ?? 0,
    note: row.note ?? "",
    customer: { name: row.customer_name, email: row.customer_email, phone: row.customer_phone },
    delivery: row.delivery,
    createdAt: row.created_at.toISOString(),
    promisedAt: row.promised_at?.toISOString() ?? null,
    promisedAsap: row.promised_asap,
    updatedAt: row.updated_at.toISOString(),
    confirmedAt: row.confirmed_at?.toISOString() ?? null,
    payment: {
      provider: row.provider,
      providerOrderId: row.provider_order_id,
      providerTaxCents: row.provider_tax_cents,
      providerTotalCents: row.provider_total_cents,
      paymentId: row.payment_id,
      amountCents: row.amount_cents,
      receiptUrl: row.receipt_url,
      attempts: row.failed_attempts,
      lastError: row.last_error,
      lastCheck: row.last_check_at ? { at: row.last_check_at.toISOString(), chargeFound: row.last_check_found ?? false } : null,
      lastAttemptAt: row.last_attempt_at?.toISOString() ?? null,
    },
  };
}

/** An order with its lines, in line order: the one shape every read returns. */
const WITH_LINES = `
  SELECT o.*, (
    SELECT json_agg(json_build_object(
      'menu_item_id', l.menu_item_id, 'name', l.name, 'description', l.description,
      'unit_price_cents', l.unit_price_cents, 'quantity', l.quantity, 'catalog_object_id', l.catalog_object_id,
      'options', l.options, 'note', l.note
    ) ORDER BY l.line_number) FROM order_lines l WHERE l.order_id = o.id
  ) AS lines
  FROM orders o`;

function withLines(strings: TemplateStringsArray, ...values: unknown[]) {
  const statement = sql(strings, ...values);
  return { text: `${WITH_LINES} ${statement.text}`, values: statement.values };
}

/** 128 random bits, URL-safe: the order's URL cannot be guessed. */
export const ORDER_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** The stored order (internal: payment ids included), or null. */
export async function getOrder(orderId: string, on: Queries = db): Promise<StoredOrder | null> {
  if (!ORDER_ID_PATTERN.test(orderId)) return null;
  const row = await on.one<OrderRow>(withLines`WHERE o.id = ${orderId}`);
  return row ? orderOf(row) : null;
}

/** The order a checkout attempt's key made, or null. */
export async function orderOfKey(idempotencyKey: string): Promise<StoredOrder | null> {
  const row = await db.one<OrderRow>(withLines`WHERE o.idempotency_key = ${idempotencyKey}`);
  return row ? orderOf(row) : null;
}

export interface NewOrder {
  orderId: string;
  orderNumber: string;
  idempotencyKey: string;
  fingerprint: string;
  orderType: OrderType;
  lines: OrderLine[];
  totals: Totals;
  tipCents: number;
  note: string;
  customer: StoredOrder["customer"];
  delivery: StoredOrder["delivery"];
  createdAt: Date;
  /** Its promised time: `claim` takes the slot's kitchen room inside the order's transaction (throws when full). */
  promise?: { asap: boolean; claim(tx: Queries, orderId: string): Promise<Date> };
}

/**
 * Writes a pending order and its lines in one transaction, unless its key already made one: then
 * nothing is written and the order of that key answers. An order is listed for staff because it
 * exists: there is no index to write apart from it.
 */
export async function insertPendingOrder(order: NewOrder, admit?: (tx: Queries) => Promise<void>): Promise<StoredOrder> {
  return db.transaction(async (tx) => {
    const created = await tx.one<{ id: string }>(sql`
      INSERT INTO orders (id, order_number, idempotency_key, fingerprint, status, order_type, subtotal_cents, tax_cents,
                          delivery_fee_cents, total_cents, tip_cents, note, customer_name, customer_email, customer_phone, delivery,
                          created_at, miami_date, updated_at)
      VALUES (${order.orderId}, ${order.orderNumber}, ${order.idempotencyKey}, ${order.fingerprint}, 'pending', ${order.orderType},
              ${order.totals.subtotal}, ${order.totals.tax}, ${order.totals.deliveryFee}, ${order.totals.total},
              ${order.tipCents}, ${order.note},
              ${order.customer.name}, ${order.customer.email}, ${order.customer.phone}, ${order.delivery},
              ${order.createdAt}, ${restaurantTime(order.createdAt).date}, ${order.createdAt})
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING id`);
    // A new attempt is admitted (or refused, and then nothing of it is stored) in the same transaction:
    // a second request with the same key waits on the key's row and finds the verdict.
    if (created && admit) await admit(tx);
    if (created && order.promise) {
      const promisedAt = await order.promise.claim(tx, order.orderId);
      await tx.run(sql`UPDATE orders SET promised_at = ${promisedAt}, promised_asap = ${order.promise.asap} WHERE id = ${order.orderId}`);
    }
    if (created && order.lines.length > 0) {
      // Every line in one statement (one round trip), numbered from 1 in the order given.
      const lines = order.lines.map((line, index) => ({
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
        SELECT ${order.orderId}, l.line_number, l.menu_item_id, l.name, l.description, l.unit_price_cents, l.quantity,
               l.catalog_object_id, l.options, l.note
        FROM jsonb_to_recordset(${JSON.stringify(lines)}::jsonb)
          AS l(line_number integer, menu_item_id integer, name text, description text, unit_price_cents integer, quantity integer,
               catalog_object_id text, options jsonb, note text)`);
    }
    const row = await tx.one<OrderRow>(withLines`WHERE o.idempotency_key = ${order.idempotencyKey}`);
    return orderOf(row!);
  });
}

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

/** Moves a paid order to `status` when it is in one of `from`, in one statement; null when it was not. */
export async function moveStatus(orderId: string, from: readonly string[], status: OrderStatus, now: Date): Promise<StoredOrder | null> {
  const moved = await db.one<{ id: string }>(sql`
    UPDATE orders SET status = ${status}, updated_at = ${now} WHERE id = ${orderId} AND status = ANY(${[...from]}::text[]) RETURNING id`);
  return moved ? getOrder(orderId) : null;
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

/** The order Square knows by `providerOrderId` (its order id), or null: one of ours, or not. */
export async function orderOfProviderOrder(providerOrderId: string): Promise<StoredOrder | null> {
  const row = await db.one<OrderRow>(withLines`WHERE o.provider_order_id = ${providerOrderId} ORDER BY o.created_at LIMIT 1`);
  return row ? orderOf(row) : null;
}

/** The order paid by the provider payment `paymentId`, or null. */
export async function orderOfPayment(paymentId: string): Promise<StoredOrder | null> {
  const row = await db.one<OrderRow>(withLines`WHERE o.payment_id = ${paymentId} ORDER BY o.created_at LIMIT 1`);
  return row ? orderOf(row) : null;
}

/** What an order knows of its Square fulfillment: its uid, the order version last seen, and the last failed push. */
export interface FulfillmentSync {
  fulfillmentUid: string | null;
  version: number | null;
  posSyncError: string | null;
}

export async function fulfillmentSyncOf(orderId: string): Promise<FulfillmentSync | null> {
  const row = await db.one<{ fulfillment_uid: string | null; square_version: number | null; pos_sync_error: string | null }>(sql`
    SELECT fulfillment_uid, square_version, pos_sync_error FROM orders WHERE id = ${orderId}`);
  return row ? { fulfillmentUid: row.fulfillment_uid, version: row.square_version, posSyncError: row.pos_sync_error } : null;
}

/**
 * Moves a paid order to `status` as Square's POS says, in one statement: only from one of `from`, and
 * only when `version` is newer than the version already seen (a late, older notification changes
 * nothing). Null when it did not move.
 */
export async function moveStatusFromProvider(
  orderId: string,
  from: readonly string[],
  status: OrderStatus,
  version: number,
  fulfillmentUid: string | null,
  now: Date,
): Promise<StoredOrder | null> {
  const moved = await db.one<{ id: string }>(sql`
    UPDATE orders SET status = ${status}, updated_at = ${now}, square_version = ${version},
      fulfillment_uid = coalesce(${fulfillmentUid}, fulfillment_uid)
    WHERE id = ${orderId} AND status = ANY(${[...from]}::text[]) AND (square_version IS NULL OR square_version < ${version})
    RETURNING id`);
  return moved ? getOrder(orderId) : null;
}

/** Remembers the newest Square order version seen (never an older one) and the fulfillment's uid. */
export async function noteProviderVersion(orderId: string, version: number, fulfillmentUid: string | null): Promise<void> {
  await db.run(sql`
    UPDATE orders SET square_version = GREATEST(coalesce(square_version, 0), ${version}),
      fulfillment_uid = coalesce(${fulfillmentUid}, fulfillment_uid)
    WHERE id = ${orderId}`);
}

/** Notes whether the last status staff set here reached the POS (`error` null: it did). */
export async function notePosSync(orderId: string, error: string | null): Promise<void> {
  await db.run(sql`UPDATE orders SET pos_sync_error = ${error} WHERE id = ${orderId}`);
}
