import { describe, expect, it } from "vitest";
import { applyDiscount, discountedTotals, type SquareDiscount } from "./discounts";

const lines = (...amounts: number[]) => amounts.map((amount) => ({ amount }));
const percentOff = (percentage: number, scope: SquareDiscount["scope"] = "ORDER", lineIndexes?: number[]): SquareDiscount => ({
  name: "CODE",
  type: "FIXED_PERCENTAGE",
  percentage,
  scope,
  ...(lineIndexes ? { lineIndexes } : {}),
});
const amountOff = (amountCents: number, scope: SquareDiscount["scope"] = "ORDER", lineIndexes?: number[]): SquareDiscount => ({
  name: "CODE",
  type: "FIXED_AMOUNT",
  amountCents,
  scope,
  ...(lineIndexes ? { lineIndexes } : {}),
});

describe("a discount as Square prices it", () => {
  it("rounds an order-level percentage once for the whole order, half to even, and spreads it over the lines", () => {
    // 15% of $50.97 = $7.6455 -> $7.65.
    const applied = applyDiscount(lines(1500, 1700, 1897), percentOff(15));
    expect(applied.total).toBe(765);
    expect(applied.perLine.reduce((a, b) => a + b, 0)).toBe(765);
  });

  it("rounds an item-level percentage on each line it names", () => {
    // 25% of $15.00 = $3.75; 25% of $50.97 = $12.7425 -> $12.74.
    expect(applyDiscount(lines(1500, 1700, 5097), percentOff(25, "LINE_ITEM", [0, 2]))).toEqual({ total: 375 + 1274, perLine: [375, 0, 1274] });
  });

  it("spreads an order-level amount by each line's share and never below zero", () => {
    expect(applyDiscount(lines(1500, 1700), amountOff(500)).perLine).toEqual([234, 266]);
    expect(applyDiscount(lines(1700), amountOff(5000))).toEqual({ total: 1700, perLine: [1700] });
  });

  it("takes an item-level amount off each line that names it, whole, never below zero", () => {
    expect(applyDiscount(lines(1500, 1700, 200), amountOff(300, "LINE_ITEM", [0, 2]))).toEqual({ total: 500, perLine: [300, 0, 200] });
  });

  it("taxes what is left after the discount and never discounts the delivery fee", () => {
    // $17.00 less 15% = $14.45; 7.5% = $1.08375 -> $1.08.
    expect(discountedTotals(lines(1700), 499, percentOff(15))).toEqual({ subtotal: 1700, discount: 255, tax: 108, deliveryFee: 499, total: 1445 + 108 + 499 });
    // $50.00 less $5.00 = $45.00; 7.5% = $3.375 -> $3.38 (half to even).
    expect(discountedTotals(lines(3400, 1600), 0, amountOff(500))).toMatchObject({ tax: 338, total: 4838 });
  });

  it("comes to the plain totals without a discount", () => {
    expect(discountedTotals(lines(1500), 0, null)).toEqual({ subtotal: 1500, discount: 0, tax: 112, deliveryFee: 0, total: 1612 });
  });
});
