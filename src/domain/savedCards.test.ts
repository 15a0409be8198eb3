import { describe, expect, it } from "vitest";
import { cardLabel } from "./savedCards";

describe("a card on file as a diner reads it", () => {
  it("reads 'Visa •••• 1111' from Square's brand code and last four", () => {
    expect(cardLabel({ brand: "VISA", last4: "1111" })).toBe("Visa •••• 1111");
    expect(cardLabel({ brand: "AMERICAN_EXPRESS", last4: "8431" }, "es")).toBe("American Express •••• 8431");
  });

  it("calls a brand Square adds later a card, in the page's language", () => {
    expect(cardLabel({ brand: "OTHER_BRAND", last4: "0004" })).toBe("Card •••• 0004");
    expect(cardLabel({ brand: "OTHER_BRAND", last4: "0004" }, "es")).toBe("Tarjeta •••• 0004");
  });
});
