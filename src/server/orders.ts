// Orders: priced by the server from its own menu, recorded as pending before any charge, paid through
// the payment gateway and then confirmed with the provider's ids. Read by the confirmation page and
// the admin console. Keys in the "orders" store:
//   order/{orderId}                      the record (one key per order)
//   key/{idempotencyKey}                 the checkout attempt's claim on an order (written only if new)
//   day/{YYYY-MM-DD}/{epochMs}-{orderId} an empty index entry per Miami day, for the staff's order list
import { createHash, randomBytes, randomInt } from "node:crypto";
import areas from "../../content/areas.json";
import sections from "../../content/sections.json";
import { deliversTo, servedZipCodes, undeliverableZipMessage } from "../domain/delivery";
import { isSectionOpen, restaurantTime } from "../domain/hours";
import type { MenuItem } from "../domain/menu.schema";
import { deliveryFeeFor, formatAmount, toCents, toDollars, type Cents } from "../domain/money";
import {
  ESTIMATED_READY_TIME,
  ORDER_STATUSES,
  type OrderRequest,
  type OrderStatus,
  type OrderType,
  type OrderView,
  type PaymentState,
} from "../domain/orderRequest.schema";
import { isAllowedTransition } from "../domain/orderStatusFlow";
import { computeTotals, type Totals } from "../domain/pricing";
import { serverNow } from "./env";
import { HttpError, log, type ErrorIssue } from "./http";
import { readMenu } from "./menu";
import {
  PaymentDeclined,
  paymentGateway,
  type ChargeLookup,
  type ChargeRequest,
  type ChargeResult,
  type PaymentGateway,
  type PaymentProvider,
} from "./payments";
import { createJSON, store, updateJSON, withKeyLock } from "./stores";

export interface OrderLine {
  menuItemId: number;
  name: string;
  description: string;
  unitPriceCents: Cents;
  quantity: number;
  /** Square item-variation id when the menu was synced, so Square reports sales per catalogue item. */
  catalogObjectId: string | null;
}

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
  customer: { name: string; email: string; phone: string };
  delivery: { address: string; city: string; state: string; zipCode: string; phone: string; notes: string } | null;
  createdAt: string;
  updatedAt: string;
  confirmedAt: string | null;
  payment: {
    provider: PaymentProvider | null;
    providerOrderId: string | null;
    providerTaxCents: Cents | null;
    providerTotalCents: Cents | null;
    paymentId: string | null;
    amountCents: Cents | null;
    receiptUrl: string | null;
    attempts: number;
    lastError: { status: number; message: string; at: string } | null;
    /** The last time a reconciliation asked the provider about this attempt, and whether it found a charge. */
    lastCheck?: { at: string; chargeFound: boolean } | null;
    /** When the last charge attempt began: a check made before it cannot speak for it. */
    lastAttemptAt?: string;
  };
}

interface OrderClaim {
  orderId: string;
  orderNumber: string;
  fingerprint: string;
  createdAt: string;
}

export interface PlacedOrder {
  orderId: string;
  orderNumber: string;
  status: StoredOrder["status"];
}

const orderKey = (orderId: string) => `order/${orderId}`;
const claimKey = (idempotencyKey: string) => `key/${idempotencyKey}`;
const dayPrefix = (miamiDate: string) => `day/${miamiDate}/`;
const dayKey = (claim: OrderClaim) =>
  `${dayPrefix(restaurantTime(new Date(claim.createdAt)).date)}${String(Date.parse(claim.createdAt)).padStart(13, "0")}-${claim.orderId}`;

/** 128 random bits, URL-safe: the order's URL cannot be guessed. */
export const ORDER_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
const ORDER_NUMBER_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

function newOrderId(): string {
  return randomBytes(16).toString("base64url");
}

/** Five characters people read aloud without confusion (no 0/O, 1/I/L): about 28 million codes. */
function newOrderNumber(): string {
  return Array.from({ length: 5 }, () => ORDER_NUMBER_ALPHABET[randomInt(ORDER_NUMBER_ALPHABET.length)]).join("");
}

