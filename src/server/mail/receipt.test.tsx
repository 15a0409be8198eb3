// The confirmation e-mail says how the order was paid, in the diner's language, as the order page does
// (src/islands/order/receipt.test.tsx).
import { describe, expect, it } from "vitest";
import type { OrderView } from "../../domain/orderReadModel";
import { orderMail } from "./messages";

const order = (overrides: Partial<OrderView> = {}): OrderView => ({
  orderId: "AbCdEfGhIjKlMnOpQrStUv",
  orderNumber: "K7Q3M",
  status: "confirmed",
  estimatedReadyTime: "Ready for pickup around 12:15 PM",
  promisedAt: "2026-11-21T17:15:00.000Z",
  createdAt: "2026-11-21T16:50:00.000Z",
  items: [{ name: "Classic Pancakes", description: "", price: 16, quantity: 1, options: [{ group: "Masa", name: "Masa sin gluten", quantity: 1, price: 2 }] }],
  subtotal: 16,
  tax: 1.2,
  deliveryFee: 0,
  tip: 0,
  total: 17.2,
  note: "",
  orderType: "pickup",
  deliveryInfo: null,
  customerInfo: { name: "Ana Pérez", email: "ana@example.com", phone: "(305) 555-0142" },
  tenders: [
    { kind: "gift_card", last4: "6073", amountCents: 1000, balanceCents: 0 },
    { kind: "card", brand: "VISA", last4: "4242", amountCents: 720 },
  ],
  ...overrides,
});
describe("how an order was paid, in its e-mail", () => {
  it("puts the tenders in the confirmation e-mail, in Spanish for a Spanish diner", async () => {
    const mail = await orderMail("order_confirmed", { order: order({ locale: "es" }), orderUrl: "https://x.example/es/order-confirmation/AbC", receiptUrl: null }, "es");
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain("Pagado con: Tarjeta de regalo •••• 6073 · quedan $0.00 + Visa •••• 4242");
      expect(part).toContain("Masa sin gluten");
    }
  });
});
