// Placing an order: priced by the server from its own menu, stored as pending (with its lines, in one
// transaction) before any charge, paid through the payment gateway, then confirmed with the
// provider's ids. The same checkout attempt (idempotency key) and cart give the same order and never
// a second charge; the same key with another cart is refused; a retry of an attempt that has not
// charged is checked again as if it were new.
import { createHash, randomBytes, randomInt } from "node:crypto";
import areas from "../../../content/areas.json";
import sections from "../../../content/sections.json";
import { deliversTo, servedZipCodes } from "../../domain/delivery";
import { followedBy, type Said } from "../../domain/i18n/ui/errors";
import type { Locale } from "../../domain/i18n/locales";
import { promiseFor } from "../schedule/promise";
import { admitToSquare } from "../square/checkoutPace";
import { tipProblem } from "../../domain/dishOptions";
import { formatAmount, toCents } from "../../domain/money";
import type { MenuItem } from "../../domain/menu.schema";
import { canonicalOrder, mergeLines, orderTotals, priceLines, type LineProblem, type OrderLine, type RequestedLine } from "../../domain/orderLines";
import type { OrderRequest } from "../../domain/orderRequest.schema";
import type { Queries } from "../platform/database";
import { serverNow } from "../env";
import { Conflict, KeyReused, RuleBroken, said } from "../platform/errors";
import { issue, type ErrorIssue } from "../platform/http";
import { findMenuItems } from "../content/menu";
import { assertPaymentsAvailable, paymentGateway } from "../payments/gateway";
import { beforeTheCharge, chargeOnce } from "./payment";
import { optionRefusals, spanishDish } from "./optionRefusals";
import { chargeInFlight, reopenAttempt } from "./charges";
import { insertPendingOrder, isPaid, orderOfKey, type StoredOrder } from "./records";
import { admitCourier, courierPickupOf, courierQuoteForRequest } from "../delivery/orderCourier";
import { dispatchAfterPayment } from "../delivery/dispatch";

export interface PlacedOrder {
  orderId: string;
  orderNumber: string;
  status: StoredOrder["status"];
  /** True when this request's charge paid the order; false when it found the order paid (a twin request). */
  created: boolean;
}

const ORDER_NUMBER_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** Five characters people read aloud without confusion (no 0/O, 1/I/L): about 28 million codes. */
function newOrderNumber(): string {
  return Array.from({ length: 5 }, () => ORDER_NUMBER_ALPHABET[randomInt(ORDER_NUMBER_ALPHABET.length)]).join("");
}

const SECTION_NAMES = new Map(sections.map((section) => [section.id, section.name]));
const sectionName = (section: string) => SECTION_NAMES.get(section) ?? section;
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

const KEY_CONFLICT = said("key_reused");

function basePriceOf(line: OrderLine): number {
  return line.unitPriceCents - line.options.reduce((sum, option) => sum + option.price * option.quantity, 0);
}

/**
 * The card is charged only the total the customer saw. A cart keeps the prices of the moment its
 * dishes were added; when the menu has changed since (a catalogue sync), the order is refused with
 * today's prices, before anything is stored or charged, and the checkout shows them.
 */
function assertTotalAsShown(request: OrderRequest, lines: OrderLine[], deliveryFee: number | undefined, stored?: StoredOrder): void {
  const totals = orderTotals(request.orderType, lines, deliveryFee);
  // A retried attempt is charged its stored total: the menu must still come to it.
  const seen = request.total === undefined ? stored?.totals.total : toCents(request.total);
  if (seen === undefined || (seen === totals.total && (!stored || stored.totals.total === totals.total))) return;
  // The issues carry today's amounts ("12.50"), which the checkout reads into the cart: the same in every language.
  const amount = (path: string, cents: number) => issue(path, said("current_price", formatAmount(cents)));
  throw new Conflict(said("prices_changed", totals.total), [
    amount("total", totals.total),
    // The dish's own price, and each chosen option's: a cart line's price is their sum.
    ...lines.map((line) => amount(`items.${line.menuItemId}.price`, basePriceOf(line))),
    ...lines.flatMap((line) =>
      line.options.map((option) => amount(`items.${line.menuItemId}.options.${option.groupId}.${option.optionId}.price`, option.price)),
    ),
  ]);
}

