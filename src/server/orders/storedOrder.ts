// An order as the code sees it (StoredOrder) and as a row holds it, with the one read every query of
// orders uses: the order and its lines, in line order.
import { asLocale, type Locale } from "../../domain/i18n/locales";
import type { OrderLine } from "../../domain/orderLines";
import { ORDER_STATUSES, type OrderStatus, type OrderType, type PaymentState } from "../../domain/orderReadModel";
import type { Totals } from "../../domain/pricing";
import { readTenders, type Tender } from "../../domain/tenders";
import type { PaymentProvider } from "../payments";
import { sql, type Statement } from "../platform/sql";

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
  /**
   * What the order was decided with off its subtotal (a participant's discount, priced before anything was
   * stored); `totals.discount` is what Square's order takes off once shaped before the charge (more when a
   * participant put something on it there).
   */
  decidedDiscountCents: number;
  /** The diner's note for the whole order. */
  note: string;
  customer: { name: string; email: string; phone: string };
  /** The customer's language (their e-mails are in it); the kitchen reads the order in English whatever it is. */
  locale: Locale;
  delivery: { address: string; unit?: string; city: string; state: string; zipCode: string; phone: string; notes: string } | null;
  createdAt: string;
  /** The time the order is promised for (a chosen slot, or the time quoted 'as soon as possible'); null for older orders. */
  promisedAt: string | null;
  promisedAsap: boolean;
  /** The new time of the one running-late message, when the kitchen sent it (src/server/kitchen). */
  runningLateUntil?: string | null;
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
    /** How it was paid, for the receipt (empty before it was paid, and for orders paid before tenders were kept). */
    tenders: Tender[];
  };
}


export interface OrderRow {
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
  /** Absent on rows read before the migration 20261126020000_order_locale.sql. */
  locale?: string | null;
  delivery: StoredOrder["delivery"];
  created_at: Date;
  promised_at: Date | null;
  promised_asap: boolean;
  late_new_time?: Date | null;
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
  /** Absent on rows read before the migration 20261128075000_receipts_and_come_back.sql. */
  tenders?: unknown;
  lines: LineJson[] | null;
  /** Absent on rows read before the migration 20261128070000_offers.sql. */
  discount_cents?: number | null;
  /** Square's whole discount once the order was shaped before its charge (a reward on top); null before. */
  square_discount_cents?: number | null;
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

export function orderOf(row: OrderRow): StoredOrder {
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
    totals: { subtotal: row.subtotal_cents, ...((row.square_discount_cents ?? row.discount_cents) ? { discount: (row.square_discount_cents ?? row.discount_cents)! } : {}), tax: row.tax_cents, deliveryFee: row.delivery_fee_cents, total: row.total_cents },
    tipCents: row.tip_cents ?? 0,
    decidedDiscountCents: row.discount_cents ?? 0,
    note: row.note ?? "",
    customer: { name: row.customer_name, email: row.customer_email, phone: row.customer_phone },
    locale: asLocale(row.locale),
    delivery: row.delivery,
    createdAt: row.created_at.toISOString(),
    promisedAt: row.promised_at?.toISOString() ?? null,
    promisedAsap: row.promised_asap,
    runningLateUntil: row.late_new_time?.toISOString() ?? null,
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
      tenders: readTenders(row.tenders),
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
  ) AS lines,
  (SELECT n.new_time FROM order_late_notices n WHERE n.order_id = o.id) AS late_new_time
  FROM orders o`;


/** A statement that reads orders with their lines: `withLines`WHERE ...`` . */
export function withLines(strings: TemplateStringsArray, ...values: unknown[]): Statement {
  const statement = sql(strings, ...values);
  return { text: `${WITH_LINES} ${statement.text}`, values: statement.values };
}

