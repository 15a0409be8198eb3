// Customers hear from the restaurant: e-mails queued in the outbox by the change that causes them (in its
// transaction), sent at once to an SMTP catcher on 127.0.0.1 and read back; sent once however often a
// webhook or a click repeats; retried with backoff when the provider fails, which never fails an order;
// and the console's outbox, its resend and the restaurant's address for copies.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CaughtMail } from "../../src/integrations/mailCatcher";
import { useSiteMail } from "../support/siteMail";
import { testDatabase } from "../support/database";
import { adminHeaders } from "../support/admin";
import { call, jsonOf } from "../support/functions";
import { deliverSquareWebhooks, PICKUP_ORDER, postOrder, useOrderServices } from "../support/orderServices";
import adminMail from "../../netlify/functions/admin-mail.mts";
import adminOrders from "../../netlify/functions/admin-orders.mts";
import adminRefunds from "../../netlify/functions/admin-refunds.mts";
import contact from "../../netlify/functions/contact.mts";
import scheduled from "../../netlify/functions/mail-outbox.mts";
import { getOrder } from "../../src/server/orders/records";
import { deliverDueMail } from "../../src/server/mail/worker";
import { MAX_ATTEMPTS } from "../../src/server/mail/outbox";

const SIGNATURE_KEY = "whsk-mail-test-0123456789";
const CUSTOMER = PICKUP_ORDER.customerInfo.email;
const RESTAURANT = "manager@jealousfork.example";

const running = useOrderServices();
const siteMail = useSiteMail();
let admin: Record<string, string>;
let stopWebhooks: () => void;

beforeAll(async () => {
  stopWebhooks = deliverSquareWebhooks(running.square, SIGNATURE_KEY);
  admin = await adminHeaders();
});
afterAll(() => stopWebhooks());

async function placeOrder(body: object = PICKUP_ORDER): Promise<{ orderId: string; orderNumber: string }> {
  const res = await postOrder(body);
  expect(res.status).toBe(201);
  return jsonOf(res);
}

const about = (orderNumber: string, words: string) => (mail: CaughtMail) => mail.subject.includes(`#${orderNumber}`) && mail.subject.includes(words);

async function outboxOf(orderId: string) {
  return testDatabase().rows<{ kind: string; status: string; attempts: number; recipient: string; last_error: string | null }>(
    "SELECT kind, status, attempts, recipient, last_error FROM mail_outbox WHERE order_id = $1 ORDER BY id",
    [orderId],
  );
}

function setStatus(orderId: string, status: string) {
  return call(adminOrders, `/api/admin/orders/${orderId}`, { method: "PATCH", body: { status }, headers: admin, params: { id: orderId } });
}

/** Every outbox row has been dealt with by the immediate attempts (sent, or waiting for a retry). */
async function settled(): Promise<void> {
  await expect.poll(() => testDatabase().count("mail_outbox", "status = 'sending' OR (status = 'waiting' AND attempts = 0)"), { timeout: 15_000, interval: 50 }).toBe(0);
}

