import { describe, expect, it } from "vitest";
import type { OrderView } from "../../domain/orderReadModel";
import { courierMail } from "./courierMail";
import { orderMail } from "./messages";

const courier = {
  provider: "doordash" as const,
  step: "driver_assigned" as const,
  trackingUrl: "https://track.doordash.example/abc",
  driverName: "Marisol",
  pickupAt: "2026-11-21T17:30:00.000Z",
  dropoffEta: "2026-11-21T17:55:00.000Z",
};

const order: OrderView = {
  orderId: "AbCdEfGhIjKlMnOpQrStUv",
  orderNumber: "K7Q3M",
  status: "confirmed",
  estimatedReadyTime: "Arriving around 1:00 PM",
  createdAt: "2026-11-21T17:00:00.000Z",
  items: [{ name: "Hot Maple Flatbread", description: "", price: 16, quantity: 1, options: [], note: "" }],
  subtotal: 16,
  tax: 1.2,
  deliveryFee: 9.75,
  tip: 0,
  total: 26.95,
  note: "",
  orderType: "delivery",
  deliveryInfo: { address: "1200 SW 8th St", city: "Miami", state: "FL", zipCode: "33135", phone: "", notes: "" },
  customerInfo: { name: "Ana Pérez", email: "ana@example.com", phone: "(305) 555-0142" },
  courier,
};
const context = { order, orderUrl: "https://jealousfork.example/order-confirmation/AbCd", consoleUrl: "https://jealousfork.example/admin", payload: {} };

describe("the courier e-mails", () => {
  it("give the customer the driver, the arrival time and the tracking link once a driver is assigned", async () => {
    const mail = await courierMail("order_courier_assigned", context, "en");
    expect(mail.subject).toBe("A driver is on order #K7Q3M: follow it here");
    expect(mail.html).toContain("Marisol from DoorDash is bringing your order.");
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain("https://track.doordash.example/abc");
      expect(part).toContain("12:55");
    }
  });

  it("tell a Spanish customer, in Spanish, what happens after the courier cancelled", async () => {
    const mail = await courierMail("order_courier_cancelled", context, "es");
    expect(mail.text).toContain("enviará otro repartidor o te devolverá todo el dinero");
  });

  it("tell the restaurant to send a new courier or refund", async () => {
    const mail = await courierMail("staff_courier_problem", { ...context, payload: { state: "cancelled", reason: "dasher_not_available" } }, "en");
    expect(mail.subject).toBe("The courier cancelled for order #K7Q3M: send a new courier or refund");
    expect(mail.text).toContain("dasher_not_available");
  });

  it("put the tracking link in the confirmation when a driver already has the order", async () => {
    const mail = await orderMail("order_confirmed", { order, orderUrl: context.orderUrl, receiptUrl: null });
    expect(mail.text).toContain("Track your DoorDash driver:");
    expect(mail.text).toContain("https://track.doordash.example/abc");
  });
});
