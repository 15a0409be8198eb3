// Refunds from the console through POST /api/admin/orders/:id/refunds, against the fake Square: full
// or partial with a reason, one refund per attempt key, never more than what was paid minus earlier
// refunds, and the customer's page and the console showing them as Square settles them.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDatabase } from "../support/database";
import type { FakeSquare } from "../support/fakeSquare";
import { call, jsonOf, SITE_ORIGIN } from "../support/functions";
import { PICKUP_ORDER, deliverSquareWebhooks, postOrder, startOrderServices, type OrderServices, hearNotificationsAfterEachTest } from "../support/orderServices";
import refunds from "../../netlify/functions/admin-refunds.mts";
import adminOrders from "../../netlify/functions/admin-orders.mts";
import orderHandler from "../../netlify/functions/order.mts";
import { adminCookie } from "../support/admin";

const SIGNATURE_KEY = "whsk-refunds-test-key";

let services: OrderServices;
let stopWebhooks: () => void;
let square: FakeSquare;
let cookie: string;

beforeAll(async () => {
  services = await startOrderServices();
  square = services.square;
  stopWebhooks = deliverSquareWebhooks(square, SIGNATURE_KEY);
  cookie = await adminCookie();
});
afterAll(async () => {
  stopWebhooks();
  await services.stop();
});
hearNotificationsAfterEachTest(() => services?.square);
beforeEach(() => square.reset());

/** A paid pickup order of $53.75. */
async function paidOrder(): Promise<string> {
  const res = await postOrder(PICKUP_ORDER);
  expect(res.status).toBe(201);
  await square.deliverWebhooks();
  return (await jsonOf(res)).orderId;
}

function refund(orderId: string, body: unknown, key: string = randomUUID(), headers: Record<string, string> = {}) {
  return call(refunds, `/api/admin/orders/${orderId}/refunds`, {
    body,
    params: { id: orderId },
    headers: { cookie, origin: SITE_ORIGIN, "idempotency-key": key, ...headers },
  });
}

const customerView = async (orderId: string) => jsonOf(await call(orderHandler, `/api/orders/${orderId}`, { params: { id: orderId } }));
const squareRefundCalls = () => square.requestsTo("POST", "/v2/refunds");