const SECTION_NAMES = new Map(sections.map((section) => [section.id, section.name]));
/** The ZIP codes we deliver to; the checkout page hands the browser the same list. */
const SERVED_ZIP_CODES = servedZipCodes(areas);

const PAID_STATUSES: ReadonlySet<string> = new Set(ORDER_STATUSES);
export function isPaid(order: StoredOrder): boolean {
  return PAID_STATUSES.has(order.status);
}

/** One line per menu item: the same dish sent twice counts once with the quantities added. */
function mergeLines(items: OrderRequest["items"]): { id: number; quantity: number; name?: string }[] {
  const merged = new Map<number, { id: number; quantity: number; name?: string }>();
  for (const item of items) {
    const existing = merged.get(item.id);
    if (existing) existing.quantity += item.quantity;
    else merged.set(item.id, { id: item.id, quantity: item.quantity, name: item.name });
  }
  return [...merged.values()];
}

/** Prices every line from our menu and refuses (422, naming each dish) what cannot be sold now. */
function priceLines(requested: ReturnType<typeof mergeLines>, menu: MenuItem[], now: Date): OrderLine[] {
  const problems: ErrorIssue[] = [];
  const lines: OrderLine[] = [];
  requested.forEach((line, index) => {
    const item = menu.find((candidate) => candidate.id === line.id);
    const path = `items.${index}`;
    if (!item) {
      const label = line.name?.trim() ? `"${line.name.trim().slice(0, 80)}"` : `Item ${line.id}`;
      problems.push({ path, message: `${label} is not on our menu.` });
    } else if (!item.inStock) {
      problems.push({ path, message: `${item.name} is out of stock.` });
    } else if (!isSectionOpen(item.section, now)) {
      const section = SECTION_NAMES.get(item.section) ?? item.section;
      problems.push({ path, message: `${item.name} is not available right now: ${section} is closed.` });
    } else {
      lines.push({
        menuItemId: item.id,
        name: item.name,
        description: item.description,
        unitPriceCents: item.priceCents,
        quantity: line.quantity,
        catalogObjectId: item.squareVariationId,
      });
    }
  });
  if (problems.length > 0) {
    const first = problems[0]!.message;
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : "";
    throw new HttpError(422, `${first}${more} Please update your cart.`, problems);
  }
  return lines;
}

function deliveryOf(request: OrderRequest): StoredOrder["delivery"] {
  if (request.orderType !== "delivery" || !request.deliveryInfo) return null;
  const info = request.deliveryInfo;
  return {
    address: info.address,
    city: info.city,
    state: info.state,
    zipCode: info.zipCode,
    phone: info.phone || request.customerInfo.phone,
    notes: info.deliveryNotes ?? "",
  };
}

function fingerprintOf(request: OrderRequest): string {
  const lines = mergeLines(request.items)
    .map((line) => [line.id, line.quantity])
    .sort((a, b) => a[0]! - b[0]!);
  const customer = request.customerInfo;
  const canonical = JSON.stringify([
    request.orderType,
    lines,
    [customer.name, customer.email.toLowerCase(), customer.phone],
    deliveryOf(request),
  ]);
  return createHash("sha256").update(canonical).digest("base64url");
}

const KEY_CONFLICT = new HttpError(
  409,
  "This checkout attempt was already used for a different order. Please reload the page and try again.",
);

async function readClaim(idempotencyKey: string): Promise<OrderClaim | null> {
  return (await store("orders").get(claimKey(idempotencyKey), { type: "json" })) as OrderClaim | null;
}

/** Whether this checkout attempt was seen before: a retry of it is not a new attempt. */
export async function isKnownAttempt(idempotencyKey: string): Promise<boolean> {
  return (await readClaim(idempotencyKey)) !== null;
}

/** The stored record of an order (internal: payment ids included), or null. */
export async function getOrder(orderId: string): Promise<StoredOrder | null> {
  if (!ORDER_ID_PATTERN.test(orderId)) return null;
  return (await store("orders").get(orderKey(orderId), { type: "json" })) as StoredOrder | null;
}

