import { describe, expect, it } from "vitest";
import { formatAmount, roundHalfEven, spreadTax, taxOf, toCents } from "./money";

describe("money", () => {
  it("rounds 7.5% tax half to even to the cent, as Square's Orders API does", () => {
    expect(taxOf(1500)).toBe(112); // $15.00: 112.5 cents, 2 is even: $1.12, not $1.13
    expect(taxOf(1700)).toBe(128); // $17.00: 127.5 cents, 7 is odd: $1.28
    expect(taxOf(1000)).toBe(75); // 0.75 exactly
    expect(taxOf(100)).toBe(8); // 7.5 cents: 7 is odd, up to 8
    expect(taxOf(300)).toBe(22); // 22.5 cents: 2 is even, down to 22
    expect(taxOf(20)).toBe(2); // 1.5 cents rounds up to the even 2
    expect(taxOf(19)).toBe(1); // 1.425 cents rounds down
    expect(taxOf(5100)).toBe(382); // 382.5: down to the even 382
    expect(taxOf(0)).toBe(0);
  });

  it("rounds half to even only on an exact half, and to the nearest cent otherwise", () => {
    expect([roundHalfEven(505, 10), roundHalfEven(515, 10), roundHalfEven(506, 10), roundHalfEven(514, 10)]).toEqual([50, 52, 51, 51]);
    // Square's own examples: 0.505 -> 0.50, 0.515 -> 0.52 (in thousandths of a dollar over tenths of a cent).
    expect(roundHalfEven(505, 10)).toBe(50);
    expect(roundHalfEven(35_485, 10_000)).toBe(4); // 3.5485 -> 4: above the half
  });

  it("spreads an order's tax across its lines by their share, adding up to the order's tax", () => {
    // $15 + $16 + $17: 7.5% of $48.00 is $3.60; the lines' shares 112.5, 120, 127.5 round to 112, 120, 128.
    expect(spreadTax([1500, 1600, 1700], taxOf(4800))).toEqual([112, 120, 128]);
    // Three $0.15 lines: 3.375 cents in all is 3; each share is 1.
    expect(spreadTax([15, 15, 15], taxOf(45))).toEqual([1, 1, 1]);
    // Forty $0.15 lines: 45 cents in all; each share rounds to 1 and the 5 left go to the first lines.
    const forty = spreadTax(Array(40).fill(15), taxOf(600));
    expect(forty.reduce((sum, part) => sum + part, 0)).toBe(45);
    expect(forty.slice(0, 6)).toEqual([2, 2, 2, 2, 2, 1]);
    expect(spreadTax([], 0)).toEqual([]);
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
