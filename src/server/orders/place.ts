// Placing an order: priced by the server from its own menu, stored as pending (with its lines, in one
// transaction) before any charge, paid through the payment gateway, then confirmed with the
// provider's ids. The same checkout attempt (idempotency key) and cart give the same order and never
// a second charge; the same key with another cart is refused.
import { createHash, randomBytes, randomInt } from "node:crypto";
import areas from "../../../content/areas.json";
import sections from "../../../content/sections.json";
import site from "../../../content/site.json";
import { deliversTo, servedZipCodes, undeliverableZipMessage } from "../../domain/delivery";
import { promiseFor } from "../schedule/promise";
import { tipProblem } from "../../domain/dishOptions";
import { formatAmount, toCents } from "../../domain/money";
import { canonicalOrder, cartProblemSentence, mergeLines, orderTotals, priceLines, type OrderLine } from "../../domain/orderLines";
import type { OrderRequest } from "../../domain/orderRequest.schema";
import type { Queries } from "../database";
import { serverNow } from "../env";
import { CardDeclined, Conflict, KeyReused, RuleBroken, ServiceError, Unavailable, statusOf } from "../errors";
import { DATABASE_DOWN_MESSAGE, isDatabaseDown, log } from "../http";
import { findMenuItems } from "../menu";
import { assertPaymentsAvailable, paymentGateway, type ChargeRequest, type ChargeResult, type PaymentGateway } from "../payments/gateway";
import {
  beginAttempt,
  confirmOrder,
  getOrder,
  insertPendingOrder,
  isPaid,
  orderOfKey,
  recordFailure,
  rememberProviderOrder,
  type FailureOutcome,
  type StoredOrder,
} from "./records";

export interface PlacedOrder {
  orderId: string;
  orderNumber: string;
  status: StoredOrder["status"];
}

const ORDER_NUMBER_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** Five characters people read aloud without confusion (no 0/O, 1/I/L): about 28 million codes. */
function newOrderNumber(): string {
  return Array.from({ length: 5 }, () => ORDER_NUMBER_ALPHABET[randomInt(ORDER_NUMBER_ALPHABET.length)]).join("");
}

const SECTION_NAMES = new Map(sections.map((section) => [section.id, section.name]));
/** The ZIP codes we deliver to; the checkout page hands the browser the same list. */
const SERVED_ZIP_CODES = servedZipCodes(areas);

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

/** The tip in cents (0 when none was given). */
function tipOf(request: OrderRequest): number {
  return request.tip === undefined ? 0 : toCents(request.tip);
}

function fingerprintOf(request: OrderRequest): string {
  const canonical = canonicalOrder(request.orderType, request.items, request.customerInfo, deliveryOf(request), {
    note: request.note,
    tipCents: tipOf(request),
  });
  return createHash("sha256").update(canonical).digest("base64url");
}

const KEY_CONFLICT = "This checkout attempt was already used for a different order. Please reload the page and try again.";

function basePriceOf(line: OrderLine): number {
  return line.unitPriceCents - line.options.reduce((sum, option) => sum + option.price * option.quantity, 0);
}

/**
 * The card is charged only the total the customer saw. A cart keeps the prices of the moment its
 * dishes were added; when the menu has changed since (a catalogue sync), the order is refused with
 * today's prices, before anything is stored or charged, and the checkout shows them.
 */
function assertTotalAsShown(request: OrderRequest, lines: OrderLine[]): void {
  if (request.total === undefined) return;
  const totals = orderTotals(request.orderType, lines);
  if (toCents(request.total) === totals.total) return;
  throw new Conflict(
    `Prices have changed since these dishes went into your cart: the total is now $${formatAmount(totals.total)}. Please check your order and pay again.`,
    [
      { path: "total", message: formatAmount(totals.total) },
      // The dish's own price, and each chosen option's: a cart line's price is their sum.
      ...lines.map((line) => ({ path: `items.${line.menuItemId}.price`, message: formatAmount(basePriceOf(line)) })),
      ...lines.flatMap((line) =>
        line.options.map((option) => ({
          path: `items.${line.menuItemId}.options.${option.groupId}.${option.optionId}.price`,
          message: formatAmount(option.price),
        })),
      ),
    ],
  );
}

