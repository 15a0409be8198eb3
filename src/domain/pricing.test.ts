import { describe, expect, it } from "vitest";
import { computeTotals, lineTaxes } from "./pricing";
import { DELIVERY_FEE_CENTS } from "./money";

describe("order totals", () => {
  it("2 x 17.00 + 16.00 by delivery: subtotal 50.00, tax 3.75, fee 4.99, total 58.74", () => {
    const totals = computeTotals(
      [
        { unitPrice: 1700, quantity: 2 },
        { unitPrice: 1600, quantity: 1 },
      ],
      DELIVERY_FEE_CENTS,
    );
    expect(totals).toEqual({ subtotal: 5000, tax: 375, deliveryFee: 499, total: 5874 });
  });

  it("one $15.00 dish: tax $1.12 and total $16.12, as Square charges (112.5 cents, half to even)", () => {
    expect(computeTotals([{ unitPrice: 1500, quantity: 1 }], 0)).toEqual({ subtotal: 1500, tax: 112, deliveryFee: 0, total: 1612 });
  });

  it("one $17.00 dish: tax $1.28 (127.5 cents, half to even rounds up from the odd 7)", () => {
    expect(computeTotals([{ unitPrice: 1700, quantity: 1 }], 0)).toEqual({ subtotal: 1700, tax: 128, deliveryFee: 0, total: 1828 });
  });

  it("tax is the order's, spread over the lines: the lines' parts add up to it", () => {
    const lines = [
      { unitPrice: 1500, quantity: 1 },
      { unitPrice: 695, quantity: 2 },
      { unitPrice: 800, quantity: 1 },
    ];
    const totals = computeTotals(lines, 0);
    // 7.5% of 36.90 is 2.7675: 2.77.
    expect(totals.tax).toBe(277);
    expect(lineTaxes(lines).reduce((sum, part) => sum + part, 0)).toBe(totals.tax);
  });
});
