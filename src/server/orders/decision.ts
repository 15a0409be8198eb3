// What the server decides of a checkout attempt before anything is stored or charged: priced from its
// own menu, the time promised (pause, hours, the slot's room), each dish, the delivery area or the
// courier's quote, the tip and the total the customer saw. A refusal says why, in the customer's words.
// The attempt's fingerprint (same key + same cart = same order) is computed here too.
import { createHash } from "node:crypto";
import areas from "../../../content/areas.json";
import sections from "../../../content/sections.json";
import { deliversTo, servedZipCodes } from "../../domain/delivery";
import { tipProblem } from "../../domain/dishOptions";
import { followedBy, type Said } from "../../domain/i18n/ui/errors";
import type { MenuItem } from "../../domain/menu.schema";
import { formatAmount, toCents } from "../../domain/money";
import { canonicalOrder, mergeLines, orderTotals, priceLines, tipCentsOf, type LineProblem, type OrderLine, type RequestedLine } from "../../domain/orderLines";
import type { CourierPickup } from "../../domain/courierStatus";
import type { OrderRequest } from "../../domain/orderRequest.schema";
import type { Totals } from "../../domain/pricing";
import { findMenuItems, menuSnapshot } from "../content";
import { Conflict, RuleBroken, said } from "../platform/errors";
import { issue, type ErrorIssue } from "../platform/http";
import { promiseFor, type OrderPromise } from "../schedule";
import { optionRefusals, spanishDish } from "./optionRefusals";
import { fingerprintParts, priceParts, type Claims } from "./lifecycle";
import type { StoredOrder } from "./records";

const SECTION_NAMES = new Map(sections.map((section) => [section.id, section.name]));
const sectionName = (section: string) => SECTION_NAMES.get(section) ?? section;
/** The ZIP codes we deliver to; the checkout page hands the browser the same list. */
const SERVED_ZIP_CODES = servedZipCodes(areas);

/** The delivery as the order keeps it (the customer's phone when none was given for the driver), or null for pickup. */
export function deliveryOf(request: OrderRequest): StoredOrder["delivery"] {
  if (request.orderType !== "delivery" || !request.deliveryInfo) return null;
  const info = request.deliveryInfo;
  return {
    address: info.address,
    ...(info.unit ? { unit: info.unit } : {}),
    city: info.city,
    state: info.state,
    zipCode: info.zipCode,
    phone: info.phone || request.customerInfo.phone,
    notes: info.deliveryNotes ?? "",
  };
}

/** The tip in cents (0 when none was given). */
export const tipOf = tipCentsOf;

/** What makes two requests the same attempt's cart: same key and same fingerprint are the same order. */
export function fingerprintOf(request: OrderRequest): string {
  const canonical = canonicalOrder(request.orderType, request.items, request.customerInfo, deliveryOf(request), {
    note: request.note,
    tipCents: tipOf(request),
  });
  // What the participants add (a curbside car, a promo code: the same key with another code is another
  // cart) joins the hash only when there is some: the fingerprints of other orders stay as they were.
  const parts = fingerprintParts(request).map((part) => `\u0000${part}`);
  return createHash("sha256").update(`${canonical}${parts.join("")}`).digest("base64url");
}

function basePriceOf(line: OrderLine): number {
  return line.unitPriceCents - line.options.reduce((sum, option) => sum + option.price * option.quantity, 0);
}

/**
 * The card is charged only the total the customer saw. A cart keeps the prices of the moment its
 * dishes were added; when the menu has changed since (a catalogue sync), the order is refused with
 * today's prices, before anything is stored or charged, and the checkout shows them.
 */
function assertTotalAsShown(request: OrderRequest, lines: OrderLine[], totals: Totals, stored?: StoredOrder): void {
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

/** The promise for the attempt's time and its dishes' menu rows, read together. */
type KitchenReads = [OrderPromise, MenuItem[]];

/**
 * Reads what the kitchen decides an attempt by: the time it is promised for, by the schedule's rules (a
 * refused time says why, and then the promise rejects), and its dishes' menu rows. A retried attempt
 * (`retried`) counts the room it holds as free.
 */
export function readKitchen(request: OrderRequest, now: Date, retried?: StoredOrder): Promise<KitchenReads> {
  return Promise.all([
    promiseFor(menuSnapshot, request.items, request.orderType, request.slot, now, retried?.orderId ?? null),
    findMenuItems(request.items.map((item) => item.id)),
  ]);
}

export interface Decision {
  promise: OrderPromise;
  lines: OrderLine[];
  totals: Totals;
  /** What the participants priced of the attempt (a courier's quote, a code's discount), for their hold. */
  claims: Claims;
  /** Who collects a delivery and when, when a participant brings it (else the in-house delivery, or a pickup). */
  handOff?: CourierPickup;
}

/**
 * Every check of an attempt, in order: the time promised (pause, hours, lead time, the slot's room), each
 * dish (known, in stock, served then, its options), the delivery area, the tip, and the total the
 * customer saw. Its dishes are checked against the hours at the time promised, not now, when it is
 * ordered ahead. A retried attempt (`retried`) must come to its stored total.
 */
export async function decide(request: OrderRequest, reads: KitchenReads, retried?: StoredOrder, dinerAccountId?: string): Promise<Decision> {
  const [promise, dishes] = reads;
  const requested = mergeLines(request.items);
  const isOpen = (section: MenuItem["section"]) => promise.serves(section);
  const priced = priceLines(requested, dishes, isOpen, sectionName);
  if (priced.problems.length > 0) throw await cartRefusal(priced.problems, requested, dishes, isOpen);
  // The participants price their parts on the kitchen's draft (./lifecycle.ts): a courier's quote and fee, a
  // promo code's discount as Square takes it off (one that gives nothing is refused here, nothing stored).
  const draft = { request, dinerAccountId, lines: priced.lines, totals: orderTotals(request.orderType, priced.lines), promisedAt: promise.at, retriedOrderId: retried?.orderId };
  const { claims, totals, handOff } = await priceParts(draft, (fee) => orderTotals(request.orderType, priced.lines, fee));
  // A delivery someone brings goes as far as they say; the in-house one only to our ZIP codes.
  if (!handOff && request.orderType === "delivery" && request.deliveryInfo && !deliversTo(request.deliveryInfo.zipCode, SERVED_ZIP_CODES)) {
    throw new RuleBroken(said("outside_delivery_area", request.deliveryInfo.zipCode), [
      issue("deliveryInfo.zipCode", said("outside_delivery_area_field")),
    ]);
  }
  // Bounded by the subtotal before tax, which only the server's own pricing knows.
  const tipIssue = tipProblem(totals.subtotal, tipOf(request));
  if (tipIssue) {
    throw new RuleBroken(said(tipOf(request) > totals.subtotal ? "tip_too_large" : "tip_invalid"), [issue("tip", said("tip_limit", totals.subtotal))]);
  }
  assertTotalAsShown(request, priced.lines, totals, retried);
  return { promise, lines: priced.lines, totals, claims, ...(handOff ? { handOff } : {}) };
}
