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

/** Tax is 7.5% of the subtotal, rounded half up to the cent. */
export function taxOf(subtotal: Cents): Cents {
  return Math.floor((subtotal * TAX_PER_MILLE + 500) / 1000);
}

export function deliveryFeeFor(orderType: "pickup" | "delivery"): Cents {
  return orderType === "delivery" ? DELIVERY_FEE_CENTS : PICKUP_FEE_CENTS;
}