/**
 * The refusal of a cart with problems, each by its code (an unknown dish, one sold out, one whose kitchen
 * is closed at the time ordered for, options the menu does not allow): the first problem's words, how
 * many more there are, and what to do. The English issues keep the menu's own sentences.
 */
async function cartRefusal(
  problems: readonly LineProblem[],
  requested: readonly RequestedLine[],
  dishes: readonly MenuItem[],
  isOpen: (section: MenuItem["section"]) => boolean,
): Promise<RuleBroken> {
  // "items.<index of the merged line>", or "items.<index>.options.<group>" for each option problem of a line, in order.
  const lineOf = (problem: LineProblem) => Number(problem.path.split(".")[1]);
  const optionWords = new Map<number, Said[]>();
  for (const index of new Set(problems.filter((problem) => problem.path.includes(".options.")).map(lineOf))) {
    const line = requested[index]!;
    const item = dishes.find((candidate) => candidate.id === line.id)!;
    const english = problems.filter((problem) => lineOf(problem) === index).map((problem) => problem.message);
    optionWords.set(index, optionRefusals(item, await spanishDish(item), line.options ?? [], english));
  }
  const issues: ErrorIssue[] = problems.map((problem) => {
    const line = requested[lineOf(problem)];
    const item = dishes.find((candidate) => candidate.id === line?.id);
    let words: Said | undefined;
    if (!item) words = said("unknown_dish", line?.name?.trim() ? line.name.trim().slice(0, 80) : null, line?.id ?? 0);
    else if (!item.inStock) words = said("dish_sold_out", item.name);
    else if (!isOpen(item.section)) words = said("kitchen_closed", item.name, sectionName(item.section));
    else words = optionWords.get(lineOf(problem))?.shift();
    return words ? { path: problem.path, message: problem.message, code: words.code, said: words } : { path: problem.path, message: problem.message };
  });
  const first = issues[0]!.said ?? said("invalid_value");
  const more = issues.length > 1 ? [said("cart_more", issues.length - 1)] : [];
  return new RuleBroken(followedBy(first, ...more, said("cart_update")), issues);
}

/**
 * Places (or, for a retried checkout attempt, finishes) an order and answers its id. The pending
 * order exists before the gateway is called.
 */
export async function placeOrder(request: OrderRequest, idempotencyKey: string, options: PlaceOptions = {}): Promise<PlacedOrder> {
  assertPaymentsAvailable(); // before anything is stored
  const gateway = await paymentGateway();
  const { order, written } = await beforeTheCharge(() => pendingOrderFor(request, idempotencyKey, options));
  const { order: finished, chargedNow } = await chargeOnce(order, { sourceId: request.paymentToken, verificationToken: request.verificationToken, giftCardSourceId: request.giftCardToken }, gateway, written);
  // Paid: its courier is sent now (once, whichever twin request gets here first).
  if (finished.delivery?.courier) await dispatchAfterPayment(finished.orderId);
  return { orderId: finished.orderId, orderNumber: finished.orderNumber, status: finished.status, created: chargedNow };
}

export interface PlaceOptions {
  /** The customer's language: their e-mails are written in it (the kitchen reads English whatever it is). */
  locale?: Locale;
  /**
   * Admits a checkout attempt (or throws, and nothing is stored or reopened) inside the transaction
   * that writes its order, or that reopens a retried attempt which has not charged.
   */
  admit?: (tx: Queries) => Promise<void>;
}

/**
 * The pending order of this checkout attempt: written after every check, or, for a retry of an attempt
 * that has not charged, decided anew (`written`: by this request, so it is as it was just read; no one
 * else has charged it).
 */
