// How the fake Square taxes an order, from Square's own pages, written apart from the site's arithmetic
// (src/domain/money.ts) so that a mistake there cannot hide in both:
// - developer.squareup.com/docs/orders-api/price-adjustments ("Rounding rule"): the Orders API rounds
//   taxes with Bankers' Rounding, a half goes to the even cent (0.505 -> 0.50, 0.515 -> 0.52).
// - developer.squareup.com/docs/orders-api/taxes: an order-level tax is "calculated for the entire order
//   and then distributed proportionally to each item as apportioned taxes".
// - developer.squareup.com/reference/square/objects/OrderLineItemTax: the amount distributed to each line
//   item "is relative to the amount the item contributes to the order subtotal".
// - developer.squareup.com/forums/t/square-banker-s-rounding-clarification/11179: Square's answers there
//   ($25.75 at 8.875% -> $2.29; $15 + $8 + $6.95 + $6.95 at 8.875% -> $3.27, where rounding each line and
//   adding would give $3.28) are the tax of the whole subtotal, rounded once.
// Square does not document which line takes a cent the proportional shares leave over (two different
// $15.00 lines at 7.5% owe $1.125 each of the order's $2.25). That choice never changes the order's tax or
// total, only which line shows it: the fake takes one rule (largest remainder, a tie to the first or the
// last line as `tie` says) and the tests run both ties to prove the total shown does not depend on it.

/** Which line takes a leftover cent when two lines' fractions are equal (Square does not document it). */
export type LeftoverTie = "first" | "last";

/** A decimal percentage as Square writes it ("7.5", "8.875") -> the exact fraction [numerator, denominator] of one. */
function fractionOf(percentage: string): [bigint, bigint] {
  if (!/^\d+(\.\d+)?$/.test(percentage)) throw new Error(`squareTax: "${percentage}" is not a decimal percentage`);
  const [units, decimals = ""] = percentage.split(".");
  return [BigInt(`${units}${decimals}`), 10n ** BigInt(decimals.length) * 100n];
}

/** n / d to a whole cent, a half to the even cent (Bankers' Rounding). n >= 0, d > 0. */
function halfEven(n: bigint, d: bigint): bigint {
  const floor = n / d;
  const twice = (n - floor * d) * 2n;
  if (twice === d) return floor % 2n === 0n ? floor : floor + 1n;
  return twice > d ? floor + 1n : floor;
}

export interface OrderTax {
  /** The order's tax: the whole subtotal times the percentage, rounded once. */
  amount: number;
  /** Each line's apportioned part, adding up to `amount`. */
  perLine: number[];
}

/**
 * An ORDER-scope ADDITIVE percentage tax on lines of `lineAmounts` cents (each line's gross sales, modifiers
 * included): the order's amount, then apportioned by each line's share of the subtotal, whole cents by
 * largest remainder.
 */
export function orderScopeTax(lineAmounts: readonly number[], percentage: string, tie: LeftoverTie = "first"): OrderTax {
  const [rate, per] = fractionOf(percentage);
  const lines = lineAmounts.map((amount) => BigInt(amount));
  const subtotal = lines.reduce((sum, amount) => sum + amount, 0n);
  const amount = halfEven(subtotal * rate, per);
  if (subtotal === 0n) return { amount: 0, perLine: lines.map(() => 0) };
  // Each line's exact share is line * amount / subtotal: its whole cents first, then the cents left over
  // to the lines with the largest fractions.
  const shares = lines.map((line, index) => ({ index, whole: (line * amount) / subtotal, fraction: (line * amount) % subtotal }));
  let left = amount - shares.reduce((sum, share) => sum + share.whole, 0n);
  const order = [...shares].sort((a, b) => (a.fraction === b.fraction ? (tie === "first" ? a.index - b.index : b.index - a.index) : a.fraction > b.fraction ? -1 : 1));
  for (const share of order) {
    if (left === 0n) break;
    share.whole += 1n;
    left -= 1n;
  }
  return { amount: Number(amount), perLine: shares.map((share) => Number(share.whole)) };
}
