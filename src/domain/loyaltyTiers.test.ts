import { describe, expect, it } from "vitest";
import { shownTiers, tierWords } from "./loyaltyTiers";

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
