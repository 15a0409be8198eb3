import { describe, expect, it } from "vitest";
import { callOptions, SQUARE_BUDGET_MS, worstCallMs } from "./squareBudget";

const PRODUCTION = { timeoutInSeconds: 10, maxRetries: 1 };

describe("the time one checkout gives Square", () => {
  it("at the production settings, one call takes at most 21.2 s: a 10 s try, the SDK's wait, a 10 s retry", () => {
    expect(worstCallMs(10, 1)).toBe(21_200);
    expect(worstCallMs(10, 0)).toBe(10_000);
  });

  it("runs the order, the payment and the look-up after no answer, each at its worst, and never past the budget, below the 60 s limit", () => {
    let spent = 0;
    const calls = [];
    for (const step of ["orders.create", "payments.create", "orders.get", "payments.get"]) {
      const options = callOptions(SQUARE_BUDGET_MS - spent, PRODUCTION);
      calls.push([step, options]);
      if (options) spent += worstCallMs(options.timeoutInSeconds, options.maxRetries);
    }
    expect(calls).toEqual([
      ["orders.create", { timeoutInSeconds: 10, maxRetries: 1 }],
      ["payments.create", { timeoutInSeconds: 10, maxRetries: 1 }],
      // 2.6 s left: one short try to ask Square about the charge, then nothing (reconciliation asks later).
      ["orders.get", { timeoutInSeconds: 2.6, maxRetries: 0 }],
      ["payments.get", null],
    ]);
    expect(spent).toBe(SQUARE_BUDGET_MS);
    expect(spent).toBeLessThan(60_000);
  });

  it("drops the retry before it shortens the timeout", () => {
    expect(callOptions(15_000, PRODUCTION)).toEqual({ timeoutInSeconds: 10, maxRetries: 0 });
    expect(callOptions(400, PRODUCTION)).toBeNull();
  });
});
