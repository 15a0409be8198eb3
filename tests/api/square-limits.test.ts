// Square's limits honoured in a rush: calls in flight bounded across function instances by leases in the
// database, a 429 waited out (Retry-After honoured) and the identical request sent again, and an order
// whose payment Square keeps rate limiting refused with "not charged" inside the time limit, its slot
// given back, never a bare 500.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import ordersHandler from "../../netlify/functions/orders.mts";
import { databaseSlots, limitedFetch, type CallLimits } from "../../src/server/platform/callLimit";
import { admitToSquare, giveBackToSquare } from "../../src/server/square/checkoutPace";
import { testDatabase } from "../support/database";
import { call, jsonOf } from "../support/functions";
import { PICKUP_ORDER, postOrder, startOrderServices, type OrderServices } from "../support/orderServices";
import { startSquareRateLimit, type SquareRateLimit } from "../support/squareRateLimit";

const LIMITS: CallLimits = { inFlight: 3, budgetMs: 5_000, serverRetries: 1 };

/** A stand-in for Square that answers after `ms`, counting how many calls it holds at once. */
function slowSquare(ms: number, answer: () => Response = () => Response.json({ ok: true })) {
  const seen = { calls: 0, inFlight: 0, peak: 0, bodies: [] as string[] };
  const fetchFn = (async (_input: unknown, init?: RequestInit) => {
    seen.calls += 1;
    seen.bodies.push(String(init?.body ?? ""));
    seen.inFlight += 1;
    seen.peak = Math.max(seen.peak, seen.inFlight);
    await new Promise((resolve) => setTimeout(resolve, ms));
    seen.inFlight -= 1;
    return answer();
  }) as typeof fetch;
  return { seen, fetchFn };
}

beforeEach(async () => {
  await testDatabase().rows("UPDATE square_call_slots SET holder = NULL, leased_until = NULL");
});

describe("calls to Square in flight", () => {
  it("are at most the configured number at once, across two function instances sharing the database", async () => {
    const square = slowSquare(60);
    // Two instances: two wrappers of their own, one database of places.
    const instances = [limitedFetch(square.fetchFn, LIMITS), limitedFetch(square.fetchFn, LIMITS)];
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, index) => instances[index % 2]!("https://square.test/v2/payments", { method: "POST", body: `{"n":${index}}` })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(24).fill(200));
    expect(square.seen.calls).toBe(24);
    expect(square.seen.peak).toBeLessThanOrEqual(3);
    expect(square.seen.peak).toBeGreaterThan(1);
    // Every place is given back once its call has answered.
    await expect.poll(() => testDatabase().count("square_call_slots", "holder IS NOT NULL"), { timeout: 3_000 }).toBe(0);
  });

  it("take over a place whose holder died once its lease has run out, and never one still leased", async () => {
    await testDatabase().rows("UPDATE square_call_slots SET holder = 'dead', leased_until = now() + interval '1 minute' WHERE slot <= 3");
    expect(await databaseSlots.take(LIMITS)).toBeNull();
    await testDatabase().rows("UPDATE square_call_slots SET leased_until = now() - interval '1 second' WHERE slot = 2");
    expect((await databaseSlots.take(LIMITS))?.slot).toBe(2);
  });

  it("give up inside their budget with Square's own 429 when no place comes free (nothing was sent)", async () => {
    await testDatabase().rows("UPDATE square_call_slots SET holder = 'busy', leased_until = now() + interval '1 minute' WHERE slot <= 3");
    const square = slowSquare(1);
    const started = Date.now();
    const answer = await limitedFetch(square.fetchFn, { ...LIMITS, budgetMs: 300 })("https://square.test/v2/payments", { method: "POST", body: "{}" });
    expect(Date.now() - started).toBeLessThan(600);
    expect(answer.status).toBe(429);
    expect((await answer.json()).errors[0].code).toBe("RATE_LIMITED");
    expect(square.seen.calls).toBe(0);
  });
});

