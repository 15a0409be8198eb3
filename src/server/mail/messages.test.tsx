import { describe, expect, it } from "vitest";
import type { OrderView } from "../../domain/orderReadModel";
import { contactMail } from "./contactMail";
import { orderMail } from "./messages";

const order = (overrides: Partial<OrderView> = {}): OrderView => ({
  orderId: "AbCdEfGhIjKlMnOpQrStUv",
  orderNumber: "K7Q3M",
  status: "confirmed",
  estimatedReadyTime: "Ready for pickup around 12:15 PM",
  createdAt: "2026-11-21T17:00:00.000Z",
  items: [
    {
      name: "The Classic Brunch Burger",
      description: "",
      price: 24.5,
      quantity: 2,
      options: [{ group: "Temperature", name: "Medium-rare", quantity: 1, price: 0 }],
      note: "no onions <script>alert(1)</script>",
    },
  ],
  subtotal: 49,
  tax: 3.68,
  deliveryFee: 0,
  tip: 5,
  total: 57.68,
  note: "",
  orderType: "pickup",
  deliveryInfo: null,
  customerInfo: { name: "Ana Pérez", email: "ana@example.com", phone: "(305) 555-0142" },
  ...overrides,
});
const links = { orderUrl: "https://jealousfork.example/order-confirmation/AbCdEfGhIjKlMnOpQrStUv", receiptUrl: null };

describe("the e-mails", () => {
  it("confirm an order with its options, notes as text, tip, total and promise, in HTML and plain text", async () => {
    const mail = await orderMail("order_confirmed", { order: order(), ...links });
    expect(mail.subject).toBe("Your Jealous Fork order #K7Q3M is confirmed");
    expect(mail.html).toMatch(/^<!DOCTYPE html/);
    expect(mail.html).not.toContain("<script>alert(1)");
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain("Medium-rare");
      expect(part).toContain("Tip $5.00");
      expect(part).toContain("Total $57.68");
      expect(part).toContain("Ready for pickup around 12:15 PM");
    }
    expect(mail.text).toContain("no onions <script>alert(1)</script>");
    // The phone once, without its tel: link, in the plain text.
    expect(mail.text).not.toContain("tel:");
    expect(mail.text).toContain("(305) 699-1430");
    expect(mail.text).not.toContain("receipt");
  });

  it("show a promo code's discount under the subtotal as the order was charged, in English and in Spanish", async () => {
    const discounted = order({ subtotal: 30, discount: { code: "BRUNCH5", label: "$5 off your first order", amount: 5 }, tax: 1.88, tip: 0, total: 26.88 });
    const english = await orderMail("order_confirmed", { order: discounted, ...links });
    const spanish = await orderMail("order_confirmed", { order: discounted, ...links }, "es");
    for (const part of [english.html, english.text]) {
      expect(part).toContain("Discount (BRUNCH5) \u2212$5.00");
      expect(part).toContain("Total $26.88");
    }
    expect(spanish.text).toContain("Descuento (BRUNCH5) \u2212$5.00");
    expect((await orderMail("order_confirmed", { order: order(), ...links })).text).not.toContain("Discount");
  });

  it("never make the customer's words the heading or a link: the name under a label, notes quoted under theirs", async () => {
    const impostor = order({
      customerInfo: { name: "Jealous Fork Security Team", email: "ana@example.com", phone: "(305) 555-0142" },
      note: "Your card failed, pay again at https://pay-jealousfork.example/now or write billing@pay-jealousfork.example",
      orderType: "delivery",
      deliveryInfo: { address: "1 Main St", city: "Miami", state: "FL", zipCode: "33175", phone: "", notes: "Gate code 12, see www.gate.example" },
    });
    const mail = await orderMail("order_confirmed", { order: impostor, ...links });
    const heading = /<h1[^>]*>(.*?)<\/h1>/s.exec(mail.html)?.[1] ?? "";
    expect(heading).toBe("Thank you! Your order is confirmed.");
    expect(mail.html).not.toMatch(/<a[^>]+href="[^"]*pay-jealousfork/);
    expect(mail.html).not.toMatch(/<a[^>]+href="[^"]*gate\.example/);
    const text = mail.text.replace(/\u200C/g, "");
    expect(text).toContain("Order for: Jealous Fork Security Team");
    expect(text).toContain("Your note for the kitchen:\n“Your card failed, pay again at https://pay-jealousfork.example/now");
    expect(text).toContain("Your delivery notes:\n“Gate code 12, see www.gate.example”");
    // What a mail client would turn into a link is broken where no one sees it.
    for (const part of [mail.html, mail.text]) {
      expect(part).not.toContain("https://pay-jealousfork.example");
      expect(part).not.toContain("billing@pay-jealousfork.example");
      expect(part).not.toContain("www.gate.example");
    }
  });

  it("say 'on its way' for a delivery and 'ready for pickup' otherwise", async () => {
    const delivery = order({ orderType: "delivery", deliveryInfo: { address: "1 Main St", city: "Miami", state: "FL", zipCode: "33175", phone: "", notes: "" } });
    expect((await orderMail("order_ready", { order: delivery, ...links })).subject).toBe("Your order #K7Q3M is on its way");
    expect((await orderMail("order_ready", { order: order(), ...links })).subject).toBe("Your order #K7Q3M is ready for pickup");
  });

  it("tell a curbside diner to tap \"I'm here\", with the order page's link, instead of sending them to the counter", async () => {
    const curbside = order({ curbside: { car: "Blue Honda Civic", arrivedAt: null } });
    const mail = await orderMail("order_ready", { order: curbside, ...links });
    expect(mail.text).toContain("is ready. When you park, tap \"I'm here\" on your order's page and we bring it out to your car.");
    expect(mail.text).not.toContain("at the counter");
    // The "I'm here" button, one more link to the order's page than a counter pickup's e-mail has.
    const links_ = (html: string) => html.split(`href="${links.orderUrl}"`).length - 1;
    const counter = await orderMail("order_ready", { order: order(), ...links });
    expect(links_(mail.html)).toBe(links_(counter.html) + 1);
    expect(mail.text).toContain(`I'm here ${links.orderUrl}`);
    const spanish = await orderMail("order_ready", { order: curbside, ...links }, "es");
    expect(spanish.text).toContain("toca \"Ya llegué\" en la página de tu pedido");
    expect(counter.text).toContain("is waiting for you at the counter");
  });

  it("name the refunded amount", async () => {
    const mail = await orderMail("order_refunded", { order: order(), ...links, amountCents: 1250 });
    expect(mail.subject).toBe("A refund of $12.50 for order #K7Q3M");
    expect(mail.text).toContain("A refund of $12.50 for order #K7Q3M is on its way to your card");
  });

  it("copy a contact message to the restaurant as text", async () => {
    const mail = await contactMail({
      message: { firstName: "Luis", lastName: "Gómez", email: "luis@example.com", phone: null, message: "<b>Hi</b>\nTwo lines", createdAt: "2026-11-21T17:00:00.000Z" },
      consoleUrl: "https://jealousfork.example/admin",
    });
    expect(mail.subject).toBe("Contact message from Luis Gómez");
    expect(mail.html).toContain("&lt;b&gt;Hi&lt;/b&gt;");
    expect(mail.text).toContain("Two lines");
  });
});
