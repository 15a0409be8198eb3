// An order placed from the Spanish site: stored with the customer's language, read by the kitchen in
// English with a mark of that language (the console and Square's ticket), and the customer's e-mails in
// Spanish (es-US prices, the /es/ order page), while the restaurant's copy stays English.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { CaughtMail } from "../../src/integrations/mailCatcher";
import { useSiteMail } from "../support/siteMail";
import { testDatabase } from "../support/database";
import { adminHeaders } from "../support/admin";
import { call, jsonOf } from "../support/functions";
import { PICKUP_ORDER, useOrderServices } from "../support/orderServices";
import adminMail from "../../netlify/functions/admin-mail.mts";
import adminOrders from "../../netlify/functions/admin-orders.mts";
import adminRefunds from "../../netlify/functions/admin-refunds.mts";
import orderHandler from "../../netlify/functions/order.mts";
import ordersHandler from "../../netlify/functions/orders.mts";

const RESTAURANT = "kitchen@jealousfork.example";

const running = useOrderServices();
const siteMail = useSiteMail();
let admin: Record<string, string>;

beforeAll(async () => {
  admin = await adminHeaders();
  const set = await call(adminMail, "/api/admin/mail/settings", { method: "PUT", body: { restaurantAddress: RESTAURANT }, headers: admin, params: { action: "settings" } });
  expect(set.status).toBe(200);
});

/** A pickup order with a note for a dish, placed from a page in `language` (the header the site's pages send). */
async function placeFrom(language: Record<string, string>, email: string): Promise<{ orderId: string; orderNumber: string }> {
  const body = {
    ...PICKUP_ORDER,
    items: [{ ...PICKUP_ORDER.items[0], note: "sin nueces" }, PICKUP_ORDER.items[1]],
    customerInfo: { ...PICKUP_ORDER.customerInfo, email },
  };
  const res = await call(ordersHandler, "/api/orders", { body, headers: { "idempotency-key": randomUUID(), ...language } });
  expect(res.status).toBe(201);
  return jsonOf(res);
}

const toCustomer = (email: string, words: string) => (mail: CaughtMail) => mail.to.includes(email) && mail.subject.includes(words);

function setStatus(orderId: string, status: string) {
  return call(adminOrders, `/api/admin/orders/${orderId}`, { method: "PATCH", body: { status }, headers: admin, params: { id: orderId } });
}

