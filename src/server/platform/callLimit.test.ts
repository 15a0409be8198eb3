import { describe, expect, it } from "vitest";
import { backoffMs, isRateLimited, retryAfterMs } from "./callLimit";

describe("waiting out Square's 429", () => {
  it("reads Retry-After as seconds or as an HTTP date, and ignores what it cannot read", () => {
    const now = Date.parse("2026-11-20T23:00:00Z");
    expect(retryAfterMs("2", now)).toBe(2_000);
    expect(retryAfterMs("Fri, 20 Nov 2026 23:00:05 GMT", now)).toBe(5_000);
    expect(retryAfterMs("soon", now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });

  it("backs off exponentially with full jitter, capped, and never sooner than Square asked", () => {
    expect(backoffMs(0, null, () => 1)).toBe(250);
    expect(backoffMs(2, null, () => 1)).toBe(1_000);
    expect(backoffMs(10, null, () => 1)).toBe(4_000);
    expect(backoffMs(3, null, () => 0)).toBe(0);
    expect(backoffMs(0, 3_000, () => 0.5)).toBeGreaterThanOrEqual(3_000);
  });

  it("counts as rate limited only an answer whose every error is Square's RATE_LIMITED", () => {
    expect(isRateLimited([{ category: "RATE_LIMIT_ERROR", code: "RATE_LIMITED" }])).toBe(true);
    expect(isRateLimited([{ category: "RATE_LIMIT_ERROR", code: "RATE_LIMITED" }, { category: "PAYMENT_METHOD_ERROR", code: "GENERIC_DECLINE" }])).toBe(false);
    expect(isRateLimited([])).toBe(false);
  });
});
