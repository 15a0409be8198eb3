// POST /api/orders cannot be used to test stolen cards or run up Square calls: attempts are limited
// per client network (never per e-mail address), a client whose cards keep being declined is paused, a decline
// says only what to do, and a request Square refuses (or a junk token) leaves no record pending.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import ordersHandler from "../../netlify/functions/orders.mts";
import { listOrdersNeedingAttention } from "../../src/server/orders/reconcile";
import { ATTEMPTS_PER_CLIENT, DECLINES_PER_CLIENT } from "../../src/server/orders/orderAttempts";
import { testDatabase } from "../support/database";
import { call, jsonOf } from "../support/functions";
import { PICKUP_ORDER, startOrderServices, type OrderServices } from "../support/orderServices";

let services: OrderServices;
beforeAll(async () => {
  services = await startOrderServices();
});
afterAll(() => services.stop());
beforeEach(async () => {
  services.square.reset();
  // Each story starts with no declines counted (across the site, they would trip its brake).
  await testDatabase().rows("DELETE FROM counters");
});

const DECLINED = "Your card was declined. Check the details or use another card.";

function attempt(ip: string, options: { token?: string; email?: string; phone?: string } = {}) {
  const body = {
    ...PICKUP_ORDER,
    customerInfo: { ...PICKUP_ORDER.customerInfo, email: options.email ?? `${randomUUID()}@example.com`, phone: options.phone ?? PICKUP_ORDER.customerInfo.phone },
    paymentToken: options.token ?? PICKUP_ORDER.paymentToken,
  };
  return call(ordersHandler, "/api/orders", { body, ip, headers: { "idempotency-key": randomUUID() } });
}

const orderRecords = () => testDatabase().count("orders");
const paymentCalls = () => services.square.requestsTo("POST", "/v2/payments").length;
/** Orders left pending (a charge possibly made, its confirmation missing) that staff are asked to check. */
const needingAttention = async () => (await listOrdersNeedingAttention({ olderThanMinutes: -1 })).length;

describe("a card tester sending 100 declined cards from one client", () => {
  it("meets 429 with Retry-After after 5 declines: 5 charges tried at Square, 5 records written", async () => {
    const recordsBefore = await orderRecords();
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 100; i++) {
      const res = await attempt("198.51.100.66", { token: "cnon:card-nonce-declined" });
      statuses.push(res.status);
      if (res.status === 402) expect(await jsonOf(res)).toEqual({ error: DECLINED, code: "card_declined" });
      if (res.status === 429) retryAfter ??= res.headers.get("retry-after");
    }
    expect(statuses.filter((s) => s === 402)).toHaveLength(DECLINES_PER_CLIENT.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - DECLINES_PER_CLIENT.limit);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(paymentCalls()).toBe(DECLINES_PER_CLIENT.limit);
    expect((await orderRecords()) - recordsBefore).toBe(DECLINES_PER_CLIENT.limit);
    // Declined attempts need no one's attention: nothing was charged.
    expect(await needingAttention()).toBe(0);
  });

  it("cannot stop a customer paying by declining cards under the customer's e-mail address from other networks", async () => {
    const email = "customer@example.com";
    const strangers = [];
    for (let i = 0; i < DECLINES_PER_CLIENT.limit * 2; i++) {
      strangers.push((await attempt(`192.0.2.${i + 10}`, { token: "cnon:card-nonce-declined", email })).status);
    }
    expect(strangers.every((s) => s === 402)).toBe(true);
    // The customer, from home, with a good card.
    const res = await attempt("203.0.113.77", { email });
    expect(res.status).toBe(201);
  });

  it("counts card tokens Square does not know (forged ones) as declines of the client", async () => {
    const statuses = [];
    for (let i = 0; i < DECLINES_PER_CLIENT.limit + 2; i++) {
      statuses.push((await attempt("198.51.100.67", { token: `cnon:forged-${i}` })).status);
    }
    expect(statuses.slice(0, DECLINES_PER_CLIENT.limit).every((s) => s === 402)).toBe(true);
    expect(statuses.slice(DECLINES_PER_CLIENT.limit)).toEqual([429, 429]);
  });
});

describe("attempts from one client", () => {
  it(`are limited to ${ATTEMPTS_PER_CLIENT.limit} new checkouts in 10 minutes, even paid ones; a retry of the same checkout is not a new attempt`, async () => {
    const ip = "198.51.100.77";
    const first = { ...PICKUP_ORDER, customerInfo: { ...PICKUP_ORDER.customerInfo, email: "regular@example.com" } };
    const key = randomUUID();
    expect((await call(ordersHandler, "/api/orders", { body: first, ip, headers: { "idempotency-key": key } })).status).toBe(201);
    for (let i = 1; i < ATTEMPTS_PER_CLIENT.limit; i++) expect((await attempt(ip)).status).toBe(201);
    const refused = await attempt(ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await jsonOf(refused)).error).toMatch(/Please wait a few minutes/);
    // The first checkout's retry (a reload after a timeout) still gets its answer: the order it paid.
    expect((await call(ordersHandler, "/api/orders", { body: first, ip, headers: { "idempotency-key": key } })).status).toBe(200);
  });
});

describe("what Square refuses", () => {
  it("a phone Square would not take is refused before anything is stored, naming the field", async () => {
    const before = await orderRecords();
    const res = await attempt("198.51.100.88", { phone: "699-1430" });
    expect(res.status).toBe(400);
    const body = await jsonOf(res);
    expect(body.issues).toEqual([{ path: "customerInfo.phone", message: "a phone number with its area code, such as (305) 555-0142", code: "invalid_phone" }]);
    expect(await orderRecords()).toBe(before);
    expect(services.square.requests).toHaveLength(0);
  });

  it("a field Square refuses answers 422 naming it, not 502, and the record needs no attention", async () => {
    services.square.fault("POST /v2/orders", {
      status: 400,
      body: { errors: [{ category: "INVALID_REQUEST_ERROR", code: "INVALID_EMAIL_ADDRESS", detail: "Invalid email", field: "order.fulfillments[0].pickup_details.recipient.email_address" }] },
    });
    const before = await needingAttention();
    const res = await attempt("198.51.100.89");
    expect(res.status).toBe(422);
    expect((await jsonOf(res)).error).toBe("The payment service did not accept your e-mail address. Please check it and try again.");
    expect(paymentCalls()).toBe(0);
    expect(await needingAttention()).toBe(before);
  });

  it("a junk card token is a decline, not a record left pending for ever", async () => {
    const before = await needingAttention();
    const res = await attempt("198.51.100.90", { token: "cnon:not-a-real-nonce" });
    expect(res.status).toBe(402);
    expect(await jsonOf(res)).toEqual({ error: DECLINED, code: "card_declined" });
    expect(await needingAttention()).toBe(before);
  });
});