/** The database failed before any card was charged: the customer may simply try again. */
const NOT_CHARGED = "We could not take your order just now and your card was not charged. Please try again in a moment.";
/** The database failed after the charge: the pending record and the provider's idempotency finish it. */
const CHARGED_NOT_SAVED =
  "Your payment went through, but we could not save your order just now. Please try again in a moment " +
  `(you will not be charged twice) or call us at ${site.phone}.`;

/** Runs storage work that precedes any charge; a storage failure there becomes "not charged". */
async function beforeTheCharge<T>(task: () => Promise<T>): Promise<T> {
  try {
    return await task();
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    log("error", "order store failed before the charge", { error: error instanceof Error ? error.message : String(error) });
    // The records cannot be reached at all: say so, with the phone, rather than "try again in a moment".
    throw new Unavailable(isDatabaseDown(error) ? `${DATABASE_DOWN_MESSAGE} Your card was not charged.` : NOT_CHARGED);
  }
}

/**
 * Places (or, for a retried checkout attempt, finishes) an order and answers its id. The pending
 * order exists before the gateway is called.
 */
export async function placeOrder(request: OrderRequest, idempotencyKey: string, options: PlaceOptions = {}): Promise<PlacedOrder> {
  assertPaymentsAvailable(); // before anything is stored
  const gateway = await paymentGateway();
  const { order, written } = await beforeTheCharge(() => pendingOrderFor(request, idempotencyKey, options.admit));
  const finished = await chargeOnce(order, request.paymentToken, gateway, written);
  return { orderId: finished.orderId, orderNumber: finished.orderNumber, status: finished.status };
}

export interface PlaceOptions {
  /**
   * Admits a new checkout attempt (or throws, and nothing is stored) inside the transaction that
   * writes its order; never called for a retry of a known attempt.
   */
  admit?: (tx: Queries) => Promise<void>;
}

/**
 * The pending order of this checkout attempt: found again for a retry, else priced and written
 * (`written`: by this request, so it is as it was just read; no one else has charged it).
 */
async function pendingOrderFor(
  request: OrderRequest,
  idempotencyKey: string,
  admit?: PlaceOptions["admit"],
): Promise<{ order: StoredOrder; written: boolean }> {
  const fingerprint = fingerprintOf(request);
  const known = await orderOfKey(idempotencyKey);
  if (known) {
    if (known.fingerprint !== fingerprint) throw new KeyReused(KEY_CONFLICT);
    return { order: known, written: false };
  }
  const now = serverNow();
  // The time it is promised for, by the schedule's rules (a refused time says why); its dishes are
  // then checked against the hours at that time, not now, when it is ordered ahead.
  const [promise, dishes] = await Promise.all([
    promiseFor(request.items, request.orderType, request.slot, now),
    findMenuItems(request.items.map((item) => item.id)),
  ]);
  const priced = priceLines(
    mergeLines(request.items),
    dishes,
    (section) => promise.serves(section),
    (section) => SECTION_NAMES.get(section) ?? section,
  );
  if (priced.problems.length > 0) throw new RuleBroken(cartProblemSentence(priced.problems), priced.problems);
  if (request.orderType === "delivery" && request.deliveryInfo && !deliversTo(request.deliveryInfo.zipCode, SERVED_ZIP_CODES)) {
    throw new RuleBroken(undeliverableZipMessage(request.deliveryInfo.zipCode), [
      { path: "deliveryInfo.zipCode", message: "outside our delivery area" },
    ]);
  }
  const totals = orderTotals(request.orderType, priced.lines);
  // Bounded by the subtotal before tax, which only the server's own pricing knows.
  const tipIssue = tipProblem(totals.subtotal, tipOf(request));
  if (tipIssue) throw new RuleBroken(tipIssue, [{ path: "tip", message: `at most $${formatAmount(totals.subtotal)}` }]);
  assertTotalAsShown(request, priced.lines);
  // Two racing attempts with one key: the first insert wins, the other reads the order it made.
  const orderId = randomBytes(16).toString("base64url");
  const order = await insertPendingOrder({
    orderId,
    orderNumber: newOrderNumber(),
    idempotencyKey,
    fingerprint,
    orderType: request.orderType,
    lines: priced.lines,
    totals,
    note: request.note?.trim() ?? "",
    tipCents: tipOf(request),
    customer: { ...request.customerInfo },
    delivery: deliveryOf(request),
    createdAt: now,
    promise,
  }, admit);
  if (order.fingerprint !== fingerprint) throw new KeyReused(KEY_CONFLICT);
  return { order, written: order.orderId === orderId };
}

