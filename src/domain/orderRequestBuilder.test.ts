import { describe, expect, it } from "vitest";
import { orderRequestSchema } from "./orderRequest.schema";
import { buildOrderRequest, type OrderRequestParts } from "./orderRequestBuilder";
import { computeTotals } from "./pricing";

const burger = {
  id: 12,
  name: "Jealous Burger",
  // 14.00 for the dish, 2 x 1.50 of bacon
  price: 1700,
  quantity: 2,
  options: [{ groupId: "extras", optionId: "bacon", quantity: 2, name: "Bacon", price: 150 }],
  note: "no onions",
};
const coffee = { id: 3, name: "Coffee", price: 350, quantity: 1 };
const details = {
  name: "  Ana Pérez ",
  email: "ana@example.com ",
  phone: "(305) 555-0101",
  address: " 100 Biscayne Blvd ",
  city: "",
  state: " ",
  zipCode: "33132 ",
  deliveryNotes: " ring twice ",
  orderNote: " birthday ",
};

function parts(overrides: Partial<OrderRequestParts> = {}): OrderRequestParts {
  const items = [burger, coffee];
  return {
    items,
    totals: computeTotals(
      items.map((item) => ({ unitPrice: item.price, quantity: item.quantity })),
      499,
    ),
    orderType: "delivery",
    details,
    tipCents: 681,
    slot: "2026-11-27T17:15:00.000Z",
    courierQuoteId: "quote-1",
    payment: { paymentToken: "cnon:card-nonce-ok" },
    ...overrides,
  };
}

describe("the order request the checkout sends", () => {
  it("carries a delivery's lines with their options and notes, its totals in dollars, the tip, time, quote and customer, trimmed", () => {
    expect(buildOrderRequest(parts())).toEqual({
      items: [
        {
          id: 12,
          name: "Jealous Burger",
          price: 17,
          quantity: 2,
          options: [{ groupId: "extras", optionId: "bacon", quantity: 2, name: "Bacon", price: 1.5 }],
          note: "no onions",
        },
        { id: 3, name: "Coffee", price: 3.5, quantity: 1 },
      ],
      subtotal: 37.5,
      tax: 2.81,
      deliveryFee: 4.99,
      total: 45.3,
      tip: 6.81,
      note: "birthday",
      customerInfo: { name: "Ana Pérez", email: "ana@example.com", phone: "(305) 555-0101" },
      deliveryInfo: { address: "100 Biscayne Blvd", city: "Miami", state: "FL", zipCode: "33132", phone: "(305) 555-0101", deliveryNotes: "ring twice" },
      orderType: "delivery",
      courierQuoteId: "quote-1",
      slot: "2026-11-27T17:15:00.000Z",
      paymentToken: "cnon:card-nonce-ok",
    });
  });

  it("is a request the API's schema accepts", () => {
    const request = buildOrderRequest(parts({ payment: { paymentToken: "wnon:google-pay", verificationToken: "verf:ok", giftCardToken: "gftc:card" } }));
    const parsed = orderRequestSchema.safeParse(request);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(parsed.data).toMatchObject({ verificationToken: "verf:ok", giftCardToken: "gftc:card", tip: 6.81 });
  });

  it("sends a pickup for as soon as possible without address, quote, time, tip or note", () => {
    const request = buildOrderRequest(parts({ orderType: "pickup", tipCents: 0, slot: "", details: { ...details, orderNote: "  " } }));
    expect(request).not.toHaveProperty("deliveryInfo");
    expect(request).not.toHaveProperty("courierQuoteId");
    expect(request).not.toHaveProperty("slot");
    expect(request).not.toHaveProperty("tip");
    expect(request).not.toHaveProperty("note");
    expect(orderRequestSchema.safeParse(request).success).toBe(true);
  });

  it("asks for texts only when the diner ticked the box", () => {
    expect(buildOrderRequest(parts({ details: { ...details, textMe: "yes" } })).textMe).toBe(true);
    expect(buildOrderRequest(parts())).not.toHaveProperty("textMe");
    expect(buildOrderRequest(parts({ details: { ...details, textMe: "" } }))).not.toHaveProperty("textMe");
  });

  it("sends a curbside pickup's car, trimmed, and no curbside for a delivery or a pickup at the counter", () => {
    const curbside = { ...details, curbside: "yes", curbsideCar: "  red Civic, row 2 " };
    const request = buildOrderRequest(parts({ orderType: "pickup", details: curbside }));
    expect(request.curbside).toEqual({ car: "red Civic, row 2" });
    expect(orderRequestSchema.safeParse(request).success).toBe(true);
    expect(buildOrderRequest(parts({ details: curbside }))).not.toHaveProperty("curbside");
    expect(buildOrderRequest(parts({ orderType: "pickup", details: { ...curbside, curbside: "" } }))).not.toHaveProperty("curbside");
    const tooLong = buildOrderRequest(parts({ orderType: "pickup", details: { ...curbside, curbsideCar: "x".repeat(251) } }));
    expect(orderRequestSchema.safeParse(tooLong).error?.issues[0]?.message).toBe("at most 250 characters");
  });

  it("sends the bank's verification and a held gift card with the payment they go with, never a gift card twice", () => {
    expect(buildOrderRequest(parts({ payment: { paymentToken: "wnon:google-pay", verificationToken: "verf:ok" } }))).toMatchObject({
      paymentToken: "wnon:google-pay",
      verificationToken: "verf:ok",
    });
    const wholeByGiftCard = buildOrderRequest(parts({ payment: { paymentToken: "gftc:card", giftCardToken: "gftc:card" } }));
    expect(wholeByGiftCard).not.toHaveProperty("giftCardToken");
    expect(wholeByGiftCard).not.toHaveProperty("verificationToken");
  });
});