describe("the order confirmation e-mail", () => {
  it("goes out at once after the charge: items with options, totals, the promised time, where, the phone, the order page and Square's receipt", async () => {
    const { orderId, orderNumber } = await placeOrder({
      ...PICKUP_ORDER,
      customerInfo: { ...PICKUP_ORDER.customerInfo, phone: "3055550142" },
      note: "Extra napkins please",
    });
    const mail = await siteMail.catcher.waitFor(about(orderNumber, "is confirmed"));
    expect(mail.to).toEqual([CUSTOMER]);
    expect(mail.from).toContain("orders@jealousfork.example");
    expect(mail.subject).toBe(`Your Jealous Fork order #${orderNumber} is confirmed`);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain("Billionaire Brunch Bites");
      expect(part).toContain("Hot Maple Flatbread");
      expect(part).toContain("$53.75");
      expect(part).toContain("Ready for pickup around 12:15 PM");
      expect(part).toContain("14417 SW 42nd St");
      expect(part).toContain("(305) 699-1430");
      expect(part).toContain("Extra napkins please");
    }
    expect(mail.html).toContain(`https://jealousfork.example/order-confirmation/${orderId}`);
    expect(mail.html).toContain("https://www.google.com/maps/search/");
    expect(mail.html).toContain("https://squareupsandbox.com/receipt/preview/fake");
    expect(mail.text).toContain(`https://jealousfork.example/order-confirmation/${orderId}`);
    await settled();
    expect(await outboxOf(orderId)).toEqual([{ kind: "order_confirmed", status: "sent", attempts: 1, recipient: CUSTOMER, last_error: null }]);
  });

  it("is queued in the transaction that confirms the order: no confirmed order without its message, none for a declined card", async () => {
    const declined = await postOrder({ ...PICKUP_ORDER, paymentToken: "cnon:card-nonce-declined" });
    expect(declined.status).toBe(402);
    expect(await testDatabase().count("mail_outbox", "order_id IN (SELECT id FROM orders WHERE status <> 'confirmed')")).toBe(0);
    const { orderId } = await placeOrder();
    expect(await testDatabase().count("mail_outbox", "order_id = $1 AND kind = 'order_confirmed'", [orderId])).toBe(1);
    expect(await testDatabase().count("orders o", "o.status = 'confirmed' AND NOT EXISTS (SELECT 1 FROM mail_outbox m WHERE m.order_id = o.id AND m.kind = 'order_confirmed')")).toBe(0);
  });
});

describe("'ready' and 'on its way'", () => {
  it("tells the customer once when staff mark the order ready, however often they click", async () => {
    const { orderId, orderNumber } = await placeOrder();
    expect((await setStatus(orderId, "preparing")).status).toBe(200);
    expect((await setStatus(orderId, "ready")).status).toBe(200);
    expect((await setStatus(orderId, "ready")).status).toBe(409);
    const mail = await siteMail.catcher.waitFor(about(orderNumber, "ready for pickup"));
    expect(mail.to).toEqual([CUSTOMER]);
    expect(mail.text).toContain("waiting for you at the counter");
    await settled();
    expect((await outboxOf(orderId)).map((row) => [row.kind, row.status])).toEqual([
      ["order_confirmed", "sent"],
      ["order_ready", "sent"],
    ]);
  });

  it("says 'on its way' for a delivery, and once only when Square delivers the kitchen's PREPARED twice", async () => {
    const { orderId, orderNumber } = await placeOrder({
      ...PICKUP_ORDER,
      orderType: "delivery",
      deliveryInfo: { address: "14417 SW 42nd St", city: "Miami", state: "FL", zipCode: "33175", phone: "", deliveryNotes: "Blue door" },
    });
    await running.square.deliverWebhooks();
    const squareOrderId = (await getOrder(orderId))!.payment.providerOrderId!;
    running.square.posSetFulfillmentState(squareOrderId, "PREPARED");
    const [prepared] = running.square.pendingNotifications();
    expect(await running.square.deliverWebhooks()).toEqual([200]);
    expect(await running.square.redeliver(prepared!)).toBe(200);
    const mail = await siteMail.catcher.waitFor(about(orderNumber, "is on its way"));
    expect(mail.text).toContain("Delivering to 14417 SW 42nd St, Miami, FL 33175.");
    // The customer's own words, quoted under their label.
    expect(mail.text).toContain("Your delivery notes:\n“Blue door”");
    await settled();
    expect(siteMail.catcher.messages().filter(about(orderNumber, "on its way"))).toHaveLength(1);
    expect(await testDatabase().count("mail_outbox", "order_id = $1 AND kind = 'order_ready'", [orderId])).toBe(1);
  });
});

