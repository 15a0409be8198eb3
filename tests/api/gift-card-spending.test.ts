// Spending a gift card: its token (the Web Payments SDK's giftCard().tokenize(), here the fake Square's)
// pays an order like a card's; a card that cannot cover the total with the tip, or is not active, is
// refused with a sentence and charges nothing; a console refund puts the amount back on the card, as
// RetrieveGiftCardFromGAN then shows. Locally the test gateway does the same with its own test cards.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { adminHeaders } from "../support/admin";
import { call, jsonOf } from "../support/functions";
import { PICKUP_ORDER, postOrder, useOrderServices } from "../support/orderServices";
import sale from "../../netlify/functions/gift-cards.mts";
import balance from "../../netlify/functions/gift-card-balance.mts";
import refunds from "../../netlify/functions/admin-refunds.mts";
import { getOrder } from "../../src/server/orders/records";
import { errorWords } from "../../src/domain/i18n/ui/errors";
import { TEST_GIFT_CARD_TOKEN_PREFIX } from "../../src/domain/giftCards";
import { testDatabase } from "../support/database";

const running = useOrderServices();
// No fault is timed here: each call to Square gets the time a loaded machine needs.
beforeAll(() => {
  process.env.SQUARE_TIMEOUT_SECONDS = "5";
});

/** $53.75: two Billionaire Brunch Bites and a Hot Maple Flatbread, with tax. */
const ORDER_TOTAL = 5375;

async function giftCardOf(dollars: number): Promise<string> {
  const res = await call(sale, "/api/gift-cards", {
    body: {
      amount: dollars,
      recipient: { name: "Ana", email: "ana@example.com" },
      buyer: { name: "Luis", email: "luis@example.com" },
      paymentToken: "cnon:card-nonce-ok",
      // Square's buyer verification, which a card paying for a gift card always needs.
      verificationToken: "verf:bank-said-yes-0001",
    },
    headers: { "idempotency-key": randomUUID() },
  });
  expect(res.status).toBe(201);
  const { last4 } = await jsonOf(res);
  const card = [...running.square.giftCards.cards.values()].find((entry) => entry.gan.endsWith(last4));
  return card.gan;
}

async function balanceOf(gan: string): Promise<string> {
  const res = await call(balance, "/api/gift-cards/balance", { body: { number: gan } });
  return (await jsonOf(res)).balance;
}

describe("paying an order with a gift card", () => {
  it("pays the whole total with one payment from the card, and its balance goes down by the order's total", async () => {
    const gan = await giftCardOf(100);
    const res = await postOrder({ ...PICKUP_ORDER, paymentToken: running.square.giftCards.giftCardToken(gan) });
    expect(res.status).toBe(201);
    const giftCardPayments = running.square.charges().filter((payment) => payment.card_details?.card?.card_brand === "SQUARE_GIFT_CARD");
    expect(giftCardPayments).toMatchObject([{ status: "COMPLETED", amount_money: { amount: ORDER_TOTAL } }]);
    expect(await balanceOf(gan)).toBe("46.25");
    const order = await getOrder((await jsonOf(res)).orderId);
    expect(order?.status).toBe("confirmed");
    expect(order?.totals.total).toBe(ORDER_TOTAL);
  });

  it("refuses a tip the card cannot cover with a sentence, and takes nothing from the card", async () => {
    const gan = await giftCardOf(55);
    const res = await postOrder({ ...PICKUP_ORDER, tip: 5, paymentToken: running.square.giftCards.giftCardToken(gan) });
    expect(res.status).toBe(402);
    expect((await jsonOf(res)).error).toBe(errorWords.gift_card_short.en);
    expect(await balanceOf(gan)).toBe("55.00");
  });

  it("refuses a card short of the total, and a deactivated card, charging nothing", async () => {
    const short = await giftCardOf(25);
    expect((await postOrder({ ...PICKUP_ORDER, paymentToken: running.square.giftCards.giftCardToken(short) })).status).toBe(402);
    expect(await balanceOf(short)).toBe("25.00");
    const gone = await giftCardOf(100);
    running.square.giftCards.deactivate(gone);
    expect((await postOrder({ ...PICKUP_ORDER, paymentToken: running.square.giftCards.giftCardToken(gone) })).status).toBe(402);
  });

  it("puts a console refund back on the card, as Square's from-gan shows", async () => {
    const gan = await giftCardOf(100);
    const { orderId } = await jsonOf(await postOrder({ ...PICKUP_ORDER, paymentToken: running.square.giftCards.giftCardToken(gan) }));
    expect(await balanceOf(gan)).toBe("46.25");
    const refunded = await call(refunds, `/api/admin/orders/${orderId}/refunds`, {
      body: { amount: 53.75, reason: "Kitchen could not make it" },
      params: { id: orderId },
      headers: { ...(await adminHeaders()), "idempotency-key": randomUUID() },
    });
    expect(refunded.status).toBeLessThan(300);
    expect(await balanceOf(gan)).toBe("100.00");
  });
});

