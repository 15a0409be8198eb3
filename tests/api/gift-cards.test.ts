// E-gift cards through Square, against the fake Square: a sale is an order with a GIFT_CARD line, paid,
// then a DIGITAL card activated with that order and line; twins with one key make one card and one charge;
// a card paid but not activated is finished by the worker; the recipient gets the number by e-mail in the
// buyer's language, the buyer a receipt; the balance is read live, five look-ups a minute per network;
// Square's notifications of a card spent at the counter reach the console once.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailCatcher, type MailCatcher } from "../../src/integrations/mailCatcher";
import { adminHeaders } from "../support/admin";
import { testDatabase } from "../support/database";
import { call, jsonOf, settleBackgroundWork } from "../support/functions";
import { deliverSquareWebhooks, useOrderServices } from "../support/orderServices";
import sale from "../../netlify/functions/gift-cards.mts";
import balance from "../../netlify/functions/gift-card-balance.mts";
import adminGiftCards from "../../netlify/functions/admin-gift-cards.mts";
import { finishUnfinishedSales } from "../../src/server/giftcards";
import { deliverDueMail } from "../../src/server/mail/worker";
import { giftCardWords } from "../../src/domain/i18n/ui/giftCards";
import { localPrice } from "../../src/domain/i18n/prices";

const running = useOrderServices();
let catcher: MailCatcher;
let stopWebhooks: () => void;

beforeAll(async () => {
  catcher = await startMailCatcher();
  // No fault is timed here: a sale's four calls to Square get the time a loaded machine needs.
  Object.assign(process.env, { SMTP_URL: catcher.smtpUrl, SITE_URL: "https://jealousfork.example", SQUARE_TIMEOUT_SECONDS: "5" });
  stopWebhooks = deliverSquareWebhooks(running.square, "whsk-gift-cards-0123456789");
  // This file sells many cards within the hour: the site's cap is its own test's (gift-card-limits.test.ts).
  await testDatabase().rows(`INSERT INTO settings (key, value) VALUES ('gift_card_hourly_cap', '500') ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`);
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.SITE_URL;
  stopWebhooks();
  await catcher.stop();
});

const PURCHASE = {
  amount: 50,
  recipient: { name: "Ana Pérez", email: "ana@example.com" },
  buyer: { name: "Luis Gómez", email: "luis@example.com" },
  message: "Happy birthday! Brunch is on me — see jealousfork.com",
  paymentToken: "cnon:card-nonce-ok",
  // Square's buyer verification (verifyBuyer), which a card paying for a gift card always needs.
  verificationToken: "verf:bank-said-yes-0001",
};

function buy(body: unknown = PURCHASE, key: string = randomUUID(), headers: Record<string, string> = {}, ip?: string) {
  return call(sale, "/api/gift-cards", { body, headers: { "idempotency-key": key, ...headers }, ip });
}

/** The recipient's e-mail has gone out (the answer's own send runs beside the test). */
async function waitUntilSent(saleId: string) {
  const sent = async () => {
    await deliverDueMail();
    return testDatabase().count("mail_outbox", "gift_card_sale_id = $1 AND kind = 'gift_card_delivery' AND status = 'sent'", [saleId]);
  };
  await expect.poll(sent, { timeout: 15_000, interval: 50, message: "the gift card e-mail was not sent" }).toBe(1);
}

function checkBalance(number: string, ip = "198.51.100.7", headers: Record<string, string> = {}) {
  return call(balance, "/api/gift-cards/balance", { body: { number }, ip, headers });
}

