// Money is integer cents inside the code; the API and the screens speak dollars with 2 decimals.

export type Cents = number;

export const TAX_RATE_LABEL = "7.5%";
/** 7.5% expressed in tenths of a percent, so tax stays integer arithmetic. */
const TAX_PER_MILLE = 75;
export const DELIVERY_FEE_CENTS: Cents = 499;
export const PICKUP_FEE_CENTS: Cents = 0;

/** Dollars (a number with at most 2 decimals) to cents, immune to binary fractions (16.99 * 100). */
export function toCents(dollars: number): Cents {
  return Math.round(dollars * 100);
}

/** Cents to dollars as a number, for JSON answers that speak dollars. */
export function toDollars(cents: Cents): number {
  return cents / 100;
}

/** "17.00": the 2-decimal text every screen shows. */
export function formatAmount(cents: Cents): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** "$17.00" */
export function formatPrice(cents: Cents): string {
  return `$${formatAmount(cents)}`;
}

/**
 * numerator / denominator rounded to a whole number half to even (Bankers' Rounding, as Square's
 * Orders API rounds taxes): 112.5 -> 112, 127.5 -> 128. Integer arithmetic, so no binary fraction
 * decides a cent. `denominator` is positive.
 */
export function roundHalfEven(numerator: number, denominator: number): number {
  const quotient = Math.floor(numerator / denominator);
  const twiceRemainder = 2 * (numerator - quotient * denominator);
  if (twiceRemainder < denominator) return quotient;
  if (twiceRemainder > denominator) return quotient + 1;
  return quotient % 2 === 0 ? quotient : quotient + 1;
}

/**
 * Tax is 7.5% of the subtotal, rounded half to even to the cent: the order-level tax Square computes
 * for the whole order ($15.00 -> $1.12, $17.00 -> $1.28), whatever the lines it is spread across.
 */
export function taxOf(subtotal: Cents): Cents {
  return roundHalfEven(subtotal * TAX_PER_MILLE, 1000);
}

/**
 * The order's tax spread across its lines by their share of the subtotal, each share rounded half to
 * even, and any cent the rounding left over (or took too many) settled on the lines in turn from the
 * first, so the parts add up to the order's tax: each line's own tax, as Square's order lists it.
 */
export function spreadTax(lineAmounts: readonly Cents[], tax: Cents): Cents[] {
  const subtotal = lineAmounts.reduce((sum, amount) => sum + amount, 0);
  if (subtotal === 0) return lineAmounts.map(() => 0);
  const parts = lineAmounts.map((amount) => roundHalfEven(amount * tax, subtotal));
  let left = tax - parts.reduce((sum, part) => sum + part, 0);
  for (let index = 0; left !== 0; index = (index + 1) % parts.length) {
    const step = left > 0 ? 1 : -1;
    parts[index]! += step;
    left -= step;
  }
  return parts;
}

export function deliveryFeeFor(orderType: "pickup" | "delivery"): Cents {
  return orderType === "delivery" ? DELIVERY_FEE_CENTS : PICKUP_FEE_CENTS;
}