describe("a gift card paying part of an order, the rest on a card", () => {
  it("authorizes the gift card for its balance, the rest and the tip on the card, and pays the order with both", async () => {
    const gan = await giftCardOf(20);
    running.square.requests.length = 0;
    const res = await postOrder({ ...PICKUP_ORDER, tip: 5, giftCardToken: running.square.giftCards.giftCardToken(gan), paymentToken: "cnon:card-nonce-ok" });
    expect(res.status).toBe(201);
    const [giftCardCall, cardCall] = running.square.requestsTo("POST", "/v2/payments");
    expect(giftCardCall!.body).toMatchObject({ amount_money: { amount: ORDER_TOTAL }, accept_partial_authorization: true, autocomplete: false });
    expect(cardCall!.body).toMatchObject({ source_id: "cnon:card-nonce-ok", amount_money: { amount: ORDER_TOTAL - 2000 }, tip_money: { amount: 500 }, autocomplete: false });
    const orderId = [...running.square.orders.keys()].at(-1)!;
    const pay = running.square.requestsTo("POST", `/v2/orders/${orderId}/pay`);
    expect(pay).toHaveLength(1);
    expect(pay[0]!.body.payment_ids).toHaveLength(2);
    expect(running.square.charges().filter((payment) => payment.order_id === orderId).map((payment) => payment.status)).toEqual(["COMPLETED", "COMPLETED"]);
    expect(await balanceOf(gan)).toBe("0.00");
    const order = await getOrder((await jsonOf(res)).orderId);
    expect(order?.status).toBe("confirmed");
    expect(order?.totals.total).toBe(ORDER_TOTAL);
    const [tenders] = await testDatabase().rows<{ gift_card_cents: number }>("SELECT amount_cents AS gift_card_cents FROM order_tenders WHERE order_id = $1 AND kind = 'gift_card'", [order!.orderId]);
    expect(tenders!.gift_card_cents).toBe(2000);
  });

  it("cancels the gift card's authorization when the card is declined, so its balance is back at once", async () => {
    const gan = await giftCardOf(20);
    const res = await postOrder({ ...PICKUP_ORDER, giftCardToken: running.square.giftCards.giftCardToken(gan), paymentToken: "cnon:card-nonce-declined" });
    expect(res.status).toBe(402);
    const held = running.square.charges().find((payment) => payment.card_details?.card?.card_brand === "SQUARE_GIFT_CARD");
    expect(held?.status).toBe("CANCELED");
    expect(running.square.requestsTo("POST", `/v2/payments/${held!.id}/cancel`)).toHaveLength(1);
    expect(await balanceOf(gan)).toBe("20.00");
    // The balance is free: the card pays a later order in full.
    expect((await postOrder({ ...PICKUP_ORDER, items: [{ id: 1, name: "Hot Maple Flatbread", price: 16, quantity: 1 }], paymentToken: running.square.giftCards.giftCardToken(gan) })).status).toBe(201);
  });

  it("returns each tender's share to where it came from when the console refunds the order", async () => {
    const gan = await giftCardOf(20);
    const { orderId } = await jsonOf(await postOrder({ ...PICKUP_ORDER, tip: 5, giftCardToken: running.square.giftCards.giftCardToken(gan), paymentToken: "cnon:card-nonce-ok" }));
    expect(await balanceOf(gan)).toBe("0.00");
    const refunded = await call(refunds, `/api/admin/orders/${orderId}/refunds`, {
      body: { amount: 58.75, reason: "Order never left the kitchen" },
      params: { id: orderId },
      headers: { ...(await adminHeaders()), "idempotency-key": randomUUID() },
    });
    expect(refunded.status, await refunded.clone().text()).toBeLessThan(300);
    const byPayment = new Map([...running.square.refunds.values()].map((refund) => [running.square.charges().find((p) => p.id === refund.payment_id)?.card_details?.card?.card_brand, refund.amount_money.amount]));
    expect(Object.fromEntries(byPayment)).toEqual({ SQUARE_GIFT_CARD: 2000, VISA: 3875 });
    expect(await balanceOf(gan)).toBe("20.00");
    expect(await testDatabase().count("order_refunds", "order_id = $1", [orderId])).toBe(2);
  });

  it("asks for the gift card alone when it covers the whole total, and holds nothing", async () => {
    const gan = await giftCardOf(100);
    const res = await postOrder({ ...PICKUP_ORDER, giftCardToken: running.square.giftCards.giftCardToken(gan), paymentToken: "cnon:card-nonce-ok" });
    expect(res.status).toBe(422);
    expect((await jsonOf(res)).error).toBe(errorWords.gift_card_covers_all.en);
    expect(await balanceOf(gan)).toBe("100.00");
    expect(running.square.charges().filter((payment) => payment.status === "COMPLETED" && payment.card_details?.card?.card_brand !== "SQUARE_GIFT_CARD")).toHaveLength(1);
    // Nothing left held at Square: the gift card's authorization was voided by its own CancelPayment call.
    const authorized = running.square.charges().filter((payment) => payment.card_details?.card?.card_brand === "SQUARE_GIFT_CARD");
    expect(authorized).toHaveLength(1);
    expect(authorized[0]).toMatchObject({ status: "CANCELED", card_details: { status: "VOIDED" } });
    expect(running.square.requestsTo("POST", `/v2/payments/${authorized[0].id}/cancel`)).toHaveLength(1);
    expect(running.square.charges().filter((payment) => payment.status === "APPROVED")).toHaveLength(0);
  });
});