describe("selling an e-gift card through Square", () => {
  it("orders a GIFT_CARD line with no tax or fulfillment, charges it, then creates a DIGITAL card and activates it with the order and its line", async () => {
    const res = await buy();
    expect(res.status).toBe(201);
    const body = await jsonOf(res);
    expect(body).toMatchObject({ amount: "50.00", status: "activated", last4: expect.stringMatching(/^\d{4}$/) });

    const [orderCall] = running.square.requestsTo("POST", "/v2/orders");
    expect(orderCall!.body.order.line_items).toEqual([{ name: "eGift Card", quantity: "1", item_type: "GIFT_CARD", base_price_money: { amount: 5000, currency: "USD" } }]);
    expect(orderCall!.body.order.taxes ?? []).toEqual([]);
    expect(orderCall!.body.order.fulfillments ?? []).toEqual([]);
    const order = [...running.square.orders.values()][0];
    expect(running.square.charges()).toMatchObject([{ amount_money: { amount: 5000 }, order_id: order.id, status: "COMPLETED" }]);
    expect(running.square.posOrders()).toHaveLength(0);

    expect(running.square.requestsTo("POST", "/v2/gift-cards")[0]!.body.gift_card).toEqual({ type: "DIGITAL" });
    expect(running.square.requestsTo("POST", "/v2/gift-cards/activities")[0]!.body.gift_card_activity).toMatchObject({
      type: "ACTIVATE",
      activate_activity_details: { order_id: order.id, line_item_uid: order.line_items[0].uid },
    });
    const [card] = [...running.square.giftCards.cards.values()];
    expect(card).toMatchObject({ state: "ACTIVE", balance_money: { amount: 5000 } });
    expect(card.gan.slice(-4)).toBe(body.last4);
    // Only the last four digits are kept on this side.
    const rows = await testDatabase().rows("SELECT * FROM gift_card_sales");
    expect(JSON.stringify(rows)).not.toContain(card.gan);
  });

  it("e-mails the recipient the number in groups of four, the amount, the message quoted and labelled and a balance link, and the buyer a receipt", async () => {
    const res = await buy({ ...PURCHASE, recipient: { name: "Ana Pérez", email: "ana.mail@example.com" }, buyer: { name: "Luis Gómez", email: "luis.mail@example.com" } });
    expect(res.status).toBe(201);
    await deliverDueMail();
    const card = [...running.square.giftCards.cards.values()][0];
    const grouped = card.gan.replace(/(\d{4})(?=\d)/g, "$1 ");
    const gift = await catcher.waitFor((mail) => mail.to.includes("ana.mail@example.com"));
    expect(gift.subject).toBe("Luis Gómez sent you a $50.00 Jealous Fork gift card");
    expect(gift.text).toContain(grouped);
    expect(gift.text).toContain("Message from Luis Gómez:");
    expect(gift.html).toContain("https://jealousfork.example/gift-cards#balance");
    // The buyer's words are never a link, whatever they hold.
    expect(gift.html).not.toMatch(/<a[^>]*jealousfork\.com/);
    const receipt = await catcher.waitFor((mail) => mail.to.includes("luis.mail@example.com"));
    expect(receipt.subject).toBe("Your receipt: $50.00 gift card for Ana Pérez");
    expect(receipt.text).toContain(`•••• ${card.gan.slice(-4)}`);
    expect(receipt.text).not.toContain(card.gan);
  });

  it("writes the e-mails in the buyer's language, the balance link to the Spanish page", async () => {
    const res = await buy({ ...PURCHASE, recipient: { name: "Marta", email: "marta@example.com" } }, randomUUID(), { "x-site-locale": "es" });
    expect(res.status).toBe(201);
    await deliverDueMail();
    const gift = await catcher.waitFor((mail) => mail.to.includes("marta@example.com"));
    expect(gift.subject).toBe(giftCardWords["mail.subject"].es("Luis Gómez", localPrice(5000, "es")));
    expect(gift.html).toContain("https://jealousfork.example/es/tarjetas-de-regalo#balance");
    expect(gift.text).toContain("Número de la tarjeta");
  });

  it("makes one card and one charge for twins sent with one key", async () => {
    const key = randomUUID();
    const answers = await Promise.all([buy(PURCHASE, key), buy(PURCHASE, key)]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 201]);
    const [first, second] = await Promise.all(answers.map((res) => jsonOf(res)));
    expect(first.saleId).toBe(second.saleId);
    expect(running.square.charges()).toHaveLength(1);
    expect([...running.square.giftCards.cards.values()].filter((card) => card.state === "ACTIVE")).toHaveLength(1);
    expect(await testDatabase().count("mail_outbox", "gift_card_sale_id = $1", [first.saleId])).toBe(2);
  });

  it("refuses the same key with another amount", async () => {
    const key = randomUUID();
    expect((await buy(PURCHASE, key)).status).toBe(201);
    expect((await buy({ ...PURCHASE, amount: 100 }, key)).status).toBe(409);
    expect(running.square.charges()).toHaveLength(1);
  });

  it("answers 402 to a declined card, and issues no card", async () => {
    const res = await buy({ ...PURCHASE, paymentToken: "cnon:card-nonce-declined" });
    expect(res.status).toBe(402);
    expect(running.square.requestsTo("POST", "/v2/gift-cards")).toHaveLength(0);
    expect(await testDatabase().count("gift_card_sales", "status = 'failed'")).toBeGreaterThan(0);
  });

  it("answers 202 when Square fails after the charge, and the worker activates the card and sends it, charging nothing more", async () => {
    running.square.fault("POST /v2/gift-cards/activities", { status: 500 });
    const res = await buy({ ...PURCHASE, recipient: { name: "Late", email: "late@example.com" } });
    expect(res.status).toBe(202);
    const body = await jsonOf(res);
    expect(body.status).toBe("paid");
    expect(await finishUnfinishedSales(0)).toEqual({ finished: 1, left: 0 });
    expect(await testDatabase().count("gift_card_sales", "status = 'paid'")).toBe(0);
    expect(running.square.charges()).toHaveLength(1);
    expect([...running.square.giftCards.cards.values()]).toMatchObject([{ state: "ACTIVE", balance_money: { amount: 5000 } }]);
    await deliverDueMail();
    await catcher.waitFor((mail) => mail.to.includes("late@example.com"));
  });

  it("refuses amounts outside $10-$500, a message over 200 characters and a missing recipient before calling Square or storing anything", async () => {
    const before = await testDatabase().count("gift_card_sales");
    for (const body of [
      { ...PURCHASE, amount: 9.99 },
      { ...PURCHASE, amount: 500.01 },
      { ...PURCHASE, amount: 25.005 },
      { ...PURCHASE, message: "x".repeat(201) },
      { ...PURCHASE, recipient: { name: "", email: "ana@example.com" } },
      { ...PURCHASE, buyer: { name: "Luis", email: "not-an-address" } },
    ]) {
      const res = await buy(body);
      expect(res.status).toBe(400);
      expect((await jsonOf(res)).error).toBeTruthy();
    }
    expect((await buy(PURCHASE, "short")).status).toBe(400);
    expect(running.square.requests).toHaveLength(0);
    expect(await testDatabase().count("gift_card_sales")).toBe(before);
  });

  it("allows ten purchases per network in ten minutes, then answers 429 in the buyer's language with Retry-After, calling Square no more", async () => {
    for (let i = 0; i < 10; i++) expect((await buy(PURCHASE, randomUUID(), {}, "192.0.2.77")).status).toBe(201);
    // What the ten sales do after their answers (their cards sent) is done before the refused one is counted.
    await settleBackgroundWork();
    const calls = running.square.requests.length;
    const refused = await buy(PURCHASE, randomUUID(), { "x-site-locale": "es" }, "192.0.2.77");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await jsonOf(refused)).toEqual({ error: giftCardWords["refused.tooManySales"].es, code: "gift_card_too_many" });
    expect(running.square.requests).toHaveLength(calls);
  });

  it("sells a custom amount of $10 and of $500", async () => {
    expect(await jsonOf(await buy({ ...PURCHASE, amount: 10 }))).toMatchObject({ amount: "10.00" });
    expect(await jsonOf(await buy({ ...PURCHASE, amount: 500 }))).toMatchObject({ amount: "500.00" });
  });
});