export function chargeRequestOf(order: StoredOrder, sourceId: string): ChargeRequest {
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
      modifiers: line.options.map((option) => ({
        name: option.name,
        priceCents: option.price,
        quantity: option.quantity,
        catalogObjectId: option.squareId,
      })),
      note: line.note,
    })),
    note: order.note,
    tipCents: order.tipCents,
    deliveryFeeCents: order.totals.deliveryFee,
    expectedTotalCents: order.totals.total,
    customer: order.customer,
    delivery: order.delivery,
    promisedAt: order.promisedAt,
    providerOrder:
      payment.providerOrderId && payment.providerTotalCents !== null
        ? { id: payment.providerOrderId, taxCents: payment.providerTaxCents ?? 0, totalCents: payment.providerTotalCents }
        : null,
  };
}

/**
 * Charges a pending order once. A retry of a paid order answers it again; across instances the
 * provider's idempotency key prevents a second charge.
 */
async function chargeOnce(order: StoredOrder, sourceId: string, gateway: PaymentGateway, justWritten: boolean): Promise<StoredOrder> {
  // An order found by its key may have been paid by the attempt's twin meanwhile: read it again.
  const current = justWritten ? order : await beforeTheCharge(() => getOrder(order.orderId));
  if (!current) throw new Error(`order ${order.orderId} is missing`);
  if (isPaid(current)) return current;
  // Noted before the card is charged: a reconciliation that found nothing earlier must look again.
  const attemptId = await beforeTheCharge(() => beginAttempt(order.orderId));
  let result: ChargeResult;
  try {
    result = await gateway.createOrderAndCharge(chargeRequestOf(current, sourceId), {
      onProviderOrder: async (providerOrder) => {
        if (current.payment.providerOrderId === providerOrder.id) return;
        await rememberProviderOrder(order.orderId, gateway.provider, providerOrder, serverNow());
      },
    });
  } catch (error) {
    await noteFailure(current, gateway, error, attemptId);
    // The gateway turns every provider failure into a service error; anything else is our database
    // failing while it remembered the provider order, which is before the card is charged.
    if (error instanceof ServiceError) throw error;
    log("error", "order store failed before the charge", { orderNumber: order.orderNumber, error: String(error) });
    throw new Unavailable(NOT_CHARGED);
  }
  return confirmCharge(current, result, attemptId);
}

/**
 * Stores the confirmation of a charge. If the database fails now, the card is charged and the order
 * stays pending with the provider order on it: a retry of the checkout (the provider answers the
 * same payment again) or reconciliation finishes it, and the admin console lists it meanwhile.
 */
export async function confirmCharge(order: StoredOrder, result: ChargeResult, attemptId?: number): Promise<StoredOrder> {
  let confirmed: StoredOrder;
  try {
    confirmed = await confirmOrder(order.orderId, result, serverNow(), attemptId);
  } catch (error) {
    log("error", "charged, but the confirmation could not be stored; the order stays pending for a retry or reconciliation", {
      orderNumber: order.orderNumber,
      paymentId: result.paymentId,
      amountCents: result.amountCents,
      error: error instanceof Error ? error.message : String(error),
    });
    throw new Unavailable(CHARGED_NOT_SAVED);
  }
  log("info", "order confirmed", { orderNumber: confirmed.orderNumber, provider: result.provider, amountCents: result.amountCents });
  return confirmed;
}

/** A decline keeps the provider's reason for staff, which the customer is never told. */
async function noteFailure(order: StoredOrder, gateway: PaymentGateway, error: unknown, attemptId: number): Promise<void> {
  const reason = error instanceof CardDeclined ? error.reason : undefined;
  const outcome: FailureOutcome = error instanceof CardDeclined ? "declined" : error instanceof RuleBroken ? "refused" : "failed";
  const status = error instanceof ServiceError ? statusOf(error) : 500;
  const message = error instanceof ServiceError ? (reason ? `${error.message} (${reason})` : error.message) : "unexpected error";
  if (reason) log("warn", "card declined", { orderId: order.orderId, reason });
  try {
    await recordFailure(order.orderId, gateway.provider, outcome, { status, message }, serverNow(), attemptId);
  } catch (storeError) {
    log("error", "could not record a payment failure", { error: storeError instanceof Error ? storeError.message : String(storeError) });
  }
}
