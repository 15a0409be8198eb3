import { describe, expect, it } from "vitest";
import { refundShares } from "./refundTenders";

// $53.75 with a $5 tip: a $20 gift card paid first, the card $33.75 and the tip.
const TOOK = [2000, 3875];

describe("a split tender's refund shares", () => {
  it("gives each tender its whole rest on a full refund", () => {
    expect(refundShares(5875, TOOK, TOOK, true)).toEqual([2000, 3875]);
  });

  it("splits a partial refund in proportion to what each tender took, the newest taking the rounding", () => {
    // $10 of $58.75: the gift card's 34.04%, $3.40; the card the rest.
    expect(refundShares(1000, TOOK, TOOK, false)).toEqual([340, 660]);
  });

  it("never asks a tender for more than it has left: the rest goes to the others, newest first", () => {
    // The card was refunded $36.75 at Square already: only $2.00 is left on it.
    expect(refundShares(2200, TOOK, [2000, 200], false)).toEqual([2000, 200]);
    // Three tenders, the newest spent: the middle one takes what it can before the oldest.
    expect(refundShares(1500, [1000, 1000, 1000], [1000, 1000, 0], false)).toEqual([500, 1000, 0]);
  });
});