describe("a 429 from Square", () => {
  it("is waited out as long as Retry-After asks, then the identical request (same idempotency key) is sent again", async () => {
    let calls = 0;
    const square = slowSquare(1, () =>
      ++calls === 1 ? new Response('{"errors":[{"category":"RATE_LIMIT_ERROR","code":"RATE_LIMITED"}]}', { status: 429, headers: { "retry-after": "1" } }) : Response.json({ ok: true }),
    );
    const body = JSON.stringify({ idempotency_key: randomUUID(), amount_money: { amount: 5375, currency: "USD" } });
    const started = Date.now();
    const answer = await limitedFetch(square.fetchFn, LIMITS)("https://square.test/v2/payments", { method: "POST", body });
    expect(answer.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(square.seen.bodies).toEqual([body, body]);
  });

  it("backs off with growing, jittered waits and gives up before its budget ends when Square keeps refusing", async () => {
    const square = slowSquare(1, () => new Response('{"errors":[{"category":"RATE_LIMIT_ERROR","code":"RATE_LIMITED"}]}', { status: 429 }));
    const started = Date.now();
    const answer = await limitedFetch(square.fetchFn, { ...LIMITS, budgetMs: 1_500 })("https://square.test/v2/payments", { method: "POST", body: "{}" });
    expect(answer.status).toBe(429);
    expect(Date.now() - started).toBeLessThan(1_500);
    // Full jitter over 250, 500, 1000 ms...: a few tries, not a hammering.
    expect(square.seen.calls).toBeGreaterThanOrEqual(2);
    expect(square.seen.calls).toBeLessThan(12);
  });
});

describe("orders while Square rate limits payments", () => {
  let services: OrderServices;
  let limit: SquareRateLimit;
  beforeAll(async () => {
    services = await startOrderServices();
    limit = await startSquareRateLimit(services.square.url, { paymentsPerSecond: 2 });
    // Eight seconds a call (waits and retries included; the SDK's own timeout with them), inside the function's 60 s.
    Object.assign(process.env, { SQUARE_BASE_URL: limit.url, SQUARE_TIMEOUT_SECONDS: "8", SQUARE_CALLS_IN_FLIGHT: "4" });
  });
  afterAll(async () => {
    await limit.stop();
    await services.stop();
  });

  it("each ends charged (201) or refused with 'not charged' (503, Retry-After) within the time limit, never charged without its order", { timeout: 60_000 }, async () => {
    const keys = Array.from({ length: 12 }, () => randomUUID());
    const started = Date.now();
    const answers = await Promise.all(keys.map((key) => postOrder(PICKUP_ORDER, key)));
    const elapsed = Date.now() - started;
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.every((status) => status === 201 || status === 503)).toBe(true);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThan(0);
    for (const answer of answers.filter((candidate) => candidate.status === 503)) {
      expect(answer.headers.get("retry-after")).toBeTruthy();
      expect((await jsonOf(answer)).error).toMatch(/not charged/);
    }
    // Every call waits at most its 8 s budget, twice per order (the Square order, then the payment): well
    // inside the function's 60 s, with room for a machine busy with other work.
    expect(elapsed).toBeLessThan(45_000);
    expect(limit.limited).toBeGreaterThan(0);
    expect(limit.peakInFlight).toBeLessThanOrEqual(4);
    // Square's record against ours: one charge per confirmed order, none for a refused one.
    const payments = services.square.charges();
    const confirmed = await testDatabase().rows<{ idempotency_key: string; payment_id: string }>(
      "SELECT idempotency_key, payment_id FROM orders WHERE status = 'confirmed'",
    );
    expect(payments.length).toBe(confirmed.length);
    expect(confirmed.length).toBe(statuses.filter((status) => status === 201).length);
    expect(new Set(payments.map((payment: any) => payment.id))).toEqual(new Set(confirmed.map((row) => row.payment_id)));
    // A refused attempt holds no kitchen room: only confirmed orders' claims remain.
    const held = await testDatabase().rows<{ n: number }>(
      "SELECT count(*)::int AS n FROM order_slot_claims c JOIN orders o ON o.id = c.order_id WHERE o.status <> 'confirmed'",
    );
    const room = await testDatabase().rows<{ n: number }>("SELECT coalesce(sum(weight), 0)::int AS n FROM slot_bookings");
    const claimed = await testDatabase().rows<{ n: number }>(
      "SELECT coalesce(sum(c.weight), 0)::int AS n FROM order_slot_claims c JOIN orders o ON o.id = c.order_id WHERE o.status = 'confirmed'",
    );
    expect(room[0]!.n).toBe(claimed[0]!.n);
    expect(held[0]!.n).toBe(0);
  });
});