describe("cancellation and refund notices", () => {
  it("tells the customer the order was cancelled, then the refund with its amount", async () => {
    const { orderId, orderNumber } = await placeOrder();
    expect((await setStatus(orderId, "cancelled")).status).toBe(200);
    await siteMail.catcher.waitFor(about(orderNumber, "was cancelled"));
    const refund = await call(adminRefunds, `/api/admin/orders/${orderId}/refunds`, {
      body: { amount: 53.75, reason: "Order cancelled" },
      headers: { ...admin, "idempotency-key": randomUUID() },
      params: { id: orderId },
    });
    expect(refund.status).toBe(201);
    const mail = await siteMail.catcher.waitFor(about(orderNumber, "refund"));
    expect(mail.subject).toBe(`A refund of $53.75 for order #${orderNumber}`);
    expect(mail.text).toContain("A refund of $53.75");
    // Square settling the refund later says nothing new.
    running.square.settleRefund(running.square.refunds.keys().next().value!);
    await running.square.deliverWebhooks();
    await settled();
    expect(await testDatabase().count("mail_outbox", "order_id = $1 AND kind = 'order_refunded'", [orderId])).toBe(1);
  });
});

describe("copies to the restaurant", () => {
  it("sends each new order and each contact message to the address set in the console, with the sender to reply to", async () => {
    const set = await call(adminMail, "/api/admin/mail/settings", { method: "PUT", body: { restaurantAddress: RESTAURANT }, headers: admin, params: { action: "settings" } });
    expect(set.status).toBe(200);
    const { orderNumber } = await placeOrder();
    const copy = await siteMail.catcher.waitFor((mail) => mail.to.includes(RESTAURANT) && mail.subject.includes(`#${orderNumber}`));
    expect(copy.subject).toBe(`New pickup order #${orderNumber}, $53.75`);
    expect(copy.text).toContain("(305) 555-0142");

    const sent = await call(contact, "/contact", {
      body: { firstName: "Luis", lastName: "Gómez", email: "luis@example.com", phone: "", message: "Do you cater for 40 people?" },
    });
    expect(sent.status).toBe(201);
    const message = await siteMail.catcher.waitFor((mail) => mail.subject === "Contact message from Luis Gómez");
    expect(message.to).toEqual([RESTAURANT]);
    expect(message.replyTo).toContain("luis@example.com");
    expect(message.text).toContain("Do you cater for 40 people?");

    expect((await call(adminMail, "/api/admin/mail/settings", { method: "PUT", body: { restaurantAddress: "" }, headers: admin, params: { action: "settings" } })).status).toBe(200);
  });

  it("refuses an address that is not one, and answers 401 to a visitor", async () => {
    const bad = await call(adminMail, "/api/admin/mail/settings", { method: "PUT", body: { restaurantAddress: "manager" }, headers: admin, params: { action: "settings" } });
    expect(bad.status).toBe(400);
    expect((await jsonOf(bad)).issues[0]).toMatchObject({ path: "restaurantAddress", message: "must be an e-mail address" });
    expect((await call(adminMail, "/api/admin/mail", { method: "GET" })).status).toBe(401);
  });
});