function totalsOf(request: OrderRequest, lines: OrderLine[]): Totals {
  return computeTotals(
    lines.map((line) => ({ unitPrice: line.unitPriceCents, quantity: line.quantity })),
    deliveryFeeFor(request.orderType),
  );
}

/**
 * The card is charged only the total the customer saw. A cart keeps the prices of the moment its
 * dishes were added; when the menu has changed since (a catalogue sync), the order is refused with
 * 409 and today's prices, before anything is stored or charged, and the checkout shows them.
 */
function assertTotalAsShown(request: OrderRequest, lines: OrderLine[]): void {
  if (request.total === undefined) return;
  const totals = totalsOf(request, lines);
  if (toCents(request.total) === totals.total) return;
  throw new HttpError(
    409,
    `Prices have changed since these dishes went into your cart: the total is now $${formatAmount(totals.total)}. Please check your order and pay again.`,
    [
      { path: "total", message: formatAmount(totals.total) },
      ...lines.map((line) => ({ path: `items.${line.menuItemId}.price`, message: formatAmount(line.unitPriceCents) })),
    ],
  );
}

function pendingRecord(claim: OrderClaim, idempotencyKey: string, request: OrderRequest, lines: OrderLine[]): StoredOrder {
  const totals = totalsOf(request, lines);
  return {
    orderId: claim.orderId,
    orderNumber: claim.orderNumber,
    idempotencyKey,
    fingerprint: claim.fingerprint,
    status: "pending",
    orderType: request.orderType,
    lines,
    totals,
    customer: { ...request.customerInfo },
    delivery: deliveryOf(request),
    createdAt: claim.createdAt,
    updatedAt: claim.createdAt,
    confirmedAt: null,
    payment: {
      provider: null,
      providerOrderId: null,
      providerTaxCents: null,
      providerTotalCents: null,
      paymentId: null,
      amountCents: null,
      receiptUrl: null,
      attempts: 0,
      lastError: null,
    },
  };
}

/**
 * Places (or, for a retried checkout attempt, finishes) an order and answers its id. The pending
 * record exists before the gateway is called; the same key and cart give the same order and never a
 * second charge; the same key with another cart is refused with 409.
 */
export async function placeOrder(request: OrderRequest, idempotencyKey: string): Promise<PlacedOrder> {
  const gateway = paymentGateway(); // 503 in production without Square, before anything is stored
  const record = await beforeTheCharge(() => pendingOrderFor(request, idempotencyKey));
  const finished = await chargeOnce(record.orderId, request.paymentToken, gateway);
  return { orderId: finished.orderId, orderNumber: finished.orderNumber, status: finished.status };
}

/** The order store failed before any card was charged: the customer may simply try again. */
const STORE_DOWN_NOT_CHARGED = new HttpError(
  503,
  "We could not take your order just now and your card was not charged. Please try again in a moment.",
);
/** The order store failed after the charge: the pending record and the provider's idempotency finish it. */
const STORE_DOWN_CHARGED = new HttpError(
  503,
  "Your payment went through, but we could not save your order just now. Please try again in a moment " +
    "(you will not be charged twice) or call us at (305) 699-1430.",
);

/** Runs storage work that precedes any charge; a storage failure there becomes 503 "not charged". */
async function beforeTheCharge<T>(task: () => Promise<T>): Promise<T> {
  try {
    return await task();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    log("error", "order store failed before the charge", { error: error instanceof Error ? error.message : String(error) });
    throw STORE_DOWN_NOT_CHARGED;
  }
}