describe("POST /api/admin/orders/:id/refunds", () => {
  it("refunds half through Square with the reason and an idempotency key; the customer and the console see it", async () => {
    const orderId = await paidOrder();
    const key = randomUUID();
    const res = await refund(orderId, { amount: 26.87, reason: "Pancakes arrived cold" }, key);
    expect(res.status).toBe(201);
    const answer = await jsonOf(res);
    expect(answer.refund).toEqual({ amount: 26.87, status: "pending" });
    expect(answer.order.staff).toMatchObject({
      refunds: [{ amount: 26.87, status: "pending", reason: "Pancakes arrived cold", madeAt: "console" }],
      refundable: 26.88,
    });
    const [sent] = squareRefundCalls();
    expect(sent!.body).toMatchObject({
      idempotency_key: key,
      payment_id: square.charges()[0].id,
      amount_money: { amount: 2687, currency: "USD" },
      reason: "Pancakes arrived cold",
    });

    expect(await customerView(orderId)).toMatchObject({
      status: "confirmed",
      paymentStatus: "partly_refunded",
      refunded: 26.87,
      refunds: [{ amount: 26.87, status: "pending" }],
    });
    // The bank settles it: Square's refund.updated reaches the page.
    square.settleRefund(square.refunds.keys().next().value!);
    await square.deliverWebhooks();
    expect((await customerView(orderId)).refunds).toEqual([expect.objectContaining({ amount: 26.87, status: "completed" })]);

    const listed = await jsonOf(await call(adminOrders, "/api/admin/orders?date=2026-11-21", { headers: { cookie, origin: SITE_ORIGIN } }));
    const row = listed.orders.find((order: any) => order.orderId === orderId);
    expect(row.staff.refunds[0]).toMatchObject({ status: "completed", reason: "Pancakes arrived cold" });
  });

  it("never refunds more than what was paid minus earlier refunds; nothing is sent to Square or stored", async () => {
    const orderId = await paidOrder();
    const tooMuch = await refund(orderId, { amount: 53.76, reason: "Everything" });
    expect(tooMuch.status).toBe(422);
    expect((await jsonOf(tooMuch)).error).toBe("At most $53.75 can still be refunded: $53.75 was paid and $0.00 already refunded.");

    expect((await refund(orderId, { amount: 40, reason: "Wrong order" })).status).toBe(201);
    const beyond = await refund(orderId, { amount: 13.76, reason: "And the rest" });
    expect(beyond.status).toBe(422);
    expect((await jsonOf(beyond)).error).toBe("At most $13.75 can still be refunded: $53.75 was paid and $40.00 already refunded.");
    expect((await refund(orderId, { amount: 13.75, reason: "And the rest" })).status).toBe(201);

    const again = await refund(orderId, { amount: 0.01, reason: "One more cent" });
    expect(again.status).toBe(422);
    expect((await jsonOf(again)).error).toBe("This order has already been refunded in full.");
    expect(squareRefundCalls().map((c) => c.body.amount_money.amount)).toEqual([4000, 1375]);
    expect(await testDatabase().count("order_refunds", "order_id = $1", [orderId])).toBe(2);
    expect((await customerView(orderId)).paymentStatus).toBe("refunded");
  });

  it("lets two refunds racing for the last dollars through one at a time: the second is refused", async () => {
    const orderId = await paidOrder();
    const answers = await Promise.all([refund(orderId, { amount: 30, reason: "First" }), refund(orderId, { amount: 30, reason: "Second" })]);
    expect(answers.map((res) => res.status).sort()).toEqual([201, 422]);
    expect(squareRefundCalls()).toHaveLength(1);
  });

  it("makes one refund for a double click (the same attempt key)", async () => {
    const orderId = await paidOrder();
    const key = randomUUID();
    const [first, second] = await Promise.all([
      refund(orderId, { amount: 10, reason: "Missing syrup" }, key),
      refund(orderId, { amount: 10, reason: "Missing syrup" }, key),
    ]);
    expect([first!.status, second!.status]).toEqual([201, 201]);
    expect(square.refunds.size).toBe(1);
    expect(await testDatabase().count("order_refunds", "order_id = $1", [orderId])).toBe(1);
  });

  it("after Square did not answer, pressing Refund again with the same attempt makes the refund once", async () => {
    const orderId = await paidOrder();
    const key = randomUUID();
    square.fault("POST /v2/refunds", { delayMs: 1500 });
    const lost = await refund(orderId, { amount: 20, reason: "Late" }, key);
    expect(lost.status).toBe(502);
    expect((await jsonOf(lost)).error).toMatch(/may or may not have been made/);
    // Meanwhile the claim holds the amount: nothing more than what is left may be refunded.
    expect((await refund(orderId, { amount: 33.76, reason: "Too much" })).status).toBe(422);
    // Square made the refund before its answer was lost.
    await expect.poll(() => square.refunds.size, { timeout: 5_000 }).toBe(1);

    const retried = await refund(orderId, { amount: 20, reason: "Late" }, key);
    expect(retried.status).toBe(201);
    expect(square.refunds.size).toBe(1);
    expect((await customerView(orderId)).refunded).toBe(20);
  });

  it("frees the amount when Square refuses the refund", async () => {
    const orderId = await paidOrder();
    square.fault("POST /v2/refunds", { status: 400, body: { errors: [{ category: "REFUND_ERROR", code: "REFUND_DECLINED", detail: "declined" }] } });
    const refused = await refund(orderId, { amount: 53.75, reason: "Cancelled" });
    expect(refused.status).toBe(422);
    expect((await jsonOf(refused)).error).toBe("Square refused the refund (REFUND_DECLINED). Nothing was refunded.");
    expect((await customerView(orderId)).refunds).toEqual([]);
    expect((await refund(orderId, { amount: 53.75, reason: "Cancelled" })).status).toBe(201);
  });

  it("records a refund staff made in Square's Dashboard, from its notification", async () => {
    const orderId = await paidOrder();
    const res = await fetch(`${square.url}/v2/refunds`, {
      method: "POST",
      headers: { authorization: `Bearer ${square.accessToken}`, "content-type": "application/json" },
      body: JSON.stringify({ idempotency_key: randomUUID(), payment_id: square.charges()[0].id, amount_money: { amount: 5375, currency: "USD" }, reason: "Refunded at the counter" }),
    });
    expect(res.status).toBe(200);
    await square.deliverWebhooks();
    expect(await customerView(orderId)).toMatchObject({ paymentStatus: "refunded", refunded: 53.75 });
    expect((await refund(orderId, { amount: 1, reason: "More" })).status).toBe(422);
  });

  it("refuses an unpaid order (409), a missing reason or a bad amount (400), a missing key (400) and strangers (401)", async () => {
    square.fault("POST /v2/payments", { status: 402, body: { errors: [{ category: "PAYMENT_METHOD_ERROR", code: "GENERIC_DECLINE" }] } });
    const declined = await postOrder(PICKUP_ORDER);
    expect(declined.status).toBe(402);
    const [unpaid] = await testDatabase().rows<{ id: string }>("SELECT id FROM orders WHERE status = 'payment_failed' LIMIT 1");
    const notPaid = await refund(unpaid!.id, { amount: 1, reason: "?" });
    expect(notPaid.status).toBe(409);
    expect((await jsonOf(notPaid)).error).toBe("This order has not been paid, so there is nothing to refund.");

    const orderId = await paidOrder();
    expect((await refund(orderId, { amount: 5, reason: " " })).status).toBe(400);
    expect((await refund(orderId, { amount: -5, reason: "Negative" })).status).toBe(400);
    expect((await refund(orderId, { amount: 1.234, reason: "Fractions of a cent" })).status).toBe(400);
    const noKey = await call(refunds, `/api/admin/orders/${orderId}/refunds`, {
      body: { amount: 5, reason: "No key" },
      params: { id: orderId },
      headers: { cookie, origin: SITE_ORIGIN },
    });
    expect(noKey.status).toBe(400);
    const stranger = await call(refunds, `/api/admin/orders/${orderId}/refunds`, {
      body: { amount: 5, reason: "Mine now" },
      params: { id: orderId },
      headers: { origin: SITE_ORIGIN, "idempotency-key": randomUUID() },
    });
    expect(stranger.status).toBe(401);
    expect(squareRefundCalls()).toHaveLength(0);
    expect(await testDatabase().count("order_refunds", "order_id = $1", [orderId])).toBe(0);
  });
});
