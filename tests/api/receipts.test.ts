// The receipt as the diner reads it (GET /api/orders/{id}, the order page and its e-mails): how the order
// was paid, as Square's payment says it, kept when the order becomes paid; a gift card's balance from
// Square's REDEEM notification delivered to /api/square/webhooks; options in the diner's language.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { call, jsonOf } from "../support/functions";
import { PICKUP_ORDER, postOrder, useOrderServices } from "../support/orderServices";
import sale from "../../netlify/functions/gift-cards.mts";
import orderHandler from "../../netlify/functions/order.mts";
import { TEST_WALLET_TOKENS } from "../../src/domain/payment";

const running = useOrderServices();

async function giftCardOf(dollars: number): Promise<string> {
  const res = await call(sale, "/api/gift-cards", {
    body: {
      amount: dollars,
      recipient: { name: "Ana", email: "ana@example.com" },
      buyer: { name: "Luis", email: "luis@example.com" },
      paymentToken: "cnon:card-nonce-ok",
      verificationToken: "verf:bank-said-yes-0001",
    },
    headers: { "idempotency-key": randomUUID() },
  });
  expect(res.status).toBe(201);
  const { last4 } = await jsonOf(res);
  return [...running.square.giftCards.cards.values()].find((entry) => entry.gan.endsWith(last4)).gan;
}

async function viewOf(orderId: string, language = "en") {
  const res = await call(orderHandler, `/api/orders/${orderId}`, { params: { id: orderId }, headers: { "x-site-locale": language } });
  expect(res.status).toBe(200);
  return jsonOf(res);
}

describe("how the order was paid, on its receipt", () => {
  it("names the card Square charged by brand and last four digits, never more of its number", async () => {
    const res = await postOrder(PICKUP_ORDER);
    expect(res.status).toBe(201);
    const view = await viewOf((await jsonOf(res)).orderId);
    // The fake Square's approved sandbox card: a Visa ending 1111.
    expect(view.tenders).toEqual([{ kind: "card", brand: "VISA", last4: "1111", amountCents: 5375, balanceCents: null }]);
  });

  it("names a Cash App Pay payment by its wallet, and an Apple Pay one by its device card, as Square records each", async () => {
    const cashApp = await postOrder({ ...PICKUP_ORDER, paymentToken: TEST_WALLET_TOKENS.cashAppPay });
    expect(cashApp.status).toBe(201);
    expect((await viewOf((await jsonOf(cashApp)).orderId)).tenders).toMatchObject([{ kind: "cash_app" }]);
    const applePay = await postOrder({ ...PICKUP_ORDER, paymentToken: TEST_WALLET_TOKENS.applePay });
    expect(applePay.status).toBe(201);
    expect((await viewOf((await jsonOf(applePay)).orderId)).tenders).toMatchObject([{ kind: "card", brand: "VISA", last4: "0011" }]);
  });

  it("names a gift card by its last four digits and, once Square's notification says it, what is left on it", async () => {
    const gan = await giftCardOf(100);
    const res = await postOrder({ ...PICKUP_ORDER, paymentToken: running.square.giftCards.giftCardToken(gan) });
    expect(res.status).toBe(201);
    const { orderId } = await jsonOf(res);
    expect((await viewOf(orderId)).tenders).toMatchObject([{ kind: "gift_card", last4: gan.slice(-4), balanceCents: null }]);
    await running.square.deliverWebhooks();
    expect((await viewOf(orderId)).tenders).toMatchObject([{ kind: "gift_card", last4: gan.slice(-4), amountCents: 5375, balanceCents: 4625 }]);
  });

  it("names both tenders of a split payment, the gift card first, its balance then spent", async () => {
    const gan = await giftCardOf(20);
    const res = await postOrder({ ...PICKUP_ORDER, giftCardToken: running.square.giftCards.giftCardToken(gan), paymentToken: "cnon:card-nonce-ok" });
    expect(res.status).toBe(201);
    const { orderId } = await jsonOf(res);
    await running.square.deliverWebhooks();
    expect((await viewOf(orderId)).tenders).toMatchObject([
      { kind: "gift_card", last4: gan.slice(-4), balanceCents: 0 },
      { kind: "card", brand: "VISA", last4: "1111" },
    ]);
  });
});

describe("a Spanish diner's receipt", () => {
  it("prints the options as the Spanish menu named them, the kitchen's English kept on the order", async () => {
    const pancakes = { id: 12, name: "Chocolate Oreo Chip Pancakes", price: 19, quantity: 1, options: [{ groupId: "batter", optionId: "gluten-free", quantity: 1 }] };
    const res = await postOrder({ ...PICKUP_ORDER, items: [pancakes], locale: "es" });
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
    const { orderId } = await jsonOf(res);
    expect((await viewOf(orderId, "es")).items[0].options).toMatchObject([{ group: "Masa", name: "Masa sin gluten" }]);
    expect((await viewOf(orderId, "en")).items[0].options).toMatchObject([{ group: "Batter", name: "Gluten-free batter" }]);
  });
});