/** The pending record of this checkout attempt: found again for a retry, else claimed and written. */
async function pendingOrderFor(request: OrderRequest, idempotencyKey: string): Promise<StoredOrder> {
  const fingerprint = fingerprintOf(request);
  let claim = await readClaim(idempotencyKey);
  if (claim && claim.fingerprint !== fingerprint) throw KEY_CONFLICT;
  let record = claim ? await getOrder(claim.orderId) : null;
  if (!record) {
    const now = serverNow();
    const lines = priceLines(mergeLines(request.items), await readMenu(), now);
    if (request.orderType === "delivery" && request.deliveryInfo && !deliversTo(request.deliveryInfo.zipCode, SERVED_ZIP_CODES)) {
      throw new HttpError(422, undeliverableZipMessage(request.deliveryInfo.zipCode), [
        { path: "deliveryInfo.zipCode", message: "outside our delivery area" },
      ]);
    }
    assertTotalAsShown(request, lines);
    if (!claim) {
      const fresh: OrderClaim = { orderId: newOrderId(), orderNumber: newOrderNumber(), fingerprint, createdAt: now.toISOString() };
      claim = (await createJSON("orders", claimKey(idempotencyKey), fresh)) ? fresh : await readClaim(idempotencyKey);
      if (!claim) throw new Error("an order claim vanished after it was written");
      if (claim.fingerprint !== fingerprint) throw KEY_CONFLICT;
    }
    // Every racer builds the same record from the same claim; the first write wins, the others read it.
    const fresh = pendingRecord(claim, idempotencyKey, request, lines);
    record = (await createJSON("orders", orderKey(claim.orderId), fresh)) ? fresh : await getOrder(claim.orderId);
    if (!record) throw new Error("an order record vanished after it was written");
  }
  // On every attempt, not only the first: if this write failed before, a retry lists the order for
  // staff (the Orders tab, reconciliation) before its card is charged. Written only if new.
  if (claim) await createJSON("orders", dayKey(claim), {});
  return record;
}

function chargeRequestOf(order: StoredOrder, sourceId: string): ChargeRequest {
  const { payment } = order;
  return {
    idempotencyKey: order.idempotencyKey,
    referenceId: order.orderNumber,
    sourceId,
    orderType: order.orderType,
    lines: order.lines.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      catalogObjectId: line.catalogObjectId,
    })),
    deliveryFeeCents: order.totals.deliveryFee,
    expectedTotalCents: order.totals.total,
    customer: order.customer,
    delivery: order.delivery,
    providerOrder:
      payment.providerOrderId && payment.providerTotalCents !== null
        ? { id: payment.providerOrderId, taxCents: payment.providerTaxCents ?? 0, totalCents: payment.providerTotalCents }
        : null,
  };
}

async function changeOrder(orderId: string, change: (order: StoredOrder) => StoredOrder): Promise<StoredOrder> {
  return updateJSON<StoredOrder>("orders", orderKey(orderId), (current) => {
    if (!current) throw new Error(`order ${orderId} is missing`);
    return { ...change(current), updatedAt: serverNow().toISOString() };
  });
}

function confirmedRecord(order: StoredOrder, result: ChargeResult): StoredOrder {
  const subtotalAndFee = order.totals.subtotal + order.totals.deliveryFee;
  // Show what the card was charged: the provider may round tax per line, a cent away from ours.
  const totals =
    result.amountCents === order.totals.total
      ? order.totals
      : { ...order.totals, tax: result.amountCents - subtotalAndFee, total: result.amountCents };
  return {
    ...order,
    status: "confirmed",
    totals,
    confirmedAt: serverNow().toISOString(),
    payment: {
      ...order.payment,
      provider: result.provider,
      providerOrderId: result.providerOrder.id,
      providerTaxCents: result.providerOrder.taxCents,
      providerTotalCents: result.providerOrder.totalCents,
      paymentId: result.paymentId,
      amountCents: result.amountCents,
      receiptUrl: result.receiptUrl,
      lastError: null,
    },
  };
}

/**
 * Charges a pending order once. The lock makes concurrent retries in this process wait and then see
 * the confirmed record; across processes the provider's idempotency key prevents a second charge.
 */
