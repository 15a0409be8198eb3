// A discount as Square prices it (developer.squareup.com/docs/orders-api/discounts and
// .../price-adjustments): item-level percentages, then order-level percentages, then item-level amounts,
// then order-level amounts, each rounded half to even (Bankers' Rounding); an order-level discount is
// worked out for the whole order once and spread across the lines by their share; tax is then taken on
// what the lines come to after discounts. The delivery fee (a service charge) and the tip are never
// discounted. An order carries one code, so one discount. Pure: no I/O.
import { roundHalfEven, taxOf, type Cents } from "./money";
import type { Totals } from "./pricing";

/** The ad hoc discount the order sends to Square (`order.discounts[]`), and which lines it applies to. */
export interface SquareDiscount {
  /** The code: the POS ticket and Square's sales reports show it. */
  name: string;
  type: "FIXED_PERCENTAGE" | "FIXED_AMOUNT";
  /** Whole percent, for FIXED_PERCENTAGE. */
  percentage?: number;
  /** For FIXED_AMOUNT: the declared amount (scope ORDER: for the whole order; LINE_ITEM: off each line named). */
  amountCents?: number;
  scope: "ORDER" | "LINE_ITEM";
  /** For LINE_ITEM: the indexes of the lines that carry `applied_discounts`. */
  lineIndexes?: number[];
}

/** A line as the discount sees it: its gross amount (unit price with options times quantity). */
export interface DiscountLine {
  amount: Cents;
}

/** Each line's part of the discount, and their sum. */
export interface AppliedDiscount {
  total: Cents;
  perLine: Cents[];
}

/**
 * `total` spread over `amounts` by their share, each part rounded half to even and the cents the
 * rounding left over (or took too many) settled on the lines in turn from the first that can take them.
 */
function spread(amounts: readonly Cents[], total: Cents): Cents[] {
  const sum = amounts.reduce((a, b) => a + b, 0);
  if (sum === 0 || total === 0) return amounts.map(() => 0);
  const parts = amounts.map((amount) => roundHalfEven(amount * total, sum));
  let left = total - parts.reduce((a, b) => a + b, 0);
  for (let index = 0, guard = 0; left !== 0 && guard < amounts.length * 4; index = (index + 1) % parts.length, guard += 1) {
    const step = left > 0 ? 1 : -1;
    const next = parts[index]! + step;
    if (next < 0 || next > amounts[index]!) continue;
    parts[index] = next;
    left -= step;
  }
  return parts;
}

/** What the discount takes off each line: never more than a line comes to. */
export function applyDiscount(lines: readonly DiscountLine[], discount: SquareDiscount): AppliedDiscount {
  const amounts = lines.map((line) => line.amount);
  const chosen = discount.scope === "ORDER" ? amounts.map((_, index) => index) : (discount.lineIndexes ?? []).filter((index) => index >= 0 && index < amounts.length);
  const inScope = amounts.map((amount, index) => (chosen.includes(index) ? amount : 0));
  const base = inScope.reduce((a, b) => a + b, 0);
  let perLine: Cents[];
  if (discount.type === "FIXED_PERCENTAGE") {
    const percent = Math.min(100, Math.max(0, discount.percentage ?? 0));
    perLine =
      discount.scope === "LINE_ITEM"
        ? // An item-level percentage is each line's own, rounded per line.
          inScope.map((amount) => roundHalfEven(amount * percent, 100))
        : // An order-level percentage is the whole order's, rounded once, then spread.
          spread(inScope, roundHalfEven(base * percent, 100));
  } else {
    const amount = Math.max(0, discount.amountCents ?? 0);
    perLine =
      discount.scope === "LINE_ITEM"
        ? // An item-level amount comes off each line that names it, whole (its applied_money is its
          // amount_money: developer.squareup.com/reference/square/objects/OrderLineItemDiscount), never below zero.
          inScope.map((lineAmount, index) => (chosen.includes(index) ? Math.min(lineAmount, amount) : 0))
        : // An order-level amount is spread over the lines by their share.
          spread(inScope, Math.min(base, amount));
  }
  return { total: perLine.reduce((a, b) => a + b, 0), perLine };
}

/**
 * The order's totals with the discount: the subtotal stays the dishes' gross, `discount` comes off
 * it, tax is 7.5% of what is left (rounded once, half to even), the delivery fee is added whole.
 */
export function discountedTotals(lines: readonly DiscountLine[], deliveryFee: Cents, discount: SquareDiscount | null): Totals & { discount: Cents } {
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const off = discount ? applyDiscount(lines, discount).total : 0;
  const tax = taxOf(subtotal - off);
  return { subtotal, discount: off, tax, deliveryFee, total: subtotal - off + tax + deliveryFee };
}
