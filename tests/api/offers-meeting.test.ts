// Where a promo code meets the rest of an order: the tip is added whole on top of the discounted total,
// a gift card pays part of the discounted total (split tender), the delivery fee stays whole as Square's
// service charge, and refunds follow what was charged: at most the discounted total and the tip, and a
// partial refund never gives the code's use back, whatever the owner ticked.
import { randomUUID } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import adminOffers from "../../netlify/functions/admin-offers.mts";
import offerCheck from "../../netlify/functions/offer-check.mts";
import refunds from "../../netlify/functions/admin-refunds.mts";
import sale from "../../netlify/functions/gift-cards.mts";
import { adminHeaders } from "../support/admin";
import { testDatabase } from "../support/database";
import { call, jsonOf } from "../support/functions";
import { PICKUP_ORDER, postOrder, useOrderServices } from "../support/orderServices";

const running = useOrderServices();
let admin: Record<string, string>;
beforeAll(async () => {
  process.env.SQUARE_TIMEOUT_SECONDS = "5";
  admin = await adminHeaders();
});
beforeEach(async () => {
  await testDatabase().rows("DELETE FROM slot_bookings");
});

const DELIVERY_INFO = { address: "14417 SW 42nd St", city: "Miami", state: "FL", zipCode: "33175", phone: "", deliveryNotes: "Gate 12" };
type Totals = { subtotal: number; discount: number; tax: number; deliveryFee: number; total: number };

/** A 10%-off code of its own: its code and id. */
async function tenPercentOff(): Promise<{ code: string; id: string }> {
  const code = `MEET${randomUUID().replaceAll("-", "").slice(0, 8).toUpperCase()}`;
  const body = { code, kind: "percent", percent: 10, scope: "order", labelEn: "10% off", labelEs: "10% de descuento" };
  const res = await call(adminOffers, "/api/admin/offers", { body, headers: admin });
  expect(res.status).toBe(201);
  return { code, id: (await jsonOf<{ offer: { id: string } }>(res)).offer.id };
}

async function checked(code: string, extra: Record<string, unknown> = {}): Promise<Totals> {
  const res = await call(offerCheck, "/api/offers/check", { body: { code, items: PICKUP_ORDER.items, ...extra } });
  expect(res.status).toBe(200);
  return (await jsonOf<{ totals: Totals }>(res)).totals;
}

/** A gift card bought through the site's gift card sale: its number. */
async function giftCardOf(dollars: number): Promise<string> {
  const res = await call(sale, "/api/gift-cards", {
    body: { amount: dollars, recipient: { name: "Ana", email: "ana@example.com" }, buyer: { name: "Luis", email: "luis@example.com" }, paymentToken: "cnon:card-nonce-ok", verificationToken: "verf:bank-said-yes-0001" },
    headers: { "idempotency-key": randomUUID() },
  });
  expect(res.status).toBe(201);
  const { last4 } = await jsonOf<{ last4: string }>(res);
  return [...running.square.giftCards.cards.values()].find((entry: any) => entry.gan.endsWith(last4)).gan;
}

const orderPayments = (squareOrderId: string) => running.square.charges().filter((payment) => payment.order_id === squareOrderId);

describe("a code with a tip", () => {
  it("discounts the dishes only: the tip is paid whole on top of Square's discounted total", async () => {
    const { code } = await tenPercentOff();
    const totals = await checked(code);
    // $50.00 - $5.00 + $3.38 tax.
    expect(totals.total).toBe(4838);
    const res = await postOrder({ ...PICKUP_ORDER, promoCode: code, tip: 5, total: totals.total / 100 });
    expect(res.status).toBe(201);
    const [squareOrder] = [...running.square.orders.values()];
    expect(squareOrder.total_money.amount).toBe(4838);
    expect(squareOrder.total_discount_money.amount).toBe(500);
    const [payment] = orderPayments(squareOrder.id);
    expect(payment.amount_money.amount).toBe(4838);
    expect(payment.tip_money.amount).toBe(500);
  });
});

describe("a code with a gift card paying part (split tender)", () => {
  it("has the gift card and the card together pay exactly the discounted total", async () => {
    const { code } = await tenPercentOff();
    const gan = await giftCardOf(20);
    const totals = await checked(code);
    const res = await postOrder({ ...PICKUP_ORDER, promoCode: code, total: totals.total / 100, giftCardToken: running.square.giftCards.giftCardToken(gan) });
    expect(res.status, await res.clone().text()).toBe(201);
    const squareOrder = [...running.square.orders.values()].find((order) => order.discounts)!;
    expect(squareOrder.total_money.amount).toBe(4838);
    const paid = orderPayments(squareOrder.id).map((payment) => payment.amount_money.amount);
    expect(paid.sort((a, b) => a - b)).toEqual([2000, 2838]);
  });
});

describe("a code on a delivery", () => {
  it("leaves the delivery fee whole, as Square's service charge", async () => {
    const { code } = await tenPercentOff();
    const totals = await checked(code, { orderType: "delivery" });
    expect(totals).toEqual({ subtotal: 5000, discount: 500, tax: 338, deliveryFee: 499, total: 4500 + 338 + 499 });
    const res = await postOrder({ ...PICKUP_ORDER, orderType: "delivery", deliveryInfo: DELIVERY_INFO, promoCode: code, total: totals.total / 100 });
    expect(res.status, await res.clone().text()).toBe(201);
    const [squareOrder] = [...running.square.orders.values()];
    expect(squareOrder.total_service_charge_money.amount).toBe(499);
    expect(squareOrder.total_discount_money.amount).toBe(500);
    expect(squareOrder.total_money.amount).toBe(totals.total);
    expect(orderPayments(squareOrder.id)[0].amount_money.amount).toBe(totals.total);
  });
});

describe("refunds of a discounted order", () => {
  function refund(orderId: string, body: Record<string, unknown>): Promise<Response> {
    return call(refunds, `/api/admin/orders/${orderId}/refunds`, { body, params: { id: orderId }, headers: { ...admin, "idempotency-key": randomUUID() } });
  }
  const stateOf = async (offerId: string) =>
    (await testDatabase().rows<{ state: string }>("SELECT state FROM offer_uses WHERE offer_id = $1", [offerId])).map((row) => row.state);

  it("refund at most what was charged, and a partial refund keeps the use spent whatever the owner ticked", async () => {
    const { code, id } = await tenPercentOff();
    const placed = await postOrder({ ...PICKUP_ORDER, promoCode: code, tip: 2 });
    expect(placed.status).toBe(201);
    const { orderId } = await jsonOf<{ orderId: string }>(placed);
    await running.square.deliverWebhooks();

    // $48.38 charged and a $2.00 tip: the undiscounted $53.75 is more than was paid.
    expect((await refund(orderId, { amount: 53.75 + 2, reason: "Too much" })).status).toBe(422);
    const partial = await refund(orderId, { amount: 10, reason: "Cold fries", giveBackOffer: true });
    expect(partial.status).toBe(201);
    expect(await stateOf(id)).toEqual(["redeemed"]);
    const rest = await refund(orderId, { amount: 48.38 + 2 - 10, reason: "Order never came", giveBackOffer: true });
    expect(rest.status).toBe(201);
    expect(await stateOf(id)).toEqual(["released"]);
    expect(running.square.requestsTo("POST", "/v2/refunds").map((request) => request.body.amount_money.amount)).toEqual([1000, 4038]);
  });
});