describe("new charges past SQUARE_CHECKOUTS_PER_SECOND", () => {
  let services: OrderServices;
  beforeAll(async () => {
    services = await startOrderServices();
    process.env.SQUARE_CHECKOUTS_PER_SECOND = "1";
  });
  afterAll(async () => {
    process.env.SQUARE_CHECKOUTS_PER_SECOND = "1000";
    await services.stop();
  });

  it("are refused at once with 'not charged' (503, Retry-After), nothing stored and nothing asked of Square; the kitchen's refusals still come first", async () => {
    await testDatabase().rows("UPDATE square_checkout_pace SET tokens = 0, refreshed_at = now()");
    await testDatabase().rows("DELETE FROM orders");
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 8 }, () => postOrder(PICKUP_ORDER, randomUUID())));
    const statuses = answers.map((answer) => answer.status);
    // At one a second with two saved up, most of eight at once are turned away, fast.
    expect(statuses.filter((status) => status === 201).length).toBeLessThanOrEqual(3);
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThanOrEqual(5);
    expect(Date.now() - started).toBeLessThan(8_000);
    for (const answer of answers.filter((candidate) => candidate.status === 503)) {
      expect(answer.headers.get("retry-after")).toBeTruthy();
      expect((await jsonOf(answer)).error).toMatch(/not charged/);
    }
    const accepted = statuses.filter((status) => status === 201).length;
    expect(await testDatabase().count("orders")).toBe(accepted);
    expect(services.square.requestsTo("POST", "/v2/orders").length).toBe(accepted);
    expect(services.square.charges().length).toBe(accepted);

    // A closed kitchen is refused for what it is (422), whatever the allowance.
    await testDatabase().rows("UPDATE square_checkout_pace SET tokens = 0, refreshed_at = now()");
    const closed = await postOrder({ ...PICKUP_ORDER, slot: "2026-11-21T16:00:00-05:00" }, randomUUID());
    expect(closed.status).toBe(422);
  });
});

describe("refusals under SQUARE_CHECKOUTS_PER_SECOND", () => {
  let services: OrderServices;
  beforeAll(async () => {
    services = await startOrderServices();
    process.env.SQUARE_CHECKOUTS_PER_SECOND = "1";
  });
  afterAll(async () => {
    process.env.SQUARE_CHECKOUTS_PER_SECOND = "1000";
    await services.stop();
  });
  beforeEach(async () => {
    await testDatabase().rows("DELETE FROM counters");
    await testDatabase().rows("DELETE FROM square_pace_shares");
    await testDatabase().rows("UPDATE square_checkout_pace SET tokens = 1, refreshed_at = now()");
  });

  const from = (ip: string, body: unknown = PICKUP_ORDER, key = randomUUID()) => call(ordersHandler, "/api/orders", { body, ip, headers: { "idempotency-key": key } });
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("cost nothing shared: a network refused after 5 declines posts ~6 orders a second while 3 customers on other networks are all paid", { timeout: 30_000 }, async () => {
    const attacker = "198.51.100.7";
    for (let i = 0; i < 5; i++) {
      await testDatabase().rows("UPDATE square_checkout_pace SET tokens = 1, refreshed_at = now()");
      expect((await from(attacker, { ...PICKUP_ORDER, paymentToken: "cnon:card-nonce-declined" })).status).toBe(402);
    }
    await testDatabase().rows("UPDATE square_checkout_pace SET tokens = 0, refreshed_at = now()");
    let flooding = true;
    const refused: number[] = [];
    const flood = (async () => {
      while (flooding) {
        void from(attacker).then((answer) => refused.push(answer.status));
        await sleep(160);
      }
    })();
    // Each customer a second and a bit after the last: the pace has a place for each.
    const customers: Response[] = [];
    for (const ip of ["192.0.2.31", "2001:db8:77::1", "203.0.113.99"]) {
      await sleep(1_150);
      customers.push(await from(ip));
    }
    flooding = false;
    await flood;
    await expect.poll(() => refused.length >= 12, { timeout: 5_000 }).toBe(true);
    expect(customers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(new Set(refused)).toEqual(new Set([429]));
  });

  it("give back a place taken by an attempt then refused, so the next customer gets it", async () => {
    await testDatabase().rows("UPDATE square_checkout_pace SET tokens = 1, refreshed_at = now()");
    const share = await admitToSquare("attempt-then-refused", 1);
    await expect(admitToSquare("another-customer", 1)).rejects.toThrow();
    await giveBackToSquare(share, 1);
    await expect(admitToSquare("another-customer", 1)).resolves.toMatchObject({ holder: expect.any(String) });
  });

  it("let copies of one attempt (one idempotency key) share one place: 10 at once give one paid order, and each copy answers it", { timeout: 30_000 }, async () => {
    await testDatabase().rows("DELETE FROM orders");
    const chargedBefore = services.square.charges().length;
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, () => from("192.0.2.44", PICKUP_ORDER, key)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const bodies = await Promise.all(answers.map((answer) => jsonOf(answer)));
    expect(new Set(bodies.map((body) => body.orderId)).size).toBe(1);
    expect(await testDatabase().count("orders", "status = 'confirmed'")).toBe(1);
    expect(services.square.charges().length - chargedBefore).toBe(1);
  });
});
