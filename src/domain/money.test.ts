import { describe, expect, it } from "vitest";
import { formatAmount, taxOf, toCents } from "./money";

describe("money", () => {
  it("rounds 7.5% tax half up to the cent", () => {
    expect(taxOf(1000)).toBe(75); // 0.75 exactly
    expect(taxOf(100)).toBe(8); // 7.5 cents rounds up
    expect(taxOf(20)).toBe(2); // 1.5 cents rounds up
    expect(taxOf(19)).toBe(1); // 1.425 cents rounds down
    expect(taxOf(0)).toBe(0);
  });

  it("converts dollars to cents without binary drift", () => {
    expect(toCents(16.99)).toBe(1699);
    expect(toCents(8.75)).toBe(875);
    expect(toCents(0.1 + 0.2)).toBe(30);
  });

  it("shows 2 decimals", () => {
    expect(formatAmount(5874)).toBe("58.74");
    expect(formatAmount(5)).toBe("0.05");
    expect(formatAmount(1700)).toBe("17.00");
  });
});