async function chargeOnce(orderId: string, sourceId: string, gateway: PaymentGateway): Promise<StoredOrder> {
  return withKeyLock(`orders/charge/${orderId}`, async () => {
    const order = await beforeTheCharge(() => getOrder(orderId));
    if (!order) throw new Error(`order ${orderId} is missing`);
    if (isPaid(order)) return order;
    // Noted before the card is charged: a reconciliation that found nothing earlier must look again.
    await beforeTheCharge(() => changeOrder(orderId, (current) => ({ ...current, payment: { ...current.payment, lastAttemptAt: new Date().toISOString() } })));
    let result: ChargeResult;
    try {
      result = await gateway.createOrderAndCharge(chargeRequestOf(order, sourceId), {
        onProviderOrder: async (providerOrder) => {
          if (order.payment.providerOrderId === providerOrder.id) return;
          await changeOrder(orderId, (current) => ({
            ...current,
            payment: {
              ...current.payment,
              provider: gateway.provider,
              providerOrderId: providerOrder.id,
              providerTaxCents: providerOrder.taxCents,
              providerTotalCents: providerOrder.totalCents,
            },
          }));
        },
      });
    } catch (error) {
      await recordFailure(orderId, gateway.provider, error);
      // The gateway turns every provider failure into an HttpError; anything else is our store
      // failing while it remembered the provider order, which is before the card is charged.
      if (error instanceof HttpError) throw error;
      log("error", "order store failed before the charge", { orderNumber: order.orderNumber, error: String(error) });
      throw STORE_DOWN_NOT_CHARGED;
    }
    return confirmCharge(order, result);
  });
}

/**
 * Stores the confirmation of a charge. If the store fails now, the card is charged and the record
 * stays pending with the provider order on it: a retry of the checkout (the provider answers the
 * same payment again) or reconcileOrder() finishes it, and the admin console lists it meanwhile.
 */
async function confirmCharge(order: StoredOrder, result: ChargeResult): Promise<StoredOrder> {
  let confirmed: StoredOrder;
  try {
    confirmed = await changeOrder(order.orderId, (current) => (isPaid(current) ? current : confirmedRecord(current, result)));
  } catch (error) {
    log("error", "charged, but the confirmation could not be stored; the order stays pending for a retry or reconciliation", {
      orderNumber: order.orderNumber,
      paymentId: result.paymentId,
      amountCents: result.amountCents,
      error: error instanceof Error ? error.message : String(error),
    });
    throw STORE_DOWN_CHARGED;
  }
  log("info", "order confirmed", { orderNumber: confirmed.orderNumber, provider: result.provider, amountCents: result.amountCents });
  return confirmed;
}

export type ReconcileOutcome = "confirmed" | "already-paid" | "not-charged";

/**
 * Finishes an order whose charge may have happened without its confirmation being stored (a
 * timeout, an unreadable answer, the store failing after the charge): asks the gateway whether the
 * attempt charged the card, and confirms the order if it did. Never charges. Throws 404 for an
 * unknown order and 502 when the provider cannot tell right now.
 */
export async function reconcileOrder(
  orderId: string,
  gateway: PaymentGateway = paymentGateway(),
): Promise<{ outcome: ReconcileOutcome; order: StoredOrder }> {
  return withKeyLock(`orders/charge/${orderId}`, async () => {
    const order = await getOrder(orderId);
    if (!order) throw new HttpError(404, "There is no such order.");
    if (isPaid(order)) return { outcome: "already-paid" as const, order };
    if (order.status === "payment_failed") return { outcome: "not-charged" as const, order };
    const { sourceId: _unused, ...lookup }: ChargeRequest = chargeRequestOf(order, "");
    const result = await gateway.findCharge(lookup satisfies ChargeLookup);
    if (result) {
      const confirmed = await confirmCharge(order, result);
      log("warn", "pending order reconciled: the charge was found and the order confirmed", { orderNumber: order.orderNumber });
      return { outcome: "confirmed" as const, order: confirmed };
    }
    // Not changeOrder: a check is not a change of the order, and updatedAt keeps telling how long it has waited.
    const checked = await updateJSON<StoredOrder>("orders", orderKey(orderId), (current) => {
      if (!current) throw new Error(`order ${orderId} is missing`);
      if (isPaid(current)) return current;
      // The real clock, like lastAttemptAt: both say when Square was asked, not the restaurant's hour.
      return { ...current, payment: { ...current.payment, lastCheck: { at: new Date().toISOString(), chargeFound: false } } };
    });
    return { outcome: isPaid(checked) ? ("already-paid" as const) : ("not-charged" as const), order: checked };
  });
}