describe("checking a balance", () => {
  it("reads the balance live from Square, and shows a redemption at the counter at once", async () => {
    await buy();
    const card = [...running.square.giftCards.cards.values()][0];
    const first = await checkBalance(card.gan.replace(/(\d{4})(?=\d)/g, "$1 "), "198.51.100.10");
    expect(first.status).toBe(200);
    expect(await jsonOf(first)).toMatchObject({ balance: "50.00", last4: card.gan.slice(-4), state: "ACTIVE" });
    expect(running.square.requestsTo("POST", "/v2/gift-cards/from-gan").at(-1)!.body).toEqual({ gan: card.gan });
    running.square.giftCards.redeemAtCounter(card.gan, 1_612);
    expect(await jsonOf(await checkBalance(card.gan, "198.51.100.10"))).toMatchObject({ balance: "33.88" });
  });

  it("answers an unknown, a malformed and an inactive number with one sentence, in the page's language", async () => {
    await buy();
    const card = [...running.square.giftCards.cards.values()][0];
    const unknown = await checkBalance("7783 0000 0000 0000", "198.51.100.20");
    expect(unknown.status).toBe(404);
    expect(await jsonOf(unknown)).toEqual({ error: giftCardWords["refused.unknown"].en, code: "gift_card_unknown" });
    const malformed = await checkBalance("1234", "198.51.100.20");
    expect(malformed.status).toBe(400);
    expect((await jsonOf(malformed)).error).toBe(giftCardWords["refused.malformed"].en);
    const spanish = await checkBalance("12ab", "198.51.100.21", { "x-site-locale": "es" });
    expect((await jsonOf(spanish)).error).toBe(giftCardWords["refused.malformed"].es);
    running.square.giftCards.deactivate(card.gan);
    const inactive = await checkBalance(card.gan, "198.51.100.21");
    expect(inactive.status).toBe(422);
    expect((await jsonOf(inactive)).error).toBe(giftCardWords["refused.inactive"].en);
  });

  it("allows five look-ups a minute per network, then answers 429 with a sentence and Retry-After", async () => {
    for (let i = 0; i < 5; i++) expect((await checkBalance("7783000000000001", "192.0.2.55")).status).toBe(404);
    const refused = await checkBalance("7783000000000001", "192.0.2.55");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await jsonOf(refused)).toEqual({ error: giftCardWords["refused.tooManyLookups"].en, code: "gift_card_tooManyLookups" });
    // Another network is not held back.
    expect((await checkBalance("7783000000000001", "192.0.2.56")).status).toBe(404);
  });
});

