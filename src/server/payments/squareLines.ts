// What Square receives of the dishes as they were ordered: each line with its modifiers (catalogue
// ids once the menu is synced, else a name and a price of their own) and its special instruction,
// and the order's note on the kitchen ticket. The tip is the payment's, never a line: tax is never
// charged on it.
import type { Square } from "square";
import type { Locale } from "../../domain/i18n/locales";
import type { SquareDiscount } from "../../domain/discounts";
import type { OrderLine } from "../../domain/orderLines";
import { basePriceCents, type ChargeLine } from "./contract";

/** Square keeps a fulfillment's note to 500 characters. */
const TICKET_NOTE_LIMIT = 500;

const usd = (cents: number): Square.Money => ({ amount: BigInt(cents), currency: "USD" });

export function squareLineItem(line: ChargeLine): Square.OrderLineItem {
  const modifiers = (line.modifiers ?? []).map(
    (modifier): Square.OrderLineItemModifier =>
      modifier.catalogObjectId
        ? { catalogObjectId: modifier.catalogObjectId, quantity: String(modifier.quantity) }
        : { name: modifier.name, basePriceMoney: usd(modifier.priceCents), quantity: String(modifier.quantity) },
  );
  return {
    quantity: String(line.quantity),
    ...(line.catalogObjectId
      ? { catalogObjectId: line.catalogObjectId }
      : // Square adds the modifiers to the base price itself: the base is the dish alone.
        { name: line.name, basePriceMoney: usd(basePriceCents(line)) }),
    ...(modifiers.length > 0 ? { modifiers } : {}),
    ...(line.note ? { note: line.note } : {}),
  };
}

/** The fixed label the diner's note follows on the ticket: whatever it says, staff read it as the diner's. */
export const DINER_NOTE_LABEL = "Customer note (typed by the customer): ";

/**
 * The fulfillment with the diner's order note last on the ticket the kitchen reads, under its fixed label
 * and on one line (line breaks become spaces, so it cannot fake a line of ours). Within Square's limit
 * the diner's note is what gets cut, never our own lines (pickup or delivery, the address, the
 * customer's language).
 */
export function orderNoteOnTicket<F extends { pickupDetails?: { note?: string | null } }>(fulfillment: F, orderNote = ""): F {
  const oneLine = orderNote.replace(/\s+/g, " ").trim();
  if (!oneLine || !fulfillment.pickupDetails) return fulfillment;
  const own = fulfillment.pickupDetails.note ?? "";
  const room = TICKET_NOTE_LIMIT - (own ? own.length + 1 : 0);
  const customer = `${DINER_NOTE_LABEL}${oneLine}`;
  const cut = customer.length > room ? `${customer.slice(0, Math.max(0, room - 1))}…` : customer;
  return {
    ...fulfillment,
    pickupDetails: { ...fulfillment.pickupDetails, note: [own, cut].filter(Boolean).join("\n") },
  };
}

/** The line on the POS ticket that tells staff the customer ordered in Spanish (the ticket itself is English). */
export function languageLine(locale: Locale | undefined): string {
  return locale === "es" ? "Customer language: Spanish" : "";
}

/** The uid the order's one discount goes by (a code's: the name Square's orders have always carried), which its lines' applied_discounts name. */
const DISCOUNT_UID = "promo-code";

/**
 * A promo code's discount as Square's order carries it (developer.squareup.com/docs/orders-api/discounts):
 * an ad hoc `order.discounts[]` entry named by the code, FIXED_PERCENTAGE or FIXED_AMOUNT, scope ORDER,
 * or LINE_ITEM with `applied_discounts` on the lines it is for. The delivery fee (a service charge) and
 * the tip (the payment's) are never lines, so never discounted.
 */
export function withSquareDiscount(lineItems: Square.OrderLineItem[], discount: SquareDiscount | null | undefined): { lineItems: Square.OrderLineItem[]; discounts?: Square.OrderLineItemDiscount[] } {
  if (!discount) return { lineItems };
  const entry: Square.OrderLineItemDiscount = {
    uid: DISCOUNT_UID,
    name: discount.name,
    type: discount.type,
    ...(discount.type === "FIXED_PERCENTAGE" ? { percentage: String(discount.percentage ?? 0) } : { amountMoney: usd(discount.amountCents ?? 0) }),
    scope: discount.scope,
  };
  if (discount.scope === "ORDER") return { lineItems, discounts: [entry] };
  const chosen = new Set(discount.lineIndexes ?? []);
  return {
    lineItems: lineItems.map((line, index) => (chosen.has(index) ? { ...line, appliedDiscounts: [{ uid: `${DISCOUNT_UID}-${index}`, discountUid: DISCOUNT_UID }] } : line)),
    discounts: [entry],
  };
}

/** Square's Miami sales tax, on the whole order: Square spreads it over the lines and rounds each part. */
export const SALES_TAX: Square.OrderLineItemTax = { uid: "miami-sales-tax", name: "Sales tax", percentage: "7.5", scope: "ORDER", type: "ADDITIVE" };

/**
 * What prices Square's order: the lines, a code's discount, the sales tax and the delivery fee (a service
 * charge on the total). CreateOrder and CalculateOrder get the same parts, so Square's preview of a cart
 * is the order it then charges.
 */
export function squarePricing(lines: readonly ChargeLine[], discount: SquareDiscount | null | undefined, deliveryFeeCents: number): Pick<Square.Order, "lineItems" | "discounts" | "taxes" | "serviceCharges"> {
  return {
    ...withSquareDiscount(lines.map(squareLineItem), discount),
    taxes: [SALES_TAX],
    ...(deliveryFeeCents > 0 ? { serviceCharges: [{ name: "Delivery fee", amountMoney: usd(deliveryFeeCents), calculationPhase: "TOTAL_PHASE" }] } : {}),
  };
}

/** An order's line as Square prices it: the dish, its options and its catalogue ids (its note changes no price). */
export function pricedLineOf(line: OrderLine): ChargeLine {
  return {
    name: line.name,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    catalogObjectId: line.catalogObjectId,
    modifiers: line.options.map((option) => ({ name: option.name, priceCents: option.price, quantity: option.quantity, catalogObjectId: option.squareId })),
  };
}