/** Reconciles every order pending for longer than `olderThanMinutes` (the scheduled step). */
export async function reconcilePendingOrders(
  olderThanMinutes = 5,
  gateway: PaymentGateway = paymentGateway(),
): Promise<Record<ReconcileOutcome | "failed", number>> {
  const counts = { confirmed: 0, "already-paid": 0, "not-charged": 0, failed: 0 };
  for (const order of await listOrdersNeedingAttention({ olderThanMinutes })) {
    // Once the provider said "no charge" after the last attempt began, asking again changes nothing.
    const check = order.payment.lastCheck;
    const lastAttempt = order.payment.lastAttemptAt ?? order.payment.lastError?.at ?? order.createdAt;
    if (check && !check.chargeFound && Date.parse(check.at) > Date.parse(lastAttempt)) continue;
    try {
      counts[(await reconcileOrder(order.orderId, gateway)).outcome] += 1;
    } catch (error) {
      counts.failed += 1;
      log("error", "reconciliation failed", { orderNumber: order.orderNumber, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return counts;
}

/**
 * Keeps what went wrong on the record: a decline or a request the provider refused ends the attempt
 * (nothing was charged; it needs no one's attention), anything else leaves it pending for
 * reconciliation. A decline keeps the provider's reason for staff, which the customer is never told.
 */
async function recordFailure(orderId: string, provider: PaymentProvider, error: unknown): Promise<void> {
  const status = error instanceof HttpError ? error.status : 500;
  const reason = error instanceof PaymentDeclined ? error.reason : undefined;
  const message = error instanceof HttpError ? (reason ? `${error.message} (${reason})` : error.message) : "unexpected error";
  if (reason) log("warn", "card declined", { orderId, reason });
  try {
    await changeOrder(orderId, (current) =>
      isPaid(current)
        ? current
        : {
            ...current,
            status: status === 402 || status === 422 ? "payment_failed" : "pending",
            payment: {
              ...current.payment,
              provider,
              attempts: current.payment.attempts + 1,
              lastError: { status, message, at: serverNow().toISOString() },
            },
          },
    );
  } catch (storeError) {
    log("error", "could not record a payment failure", { error: storeError instanceof Error ? storeError.message : String(storeError) });
  }
}

/** The customer's view of an order (spec 3 "Order (read)"), amounts in dollars, no payment ids. */
export function toOrderView(order: StoredOrder): OrderView {
  return {
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    status: order.status === "payment_failed" ? "pending" : order.status,
    estimatedReadyTime: ESTIMATED_READY_TIME[order.orderType],
    createdAt: order.createdAt,
    items: order.lines.map((line) => ({
      name: line.name,
      description: line.description,
      price: toDollars(line.unitPriceCents),
      quantity: line.quantity,
    })),
    subtotal: toDollars(order.totals.subtotal),
    tax: toDollars(order.totals.tax),
    deliveryFee: toDollars(order.totals.deliveryFee),
    total: toDollars(order.totals.total),
    orderType: order.orderType,
    deliveryInfo: order.delivery
      ? {
          address: order.delivery.address,
          city: order.delivery.city,
          state: order.delivery.state,
          zipCode: order.delivery.zipCode,
          phone: order.delivery.phone,
          notes: order.delivery.notes,
        }
      : null,
    customerInfo: { ...order.customer },
  };
}

/** What GET /api/orders/{id} shows: null for an unknown id and for an order whose card was declined. */
export async function getOrderView(orderId: string): Promise<OrderView | null> {
  const order = await getOrder(orderId);
  return order && order.status !== "payment_failed" ? toOrderView(order) : null;
}

async function ordersUnder(prefix: string): Promise<StoredOrder[]> {
  const { blobs } = await store("orders").list({ prefix });
  const ids = blobs
    .map((blob) => blob.key)
    .sort()
    .reverse()
    .map((key) => key.slice(key.lastIndexOf("/") + 1 + 14)); // past "{13-digit ms}-"
  const orders = await Promise.all(ids.map((id) => getOrder(id)));
  return orders.filter((order): order is StoredOrder => order !== null);
}

/**
 * The orders of one Miami day (YYYY-MM-DD), newest first. Paid orders only, unless `includeUnpaid`
 * (pending and declined attempts, for reconciliation).
 */
export async function listOrdersForDay(miamiDate: string, options: { includeUnpaid?: boolean } = {}): Promise<StoredOrder[]> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(miamiDate)) throw new HttpError(400, "The day must be written YYYY-MM-DD.");
  const orders = await ordersUnder(dayPrefix(miamiDate));
  return options.includeUnpaid ? orders : orders.filter(isPaid);
}

/**
 * Orders still pending (no payment confirmed) for longer than `olderThanMinutes`, from today and
 * yesterday in Miami: a charge may have gone through without its confirmation being stored.
 */
export async function listOrdersNeedingAttention(
  options: { olderThanMinutes?: number; now?: Date } = {},
): Promise<StoredOrder[]> {
  const now = options.now ?? serverNow();
  const cutoff = now.getTime() - (options.olderThanMinutes ?? 5) * 60_000;
  const days = [restaurantTime(now).date, restaurantTime(new Date(now.getTime() - 86_400_000)).date];
  const orders = (await Promise.all(days.map((day) => ordersUnder(dayPrefix(day))))).flat();
  return orders.filter((order) => order.status === "pending" && Date.parse(order.updatedAt) <= cutoff);
}

/** What the admin console shows of an order left pending: everything known, in dollars. */
export interface AttentionView {
  orderId: string;
  orderNumber: string;
  createdAt: string;
  updatedAt: string;
  minutesPending: number;
  orderType: OrderType;
  total: number;
  customerInfo: StoredOrder["customer"];
  provider: PaymentProvider | null;
  providerOrderId: string | null;
  attempts: number;
  lastError: StoredOrder["payment"]["lastError"];
  lastCheck: { at: string; chargeFound: boolean } | null;
  /** One sentence for staff: what probably happened and what to do. */
  summary: string;
}

export function toAttentionView(order: StoredOrder, now: Date = serverNow()): AttentionView {
  const { payment } = order;
  const summary = payment.lastCheck && !payment.lastCheck.chargeFound
    ? "The payment provider has no charge for this attempt: the customer was not charged. Nothing to do unless they call."
    : payment.providerOrderId
      ? "The order reached the payment provider but its payment was never confirmed here: the card may have been charged. Reconcile to find out."
      : payment.lastError
        ? `The last payment attempt failed (${payment.lastError.status}) before the card was charged.`
        : "The order was recorded but no payment attempt finished: the customer probably left or lost the connection.";
  return {
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    minutesPending: Math.max(0, Math.floor((now.getTime() - Date.parse(order.createdAt)) / 60_000)),
    orderType: order.orderType,
    total: toDollars(order.totals.total),
    customerInfo: { ...order.customer },
    provider: payment.provider,
    providerOrderId: payment.providerOrderId,
    attempts: payment.attempts,
    lastError: payment.lastError,
    lastCheck: payment.lastCheck ?? null,
    summary,
  };
}

/** Moves a paid order to another status (the staff's order board). Null when there is no such order. */
/**
 * Moves a paid order to `status` if its flow allows it from the status it has at the moment of the
 * write: the check is inside the conditional update, so two clicks racing (complete, then cancel)
 * cannot both pass a check made on a stale read.
 */
export async function setOrderStatus(orderId: string, status: OrderStatus): Promise<StoredOrder | null> {
  if (!(await getOrder(orderId))) return null;
  return changeOrder(orderId, (current) => {
    if (!isPaid(current)) throw new HttpError(409, "This order has not been paid, so its status cannot change.");
    if (!isAllowedTransition(current.status, status)) {
      throw new HttpError(409, `An order that is ${current.status} cannot be moved to ${status}.`);
    }
    return { ...current, status };
  });
}