describe("the local test gateway's gift cards", () => {
  it("sells a test card and pays an order with its number through the TEST MODE form", async () => {
    const saved = { token: process.env.SQUARE_ACCESS_TOKEN, location: process.env.SQUARE_LOCATION_ID };
    delete process.env.SQUARE_ACCESS_TOKEN;
    delete process.env.SQUARE_LOCATION_ID;
    try {
      const sold = await call(sale, "/api/gift-cards", {
        body: { amount: 60, recipient: { name: "Ana", email: "ana@example.com" }, buyer: { name: "Luis", email: "luis@example.com" }, paymentToken: "cnon:card-nonce-ok" },
        headers: { "idempotency-key": randomUUID() },
      });
      expect(sold.status).toBe(201);
      expect(running.square.requests).toHaveLength(0);
      const { last4 } = await jsonOf(sold);
      const [card] = await testDatabase().rows<{ gan: string; balance_cents: number }>("SELECT gan, balance_cents FROM sandbox_gift_cards WHERE gan LIKE $1", [`%${last4}`]);
      expect(card!.balance_cents).toBe(6000);
      expect(await balanceOf(card!.gan)).toBe("60.00");
      const paid = await postOrder({ ...PICKUP_ORDER, paymentToken: `${TEST_GIFT_CARD_TOKEN_PREFIX}${card!.gan}` });
      expect(paid.status).toBe(201);
      expect(await balanceOf(card!.gan)).toBe("6.25");
      const again = await postOrder({ ...PICKUP_ORDER, paymentToken: `${TEST_GIFT_CARD_TOKEN_PREFIX}${card!.gan}` });
      expect(again.status).toBe(402);
      expect(await balanceOf(card!.gan)).toBe("6.25");
      // What is left pays part of the next order, the test card the rest; a declined card takes nothing from it.
      const testToken = `${TEST_GIFT_CARD_TOKEN_PREFIX}${card!.gan}`;
      expect((await postOrder({ ...PICKUP_ORDER, giftCardToken: testToken, paymentToken: "cnon:card-nonce-declined" })).status).toBe(402);
      expect(await balanceOf(card!.gan)).toBe("6.25");
      const split = await postOrder({ ...PICKUP_ORDER, giftCardToken: testToken, paymentToken: "cnon:card-nonce-ok" });
      expect(split.status).toBe(201);
      expect(await balanceOf(card!.gan)).toBe("0.00");
      expect((await getOrder((await jsonOf(split)).orderId))?.totals.total).toBe(ORDER_TOTAL);
    } finally {
      Object.assign(process.env, { SQUARE_ACCESS_TOKEN: saved.token, SQUARE_LOCATION_ID: saved.location });
    }
  });
});
