// Totals of a cart or an order: the one computation shared by the cart sheet, checkout and the server.
import { taxOf, type Cents } from "./money";

export interface PricedLine {
  unitPrice: Cents;
  quantity: number;
}

export interface Totals {
  subtotal: Cents;
  tax: Cents;
  deliveryFee: Cents;
  total: Cents;
}

export function lineTotal(line: PricedLine): Cents {
  return line.unitPrice * line.quantity;
}

/** Subtotal of the lines, tax on the subtotal, total = subtotal + tax + delivery fee. */
export function computeTotals(lines: readonly PricedLine[], deliveryFee: Cents): Totals {
  const subtotal = lines.reduce((sum, line) => sum + lineTotal(line), 0);
  const tax = taxOf(subtotal);
  return { subtotal, tax, deliveryFee, total: subtotal + tax + deliveryFee };
}
