import { describe, expect, it } from "vitest";
import { tipOf } from "./TipAndNote";

// A $47.48 subtotal (two burgers with add-ons).
const SUBTOTAL = 4748;

describe("the checkout's tip", () => {
  it("is 15, 18 or 20 % of the subtotal before tax, half up to the cent", () => {
    expect(tipOf(SUBTOTAL, "15", "")).toEqual({ cents: 712, problem: null }); // 712.2
    expect(tipOf(SUBTOTAL, "18", "")).toEqual({ cents: 855, problem: null }); // 854.64
    expect(tipOf(SUBTOTAL, "20", "")).toEqual({ cents: 950, problem: null }); // 949.6
    expect(tipOf(SUBTOTAL, "none", "7")).toEqual({ cents: 0, problem: null });
  });

  it("takes a custom amount in dollars and cents, an empty one as no tip", () => {
    expect(tipOf(SUBTOTAL, "custom", "5")).toEqual({ cents: 500, problem: null });
    expect(tipOf(SUBTOTAL, "custom", "$6.25")).toEqual({ cents: 625, problem: null });
    expect(tipOf(SUBTOTAL, "custom", "")).toEqual({ cents: 0, problem: null });
  });

  it("refuses a custom amount that is not money, is negative or is more than the subtotal", () => {
    expect(tipOf(SUBTOTAL, "custom", "five").problem).toBe("The tip must be zero or a positive amount in dollars and cents.");
    expect(tipOf(SUBTOTAL, "custom", "-2").problem).toBe("The tip must be zero or a positive amount in dollars and cents.");
    expect(tipOf(SUBTOTAL, "custom", "1.999").problem).toBe("The tip must be zero or a positive amount in dollars and cents.");
    expect(tipOf(SUBTOTAL, "custom", "47.49").problem).toBe("The tip cannot be more than the order's subtotal.");
    expect(tipOf(SUBTOTAL, "custom", "47.48").problem).toBeNull();
  });
});
