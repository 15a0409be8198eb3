import { describe, expect, it } from "vitest";
import { computeTotals } from "./pricing";
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
});