describe("the console's Gift cards tab and Square's notifications", () => {
  it("lists sales with the number masked to its last 4, and the owner resends the recipient's e-mail", async () => {
    const sold = await jsonOf(await buy());
    const headers = await adminHeaders();
    const list = await call(adminGiftCards, "/api/admin/gift-cards", { headers });
    expect(list.status).toBe(200);
    const { sales } = await jsonOf(list);
    const row = sales.find((entry: any) => entry.id === sold.saleId);
    expect(row).toMatchObject({ amountCents: 5000, buyerName: "Luis Gómez", recipientEmail: "ana@example.com", status: "activated", last4: sold.last4, cardState: "ACTIVE" });
    expect(JSON.stringify(sales)).not.toContain([...running.square.giftCards.cards.values()][0].gan);
    await waitUntilSent(sold.saleId);
    const resent = await call(adminGiftCards, `/api/admin/gift-cards/${sold.saleId}/resend`, { method: "POST", headers, params: { id: sold.saleId, action: "resend" } });
    expect(resent.status).toBe(200);
    expect((await call(adminGiftCards, "/api/admin/gift-cards")).status).toBe(401);
  });

  it("applies a redemption at the counter once, however often Square sends it", async () => {
    const sold = await jsonOf(await buy());
    await running.square.deliverWebhooks();
    const card = [...running.square.giftCards.cards.values()][0];
    running.square.giftCards.redeemAtCounter(card.gan, 2_000);
    const notifications = running.square.pendingNotifications();
    expect(notifications.map((n) => n.type)).toEqual(["gift_card.activity.created", "gift_card.updated"]);
    expect(await running.square.deliverWebhooks()).toEqual([200, 200]);
    expect(await running.square.redeliver(notifications[0]!)).toBe(200);
    const [row] = await testDatabase().rows<{ balance_cents: number }>("SELECT balance_cents FROM gift_card_sales WHERE id = $1", [sold.saleId]);
    expect(row!.balance_cents).toBe(3_000);
    expect(await testDatabase().count("square_events", "type LIKE 'gift_card.%'")).toBeGreaterThanOrEqual(2);
  });
});
