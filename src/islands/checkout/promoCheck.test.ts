import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api";
import { checkBody, refusalSentence } from "./promoCheck";

const pancakes = { id: 12, name: "Banana Walnut Pancakes", price: 1600, quantity: 2, options: [{ groupId: "g", optionId: "o", quantity: 1, name: "Extra syrup", price: 100 }], note: "warm" };

describe("the code field's check", () => {
  it("prices the cart's lines as the order request carries them, with the order type", () => {
    expect(checkBody({ items: [pancakes], orderType: "pickup" })).toEqual({
      items: [{ id: 12, name: "Banana Walnut Pancakes", price: 16, quantity: 2, options: [{ groupId: "g", optionId: "o", quantity: 1, name: "Extra syrup", price: 1 }], note: "warm" }],
      orderType: "pickup",
    });
  });

  it("sends the courier's quote only for a delivery, and the contact only once the details step checked it", () => {
    expect(checkBody({ items: [pancakes], orderType: "pickup", courierQuoteId: "q1" })).not.toHaveProperty("courierQuoteId");
    expect(checkBody({ items: [pancakes], orderType: "delivery", courierQuoteId: "q1" })).toMatchObject({ courierQuoteId: "q1" });
    expect(checkBody({ items: [pancakes], orderType: "pickup", contact: null })).not.toHaveProperty("email");
    expect(checkBody({ items: [pancakes], orderType: "pickup", contact: { email: " ana@example.com ", phone: "(305) 555-0142" } })).toMatchObject({ email: "ana@example.com", phone: "(305) 555-0142" });
  });

  it("shows the server's sentence for a refused code or too many tries, and its own for anything else", () => {
    const refused = new ApiError(422, "422", { error: "That code has expired." });
    const tooMany = new ApiError(429, "429", { error: "Too many codes tried. Please wait a few minutes and try again." });
    expect(refusalSentence(refused, "fallback")).toBe("That code has expired.");
    expect(refusalSentence(tooMany, "fallback")).toMatch(/^Too many codes tried/);
    expect(refusalSentence(new ApiError(500, "500", { error: "Internal" }), "fallback")).toBe("fallback");
    expect(refusalSentence(new TypeError("Failed to fetch"), "fallback")).toBe("fallback");
  });
});
