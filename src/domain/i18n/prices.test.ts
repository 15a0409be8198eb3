import { describe, expect, it } from "vitest";
import { formatPrice } from "../money";
import { localPrice } from "./prices";

describe("prices in each language", () => {
  it("writes dollars and cents for es-US as Miami reads them: $16.00, +$2.50, $1,234.50", () => {
    expect(localPrice(1600, "es")).toBe("$16.00");
    expect(localPrice(250, "es")).toBe("$2.50");
    expect(localPrice(123450, "es")).toBe("$1,234.50");
    expect(localPrice(1600, "en")).toBe("$16.00");
  });

  it("matches formatPrice (what the full menu's live script writes) for every price a dish or an order line can have under $1,000", () => {
    for (let cents = 0; cents < 100_000; cents += 37) {
      expect(localPrice(cents, "es")).toBe(formatPrice(cents));
    }
  });
});
