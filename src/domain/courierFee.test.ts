import { describe, expect, it } from "vitest";
import { customerCourierFee, courierFeePolicySchema } from "./courierFee";

describe("the customer's part of a courier fee", () => {
  it("is the whole fee under the policy 'all'", () => {
    expect(customerCourierFee({ mode: "all" }, 975, 3000)).toBe(975);
  });

  it("is the flat part, and never more than the fee itself", () => {
    expect(customerCourierFee({ mode: "flat", flatCents: 499 }, 975, 3000)).toBe(499);
    expect(customerCourierFee({ mode: "flat", flatCents: 1200 }, 975, 3000)).toBe(975);
  });

  it("is nothing from the amount on, and the whole fee below it", () => {
    const policy = { mode: "free_over", overCents: 5000 } as const;
    expect(customerCourierFee(policy, 975, 5000)).toBe(0);
    expect(customerCourierFee(policy, 975, 4999)).toBe(975);
  });

  it("refuses a policy without its amount", () => {
    expect(courierFeePolicySchema.safeParse({ mode: "flat" }).success).toBe(false);
    expect(courierFeePolicySchema.safeParse({ mode: "free_over", overCents: -1 }).success).toBe(false);
  });
});