describe("an order from the Spanish site", () => {
  it("is stored with locale 'es'; one from the English site or with no language with 'en'", async () => {
    const spanish = await placeFrom({ "x-site-locale": "es" }, "es1@example.com");
    const english = await placeFrom({ "x-site-locale": "en", "accept-language": "es" }, "en1@example.com");
    const unsaid = await placeFrom({}, "none1@example.com");
    const localeOf = async (id: string) => (await testDatabase().rows<{ locale: string }>("SELECT locale FROM orders WHERE id = $1", [id]))[0]?.locale;
    expect(await localeOf(spanish.orderId)).toBe("es");
    // The page's own language wins over the browser's.
    expect(await localeOf(english.orderId)).toBe("en");
    expect(await localeOf(unsaid.orderId)).toBe("en");
  });

  it("reaches the kitchen in English, marked Spanish: Square's ticket, the staff orders API and the restaurant's copy", async () => {
    const { orderId, orderNumber } = await placeFrom({ "x-site-locale": "es" }, "es2@example.com");
    const [created] = running.square.requestsTo("POST", "/v2/orders");
    const ticket = created!.body.order;
    expect(ticket.line_items.map((line: { name: string }) => line.name)).toEqual(["Billionaire Brunch Bites", "Hot Maple Flatbread"]);
    expect(ticket.line_items[0].note).toBe("sin nueces");
    expect(ticket.fulfillments[0].pickup_details.note).toBe(`PICKUP. Online order #${orderNumber}\nCustomer language: Spanish`);

    const listed = await jsonOf(await call(adminOrders, "/api/admin/orders?date=2026-11-21", { headers: admin }));
    const row = listed.orders.find((order: { orderId: string }) => order.orderId === orderId);
    expect(row).toMatchObject({ locale: "es", estimatedReadyTime: "Ready for pickup around 12:15 PM" });
    expect(row.items.map((item: { name: string }) => item.name)).toEqual(["Billionaire Brunch Bites", "Hot Maple Flatbread"]);
    const upcoming = await jsonOf(await call(adminOrders, "/api/admin/orders?upcoming", { headers: admin }));
    expect(upcoming.orders.find((order: { orderId: string }) => order.orderId === orderId)?.locale).toBe("es");

    const copy = await siteMail.catcher.waitFor((mail) => mail.to.includes(RESTAURANT) && mail.subject.includes(`#${orderNumber}`));
    expect(copy.subject).toBe(`New pickup order #${orderNumber}, $53.75`);
    expect(copy.text).toContain("Customer language: Spanish");
    expect(copy.text).toContain("Ready for pickup around 12:15 PM");
    expect(copy.text).toContain("Subtotal $50.00");
  });

  it("is confirmed to the customer in Spanish: subject, words, es-US prices, the promised time and the /es/ order page; dish names as the restaurant writes them", async () => {
    const email = "es3@example.com";
    const { orderId, orderNumber } = await placeFrom({ "x-site-locale": "es" }, email);
    const mail = await siteMail.catcher.waitFor(toCustomer(email, `#${orderNumber}`));
    expect(mail.subject).toBe(`Tu pedido #${orderNumber} de Jealous Fork está confirmado`);
    expect(mail.html).toContain('lang="es"');
    expect(mail.html).toContain("¡Gracias! Tu pedido está confirmado.");
    // The plain-text part writes headings in capitals; the customer's name is under its label, never the heading.
    expect(mail.text).toContain("¡GRACIAS! TU PEDIDO ESTÁ CONFIRMADO.");
    expect(mail.text).toContain("Pedido a nombre de: Ana Pérez");
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain("Listo para recoger hacia las 12:15 p. m.");
      expect(part).toContain("Billionaire Brunch Bites");
      expect(part).toMatch(/Nota:(\n|<br\/>)“sin nueces”/);
      expect(part).toContain("Impuesto (7.5%) $3.75");
      expect(part).toContain("Total $53.75");
      expect(part).toContain("Recógelo en Jealous Fork");
      expect(part).toContain("Sigue tu pedido");
      expect(part).not.toMatch(/Thank you|Ready for pickup|Follow your order|Pick it up/);
    }
    expect(mail.html).toContain(`https://jealousfork.example/es/confirmacion-de-pedido/${orderId}`);
    expect(mail.text).toContain(`https://jealousfork.example/es/confirmacion-de-pedido/${orderId}`);
    const [row] = await testDatabase().rows<{ language: string }>("SELECT language FROM mail_outbox WHERE order_id = $1 AND kind = 'order_confirmed'", [orderId]);
    expect(row?.language).toBe("es");
  });

  it("tells the customer in Spanish that it is ready, then cancelled and refunded (a refund of $53.75 written for es-US)", async () => {
    const email = "es4@example.com";
    const { orderId, orderNumber } = await placeFrom({ "accept-language": "es-MX,es;q=0.9" }, email);
    expect((await setStatus(orderId, "preparing")).status).toBe(200);
    expect((await setStatus(orderId, "ready")).status).toBe(200);
    const ready = await siteMail.catcher.waitFor(toCustomer(email, "listo para recoger"));
    expect(ready.subject).toBe(`Tu pedido #${orderNumber} está listo para recoger`);
    expect(ready.text).toContain("te espera en el mostrador");

    expect((await setStatus(orderId, "cancelled")).status).toBe(200);
    const cancelled = await siteMail.catcher.waitFor(toCustomer(email, "fue cancelado"));
    expect(cancelled.text).toContain("Lo sentimos.");
    const refund = await call(adminRefunds, `/api/admin/orders/${orderId}/refunds`, {
      body: { amount: 53.75, reason: "Order cancelled" },
      headers: { ...admin, "idempotency-key": randomUUID() },
      params: { id: orderId },
    });
    expect(refund.status).toBe(201);
    const refunded = await siteMail.catcher.waitFor(toCustomer(email, "reembolso"));
    expect(refunded.subject).toBe(`Un reembolso de $53.75 por el pedido #${orderNumber}`);
    expect(refunded.text).toContain("va en camino a tu tarjeta");
  });

  it("reads back on the Spanish order page with its promise in Spanish; English by default", async () => {
    const { orderId } = await placeFrom({ "x-site-locale": "es" }, "es5@example.com");
    const read = (headers: Record<string, string>) => call(orderHandler, `/api/orders/${orderId}`, { params: { id: orderId }, headers });
    expect(await jsonOf(await read({ "x-site-locale": "es" }))).toMatchObject({ locale: "es", estimatedReadyTime: "Listo para recoger hacia las 12:15 p. m." });
    expect(await jsonOf(await read({}))).toMatchObject({ locale: "es", estimatedReadyTime: "Ready for pickup around 12:15 PM" });
  });
});

describe("an order from the English site", () => {
  it("is confirmed in English with the English order page, as before", async () => {
    const email = "en2@example.com";
    const { orderId, orderNumber } = await placeFrom({}, email);
    const mail = await siteMail.catcher.waitFor(toCustomer(email, `#${orderNumber}`));
    expect(mail.subject).toBe(`Your Jealous Fork order #${orderNumber} is confirmed`);
    expect(mail.text).toContain("Tax (7.5%) $3.75");
    expect(mail.html).toContain(`https://jealousfork.example/order-confirmation/${orderId}`);
    expect(mail.html).not.toContain("/es/");
  });
});
