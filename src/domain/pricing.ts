// Totals of a cart or an order: the one computation shared by the cart sheet, checkout and the server.
import { spreadTax, taxOf, type Cents } from "./money";

export interface PricedLine {
  unitPrice: Cents;
  quantity: number;
}

export interface Totals {
  subtotal: Cents;
  /** A promo code's discount off the subtotal (src/domain/discounts.ts); absent when none. */
  discount?: Cents;
  tax: Cents;
  deliveryFee: Cents;
  total: Cents;
}

export function lineTotal(line: PricedLine): Cents {
  return line.unitPrice * line.quantity;
}

/**
 * Subtotal of the lines, the order's 7.5% tax on the subtotal rounded as Square rounds it (half to even),
 * total = subtotal + tax + delivery fee: the total Square's order comes to, so the one charged.
 */
export function computeTotals(lines: readonly PricedLine[], deliveryFee: Cents): Totals {
  const subtotal = lines.reduce((sum, line) => sum + lineTotal(line), 0);
  const tax = taxOf(subtotal);
  return { subtotal, tax, deliveryFee, total: subtotal + tax + deliveryFee };
}

/** Each line's part of the order's tax, as Square spreads an order-level tax across the lines; they add up to `totals.tax`. */
export function lineTaxes(lines: readonly PricedLine[]): Cents[] {
  const amounts = lines.map(lineTotal);
  return spreadTax(amounts, taxOf(amounts.reduce((sum, amount) => sum + amount, 0)));
}