describe("a failing mail provider", () => {
  it("never fails the order: the message waits with the reason, backs off, and goes out on a later run", async () => {
    process.env.SMTP_URL = "smtp://127.0.0.1:9"; // nothing listens there
    try {
      const { orderId, orderNumber } = await placeOrder();
      await settled();
      const [waiting] = await outboxOf(orderId);
      expect(waiting).toMatchObject({ kind: "order_confirmed", status: "waiting", attempts: 1 });
      expect(waiting!.last_error).toMatch(/ECONNREFUSED|connect/i);
      const [due] = await testDatabase().rows<{ wait: number }>(
        "SELECT extract(epoch FROM next_attempt_at - now())::int AS wait FROM mail_outbox WHERE order_id = $1",
        [orderId],
      );
      expect(due!.wait).toBeGreaterThan(30);
      expect(due!.wait).toBeLessThanOrEqual(60);

      // The provider is back; the scheduled run finds the message due.
      process.env.SMTP_URL = siteMail.catcher.smtpUrl;
      await testDatabase().rows("UPDATE mail_outbox SET next_attempt_at = now() WHERE order_id = $1", [orderId]);
      expect((await scheduled()).status).toBe(204);
      await siteMail.catcher.waitFor(about(orderNumber, "is confirmed"));
      expect(await outboxOf(orderId)).toMatchObject([{ status: "sent", attempts: 2, last_error: null }]);
    } finally {
      process.env.SMTP_URL = siteMail.catcher.smtpUrl;
    }
  });

  it("gives up after the last attempt, and the console shows the reason and sends it again", async () => {
    process.env.SMTP_URL = "smtp://127.0.0.1:9";
    let orderId: string;
    let orderNumber: string;
    try {
      ({ orderId, orderNumber } = await placeOrder());
      await settled();
      for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
        await testDatabase().rows("UPDATE mail_outbox SET next_attempt_at = now() WHERE order_id = $1", [orderId]);
        await deliverDueMail();
      }
      expect(await outboxOf(orderId)).toMatchObject([{ status: "failed", attempts: MAX_ATTEMPTS }]);
    } finally {
      process.env.SMTP_URL = siteMail.catcher.smtpUrl;
    }
    const listed = await jsonOf(await call(adminMail, "/api/admin/mail?status=failed", { method: "GET", headers: admin }));
    expect(listed.configured).toBe(true);
    const failed = listed.messages.find((message: { orderId: string }) => message.orderId === orderId);
    expect(failed).toMatchObject({ kind: "order_confirmed", status: "failed", recipient: CUSTOMER, attempts: MAX_ATTEMPTS });
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);

    const again = await call(adminMail, `/api/admin/mail/${failed.id}/resend`, { method: "POST", headers: admin, params: { id: String(failed.id), action: "resend" } });
    expect(again.status).toBe(200);
    await siteMail.catcher.waitFor(about(orderNumber, "is confirmed"));
    await settled();
    expect(await outboxOf(orderId)).toMatchObject([{ status: "sent", attempts: 1, last_error: null }]);
  });

  it("answers 400 for an unknown status filter and 409 for a message that does not exist", async () => {
    expect((await call(adminMail, "/api/admin/mail?status=lost", { method: "GET", headers: admin })).status).toBe(400);
    const missing = await call(adminMail, "/api/admin/mail/999999/resend", { method: "POST", headers: admin, params: { id: "999999", action: "resend" } });
    expect(missing.status).toBe(409);
    expect(await jsonOf(missing)).toEqual({ error: "There is no such message, or it is being sent right now." });
  });
});

describe("without SMTP_URL", () => {
  it("keeps the messages waiting in the outbox, untouched, and the console says mail is not configured", async () => {
    delete process.env.SMTP_URL;
    try {
      const { orderId } = await placeOrder();
      expect(await outboxOf(orderId)).toMatchObject([{ status: "waiting", attempts: 0 }]);
      const listed = await jsonOf(await call(adminMail, "/api/admin/mail", { method: "GET", headers: admin }));
      expect(listed.configured).toBe(false);
      expect(listed.counts.waiting).toBeGreaterThanOrEqual(1);
    } finally {
      process.env.SMTP_URL = siteMail.catcher.smtpUrl;
      await deliverDueMail();
    }
  });
});


describe("two outbox workers started at once", () => {
  it("send each waiting message once between them", async () => {
    delete process.env.SMTP_URL;
    const placed: { orderId: string; orderNumber: string }[] = [];
    try {
      for (let i = 0; i < 6; i++) placed.push(await placeOrder());
    } finally {
      process.env.SMTP_URL = siteMail.catcher.smtpUrl;
    }
    const ids = placed.map((order) => order.orderId);
    expect(await testDatabase().count("mail_outbox", "order_id = ANY($1) AND status = 'waiting' AND attempts = 0", [ids])).toBe(6);

    // The scheduled worker and an immediate one, running side by side.
    await Promise.all([deliverDueMail({ batch: 2 }), deliverDueMail({ batch: 2 })]);
    for (const { orderNumber } of placed) await siteMail.catcher.waitFor(about(orderNumber, "is confirmed"));
    for (const { orderNumber } of placed) {
      expect(siteMail.catcher.messages().filter(about(orderNumber, "is confirmed"))).toHaveLength(1);
    }
    expect(await testDatabase().count("mail_outbox", "order_id = ANY($1) AND status = 'sent' AND attempts = 1", [ids])).toBe(6);
  });
});
