// What a diner is shown with a code is what Square charges, what the order keeps, what its page shows and
// what the confirmation e-mail says, to the cent: a percentage off odd-dollar dishes ($11.00 + $17.00),
// taxed after the discount (a half cent of tax, rounded to even as Square rounds it), with a tip on top.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import adminOffers from "../../netlify/functions/admin-offers.mts";
import offerCheck from "../../netlify/functions/offer-check.mts";
import orderHandler from "../../netlify/functions/order.mts";
import { deliverDueMail } from "../../src/server/mail/worker";
import type { RenderedMail } from "../../src/server/mail/layout";
import { adminHeaders } from "../support/admin";
import { testDatabase } from "../support/database";
import { call, jsonOf } from "../support/functions";
import { PICKUP_ORDER, postOrder, useOrderServices } from "../support/orderServices";

const running = useOrderServices();
let admin: Record<string, string>;
beforeAll(async () => {
  admin = await adminHeaders();
});

// Bacon Spindle ($11.00) and Billionaire Brunch Bites ($17.00).
const ITEMS = [
  { id: 4, quantity: 1 },
  { id: 7, quantity: 1 },
];

describe("a percentage code on odd-dollar dishes", () => {
  it("is shown, charged, stored, shown on the order page and e-mailed as the same cents", async () => {
    const code = `ODD${randomUUID().replaceAll("-", "").slice(0, 8).toUpperCase()}`;
    const made = await call(adminOffers, "/api/admin/offers", {
      body: { code, kind: "percent", percent: 15, scope: "order", labelEn: "15% off", labelEs: "15% de descuento" },
      headers: admin,
    });
    expect(made.status).toBe(201);

    // Shown before Pay: 15% of $28.00 is $4.20; tax 7.5% of $23.80 = $1.785 -> $1.78 (half to even); $25.58.
    const checked = await call(offerCheck, "/api/offers/check", { body: { code, items: ITEMS } });
    expect(checked.status, await checked.clone().text()).toBe(200);
    const { totals } = await jsonOf<{ totals: Record<string, number> }>(checked);
    expect(totals).toEqual({ subtotal: 2800, discount: 420, tax: 178, deliveryFee: 0, total: 2558 });

    const email = `odd-${randomUUID().slice(0, 8)}@example.com`;
    const placed = await postOrder({ ...PICKUP_ORDER, items: ITEMS, promoCode: code, tip: 3, total: 25.58, customerInfo: { ...PICKUP_ORDER.customerInfo, email } });
    expect(placed.status, await placed.clone().text()).toBe(201);
    const { orderId } = await jsonOf<{ orderId: string }>(placed);

    // Charged: Square's order comes to the total shown; the tip is on top.
    const [payment] = running.square.charges();
    expect(payment.amount_money.amount).toBe(2558);
    expect(payment.tip_money.amount).toBe(300);
    const squareOrder = running.square.orders.get(payment.order_id);
    expect(squareOrder.total_discount_money.amount).toBe(420);
    expect(squareOrder.total_tax_money.amount).toBe(178);

    // Stored.
    const [stored] = await testDatabase().rows<Record<string, number>>(
      "SELECT subtotal_cents, discount_cents, tax_cents, total_cents, amount_cents, tip_cents FROM orders WHERE id = $1",
      [orderId],
    );
    expect(stored).toEqual({ subtotal_cents: 2800, discount_cents: 420, tax_cents: 178, total_cents: 2558, amount_cents: 2558, tip_cents: 300 });

    // The order page.
    const view = await jsonOf(await call(orderHandler, `/api/orders/${orderId}`, { params: { id: orderId } }));
    expect(view).toMatchObject({ subtotal: 28, discount: { code, amount: 4.2 }, tax: 1.78, tip: 3, total: 28.58 });

    // The confirmation e-mail.
    await testDatabase().rows("UPDATE mail_outbox SET status = 'waiting', next_attempt_at = now() - interval '1 minute' WHERE order_id = $1 AND kind = 'order_confirmed'", [orderId]);
    const sent: { to: string; mail: RenderedMail }[] = [];
    await deliverDueMail({ sender: { send: async (to, mail) => void sent.push({ to, mail }) } });
    const mail = sent.find((message) => message.to === email)?.mail;
    expect(mail, "the confirmation e-mail").toBeDefined();
    expect(mail!.text).toContain("Subtotal $28.00");
    expect(mail!.text).toContain(`Discount (${code}) \u2212$4.20`);
    expect(mail!.text).toContain("Tax (7.5%) $1.78");
    expect(mail!.text).toContain("Tip $3.00");
    expect(mail!.text).toContain("Total $28.58");
  });
});
