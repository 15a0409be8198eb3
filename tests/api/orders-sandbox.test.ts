// Without Square credentials: locally the sandbox gateway takes Square's test
// nonces with the same idempotency rules; deployed, orders answer 503 and no card form is offered.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { testDatabase } from "../support/database";
import { call, jsonOf } from "../support/functions";
import ordersHandler from "../../netlify/functions/orders.mts";
import orderHandler from "../../netlify/functions/order.mts";
import paymentConfigHandler from "../../netlify/functions/payment-config.mts";
import { orderOfKey } from "../../src/server/orders/records";
import { SANDBOX_NONCES, TEST_WALLET_TOKENS } from "../../src/domain/payment";
import { setDeployContext } from "../support/deployContext";
import { setRestaurantClock } from "../support/clock";

beforeAll(async () => {
  for (const name of ["SQUARE_ACCESS_TOKEN", "SQUARE_LOCATION_ID", "PUBLIC_SQUARE_APPLICATION_ID"]) delete process.env[name];
  setRestaurantClock("2026-11-21T12:00:00-05:00");
});
afterEach(() => {
  setDeployContext("dev");
  delete process.env.SQUARE_ACCESS_TOKEN;
  delete process.env.SQUARE_LOCATION_ID;
  delete process.env.PUBLIC_SQUARE_APPLICATION_ID;
});

function order(paymentToken: string, email = "ana@example.com") {
  return {
    items: [{ id: 7, quantity: 2 }, { id: 1, quantity: 1 }],
    orderType: "pickup",
    customerInfo: { name: "Ana Pérez", email, phone: "305 555 0142" },
    paymentToken,
  };
}
const post = (body: unknown, key = randomUUID()) => call(ordersHandler, "/api/orders", { body, headers: { "idempotency-key": key } });
const sandboxCharges = () => testDatabase().count("sandbox_payments");

describe("the local sandbox gateway", () => {
  it("offers the test card form locally", async () => {
    expect(await jsonOf(await call(paymentConfigHandler, "/api/payment-config"))).toEqual({ mode: "test" });
  });

  it("confirms an order paid with the approved test nonce, once per checkout key", async () => {
    const key = randomUUID();
    const before = await sandboxCharges();
    const first = await post(order(SANDBOX_NONCES.approved), key);
    expect(first.status).toBe(201);
    const { orderId } = await jsonOf(first);
    const again = await jsonOf(await post(order(SANDBOX_NONCES.approved), key));
    expect(again.orderId).toBe(orderId);
    expect(await sandboxCharges()).toBe(before + 1);
    const view = await jsonOf(await call(orderHandler, `/api/orders/${orderId}`, { params: { id: orderId } }));
    expect(view).toMatchObject({ status: "confirmed", subtotal: 50, tax: 3.75, total: 53.75 });
  });

  it.each(Object.entries(TEST_WALLET_TOKENS))("confirms an order paid with the TEST MODE form's %s token, once per checkout key", async (_, token) => {
    const key = randomUUID();
    const before = await sandboxCharges();
    const first = await post(order(token), key);
    expect(first.status).toBe(201);
    const { orderId } = await jsonOf(first);
    expect((await jsonOf(await post(order(token), key))).orderId).toBe(orderId);
    expect(await sandboxCharges()).toBe(before + 1);
    expect((await orderOfKey(key))?.status).toBe("confirmed");
  });

  it("refuses a wallet token it does not know, as a decline", async () => {
    const res = await post(order("wnon:made-up", "made-up@example.com"));
    expect(res.status).toBe(402);
  });

  it.each([
    [SANDBOX_NONCES.declined, "Your card was declined. Check the details or use another card.", "GENERIC_DECLINE", "card_declined"],
    [SANDBOX_NONCES.cvv, "Your card was declined. Check the details or use another card.", "CVV_FAILURE", "card_declined"],
    [SANDBOX_NONCES.postalCode, "Your card was declined. Check the details or use another card.", "ADDRESS_VERIFICATION_FAILURE", "card_declined"],
    [SANDBOX_NONCES.expiration, "Your card was declined. Check the details or use another card.", "INVALID_EXPIRATION", "card_declined"],
    [SANDBOX_NONCES.alreadyUsed, "This card entry was already used. Please enter your card again.", "CARD_TOKEN_USED", "card_entry_used"],
  ])("answers 402 to %s telling only what to do, keeps the reason for staff, and the order stays unconfirmed and unreadable", async (nonce, message, reason, code) => {
    const key = randomUUID();
    // A customer of its own per card: the limit on declines per address is tested in order-attempts.test.ts.
    const res = await post(order(nonce, `${reason.toLowerCase()}@example.com`), key);
    expect(res.status).toBe(402);
    const body = await jsonOf(res);
    expect(body).toEqual({ error: message, code });
    const record = (await orderOfKey(key))!;
    expect(record.status).toBe("payment_failed");
    expect(record.payment.lastError?.message).toContain(reason);
    const view = await call(orderHandler, `/api/orders/${record.orderId}`, { params: { id: record.orderId } });
    expect(view.status).toBe(404);
  });
});

describe("production without Square credentials", () => {
  it("answers 503 to an order, stores nothing, and shows no card form", async () => {
    setDeployContext("production");
    const before = await testDatabase().count("orders");
    const res = await post(order(SANDBOX_NONCES.approved));
    expect(res.status).toBe(503);
    expect((await jsonOf(res)).error).toContain("(305) 699-1430");
    expect(await testDatabase().count("orders")).toBe(before);
    const config = await jsonOf(await call(paymentConfigHandler, "/api/payment-config"));
    expect(config.mode).toBe("unavailable");
  });

  it("offers Square's card form once Square and the application id are configured", async () => {
    setDeployContext("production");
    Object.assign(process.env, { SQUARE_ACCESS_TOKEN: "secret-token", SQUARE_LOCATION_ID: "L123", PUBLIC_SQUARE_APPLICATION_ID: "sq0idp-app" });
    const config = await jsonOf(await call(paymentConfigHandler, "/api/payment-config"));
    expect(config).toEqual({
      mode: "square",
      applicationId: "sq0idp-app",
      locationId: "L123",
      environment: "sandbox",
      scriptUrl: "https://sandbox.web.squarecdn.com/v1/square.js",
    });
    expect(JSON.stringify(config)).not.toContain("secret-token");
  });
});
