import { describe, expect, it } from "vitest";
import { discountWords, shownTiers, tierWords } from "./loyaltyTiers";

describe("reward tier words", () => {
  it("says an amount off the order in English and Spanish", () => {
    expect(tierWords("$5 off entire sale", "en")).toBe("$5 off your order");
    expect(tierWords("$5 off entire sale", "es")).toBe("$5 de descuento en tu pedido");
  });

  it("says a percentage off the order in English and Spanish", () => {
    expect(tierWords("10% off entire sale", "en")).toBe("10% off your order");
    expect(tierWords("10% off entire sale", "es")).toBe("10 % de descuento en tu pedido");
  });

  it("says a free item with the item's own name", () => {
    expect(tierWords("Free Key Lime Pie", "es")).toBe("Key Lime Pie gratis");
  });

  it("shows a name it does not recognise as the seller wrote it", () => {
    expect(tierWords("Birthday burger on the house", "es")).toBe("Birthday burger on the house");
  });

  it("lists the tiers from the fewest points up", () => {
    const tiers = shownTiers([{ id: "b", points: 200, name: "$10 off entire sale" }, { id: "a", points: 100, name: "$5 off entire sale" }], "en");
    expect(tiers).toEqual([{ id: "a", points: 100, name: "$5 off your order" }, { id: "b", points: 200, name: "$10 off your order" }]);
  });
});

describe("a tier's words from its pricing rule's discount", () => {
  it("says a fixed amount and a capped percentage in English and Spanish", () => {
    expect(discountWords({ kind: "amount", cents: 500 }, "en")).toBe("$5 off your order");
    expect(discountWords({ kind: "amount", cents: 250 }, "es")).toBe("$2.50 de descuento en tu pedido");
    expect(discountWords({ kind: "percent", percentage: "10.0", maxCents: 800 }, "en")).toBe("10% off your order (up to $8)");
    expect(discountWords({ kind: "percent", percentage: "12.5" }, "es")).toBe("12.5 % de descuento en tu pedido");
  });

  it("prefers the discount's words to the Dashboard's name", () => {
    expect(shownTiers([{ id: "a", points: 100, name: "Reward one", discount: { kind: "amount", cents: 500 } }], "es")[0]!.name).toBe("$5 de descuento en tu pedido");
  });
});
