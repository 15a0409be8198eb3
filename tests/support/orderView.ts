// One paid pickup as the order page and the e-mail read it (the read model's OrderView): Classic Pancakes with
// a Spanish option, paid $10.00 from a gift card left at $0 and the rest by Visa. Tests change what they judge.
import type { OrderView } from "../../src/domain/orderReadModel";

export const sampleOrderView = (overrides: Partial<OrderView> = {}): OrderView => ({
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
