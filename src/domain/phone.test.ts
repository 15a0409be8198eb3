import { describe, expect, it } from "vitest";
import { formatPhone } from "./phone";

describe("a phone number as it is shown", () => {
  it.each([
    ["3052221234", "(305) 222-1234"],
    ["305-222-1234", "(305) 222-1234"],
    ["+1 305 222 1234", "(305) 222-1234"],
    ["1 (305) 222-1234", "(305) 222-1234"],
    ["(305) 222-1234", "(305) 222-1234"],
  ])("reads %s as %s", (typed, shown) => {
    expect(formatPhone(typed)).toBe(shown);
  });

  it("keeps a number from abroad or with an extension as the customer typed it", () => {
    expect(formatPhone("+44 20 7946 0958")).toBe("+44 20 7946 0958");
    expect(formatPhone("305.222.1234 ext 12")).toBe("305.222.1234 ext 12");
    expect(formatPhone("+34 612345678")).toBe("+34 612345678");
  });
});