async function pendingOrderFor(
  request: OrderRequest,
  idempotencyKey: string,
  options: PlaceOptions,
): Promise<{ order: StoredOrder; written: boolean }> {
  const fingerprint = fingerprintOf(request);
  const known = await orderOfKey(idempotencyKey);
  if (known) {
    if (known.fingerprint !== fingerprint) throw new KeyReused(KEY_CONFLICT);
    if (isPaid(known)) return { order: known, written: false };
    return { order: await retriedAttempt(known, request, options), written: false };
  }
  const now = serverNow();
  const { promise, lines, totals, courierQuote } = await decide(request, now);
  // The kitchen has room (decided above): a new charge past Square's pace is refused now, nothing stored.
  await admitToSquare();
  // Two racing attempts with one key: the first insert wins, the other reads the order it made.
  const orderId = randomBytes(16).toString("base64url");
  const order = await insertPendingOrder({
    orderId,
    orderNumber: newOrderNumber(),
    idempotencyKey,
    fingerprint,
    orderType: request.orderType,
    lines,
    totals,
    note: request.note?.trim() ?? "",
    tipCents: tipOf(request),
    customer: { ...request.customerInfo },
    delivery: courierQuote ? { ...deliveryOf(request)!, courier: courierPickupOf(courierQuote) } : deliveryOf(request),
    locale: options.locale ?? "en",
    createdAt: now,
    promise,
  }, courierQuote ? async (tx) => {
    await options.admit?.(tx);
    await admitCourier(courierQuote, orderId, tipOf(request))(tx);
  } : options.admit);
  if (order.fingerprint !== fingerprint) throw new KeyReused(KEY_CONFLICT);
  return { order, written: order.orderId === orderId };
}

/**
 * A retry of an attempt that has not charged (a 5xx, a timeout, a release) is a new decision: the pause,
 * the hours, stock and today's prices are checked again, and, in one transaction, the rate limits and
 * the slot's room, which it gives back and claims again. Only then may it charge (with the attempt's
 * own key at the provider, so a charge the first try made is found, never made twice). A request that
 * finds the attempt being charged right now waits for that outcome instead.
 */
async function retriedAttempt(known: StoredOrder, request: OrderRequest, options: PlaceOptions): Promise<StoredOrder> {
  // Its twin is charging it: that outcome is the answer, waited for, whatever has changed since.
  if (await chargeInFlight(known.orderId)) return known;
  const now = serverNow();
  const { promise } = await decide(request, now, known);
  return (await reopenAttempt(known.orderId, promise, now, options.admit)) ?? known;
}

/**
 * Every check of an attempt, in order: the time promised (pause, hours, lead time, the slot's room), each
 * dish (known, in stock, served then, its options), the delivery area, the tip, and the total the
 * customer saw. A retried attempt (`retried`) counts its own room as free and must come to its stored total.
 */
async function decide(request: OrderRequest, now: Date, retried?: StoredOrder) {
  // The time it is promised for, by the schedule's rules (a refused time says why); its dishes are
  // then checked against the hours at that time, not now, when it is ordered ahead.
  const [promise, dishes] = await Promise.all([
    promiseFor(request.items, request.orderType, request.slot, now, retried?.orderId ?? null),
    findMenuItems(request.items.map((item) => item.id)),
  ]);
  const requested = mergeLines(request.items);
  const isOpen = (section: MenuItem["section"]) => promise.serves(section);
  const priced = priceLines(requested, dishes, isOpen, sectionName);
  if (priced.problems.length > 0) throw await cartRefusal(priced.problems, requested, dishes, isOpen);
  const subtotalCents = orderTotals(request.orderType, priced.lines).subtotal;
  // A delivery by courier goes as far as the courier's quote says; an in-house one only to our ZIP codes.
  const courierQuote = await courierQuoteForRequest(request, promise.at, subtotalCents, tipOf(request));
  if (!courierQuote && request.orderType === "delivery" && request.deliveryInfo && !deliversTo(request.deliveryInfo.zipCode, SERVED_ZIP_CODES)) {
    throw new RuleBroken(said("outside_delivery_area", request.deliveryInfo.zipCode), [
      issue("deliveryInfo.zipCode", said("outside_delivery_area_field")),
    ]);
  }
  const totals = orderTotals(request.orderType, priced.lines, courierQuote?.customerFeeCents);
  // Bounded by the subtotal before tax, which only the server's own pricing knows.
  const tipIssue = tipProblem(totals.subtotal, tipOf(request));
  if (tipIssue) {
    throw new RuleBroken(said(tipOf(request) > totals.subtotal ? "tip_too_large" : "tip_invalid"), [issue("tip", said("tip_limit", totals.subtotal))]);
  }
  assertTotalAsShown(request, priced.lines, courierQuote?.customerFeeCents, retried);
  return { promise, lines: priced.lines, totals, courierQuote };
}
