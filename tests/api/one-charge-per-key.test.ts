// A lunch rush's checkouts arriving at once, with either payment gateway: Square's (the fake Square
// counts every charge) and the local sandbox one (its charges are its sandbox_payments rows). Different
// checkouts are each stored, confirmed and charged once for their own total; copies of one checkout (a
// double click, a retried request) make one order and one charge however they interleave.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "../support/database";
import { call, jsonOf } from "../support/functions";
import { startOrderServices, type OrderServices, hearNotificationsAfterEachTest } from "../support/orderServices";
import ordersHandler from "../../netlify/functions/orders.mts";
import orderHandler from "../../netlify/functions/order.mts";

const SQUARE_SETTINGS = ["SQUARE_ACCESS_TOKEN", "SQUARE_LOCATION_ID", "SQUARE_BASE_URL"] as const;

let services: OrderServices;
let squareSettings: Record<string, string | undefined>;
beforeAll(async () => {
  services = await startOrderServices();
  // Square's answers wait for a busy machine (the suite's default of 0.5 s is for fault tests).
  process.env.SQUARE_TIMEOUT_SECONDS = "5";
  squareSettings = Object.fromEntries(SQUARE_SETTINGS.map((name) => [name, process.env[name]]));
});
afterAll(async () => {
  delete process.env.SQUARE_TIMEOUT_SECONDS;
  await services.stop();
});
hearNotificationsAfterEachTest(() => services?.square);

/**
 * The n-th checkout: n % 4 + 1 Hot Maple Flatbreads ($16.00 each, tax 7.5%: $1.20 each, exact to the
 * cent), for delivery ($4.99) every third time. Its total in cents, worked out here from those prices.
 */
function checkout(n: number) {
  const quantity = (n % 4) + 1;
  const delivery = n % 3 === 0;
  const body = {
    items: [{ id: 1, name: "Hot Maple Flatbread", price: 16, quantity }],
    orderType: delivery ? "delivery" : "pickup",
    customerInfo: { name: `Rush Customer ${n}`, email: `rush.${n}@example.com`, phone: "(305) 555-0142" },
    deliveryInfo: delivery ? { address: `${100 + n} SW 42nd St`, city: "Miami", state: "FL", zipCode: "33175" } : null,
    paymentToken: "cnon:card-nonce-ok",
    total: (quantity * 1720 + (delivery ? 499 : 0)) / 100,
  };
  return { body, totalCents: quantity * 1720 + (delivery ? 499 : 0) };
}

/** POST /api/orders as one browser sends it: its network, its checkout key. */
const post = (body: unknown, key: string, ip: string) => call(ordersHandler, "/api/orders", { body, ip, headers: { "idempotency-key": key } });

async function viewOf(orderId: string): Promise<{ status: string; total: number }> {
  return jsonOf(await call(orderHandler, `/api/orders/${orderId}`, { params: { id: orderId } }));
}

const GATEWAYS = [
  {
    name: "Square's gateway",
    use: () => Object.assign(process.env, squareSettings),
    /** Every charge the fake Square took, in cents. */
    charges: async () => services.square.charges().map((charge) => Number(charge.amount_money.amount)),
    /** CreatePayment calls, by the idempotency key each carried (the checkout's key). */
    paymentCalls: (): Map<string, number> | null => {
      const calls = new Map<string, number>();
      for (const request of services.square.requestsTo("POST", "/v2/payments")) calls.set(request.body.idempotency_key, (calls.get(request.body.idempotency_key) ?? 0) + 1);
      return calls;
    },
  },
  {
    name: "the local sandbox gateway",
    use: () => SQUARE_SETTINGS.forEach((name) => delete process.env[name]),
    charges: async () => (await testDatabase().rows<{ cents: number }>("SELECT (outcome->'result'->>'amountCents')::int AS cents FROM sandbox_payments")).map((row) => row.cents),
    paymentCalls: (): Map<string, number> | null => null,
  },
] as const;

describe.each(GATEWAYS)("with $name", (gateway) => {
  beforeAll(async () => {
    gateway.use();
    // A warm instance, as at lunch: the first checkout loads the gateway's code while the others wait.
    expect((await post(checkout(99).body, randomUUID(), "192.0.2.99")).status).toBe(201);
    services.square.reset();
    await testDatabase().rows("DELETE FROM sandbox_payments");
  });

  it("20 different checkouts at once, each from a network of its own: 20 orders stored and confirmed, each charged once for its own total", async () => {
    const rush = Array.from({ length: 20 }, (_, n) => ({ ...checkout(n), key: randomUUID(), ip: `198.51.100.${n + 1}` }));
    const answers = await Promise.all(rush.map(({ body, key, ip }) => post(body, key, ip)));
    expect(answers.map((answer) => answer.status)).toEqual(rush.map(() => 201));
    const views = await Promise.all(answers.map(async (answer) => viewOf((await jsonOf(answer)).orderId)));
    expect(views.map((view) => [view.status, Math.round(view.total * 100)])).toEqual(rush.map(({ totalCents }) => ["confirmed", totalCents]));
    // One charge per checkout, each for exactly its total.
    const byAmount = (list: number[]) => [...list].sort((a, b) => a - b);
    expect(byAmount(await gateway.charges())).toEqual(byAmount(rush.map(({ totalCents }) => totalCents)));
    const stored = await testDatabase().rows<{ idempotency_key: string }>("SELECT idempotency_key FROM orders WHERE status = 'confirmed'");
    expect(stored.map((row) => row.idempotency_key)).toEqual(expect.arrayContaining(rush.map(({ key }) => key)));
  });

  it("8 copies of each of 5 checkouts, interleaved and at once: one order and one charge per checkout; one copy answers 201, the others 200 with the same order", async () => {
    const keys = Array.from({ length: 5 }, (_, k) => ({ ...checkout(k + 100), key: randomUUID(), ip: `203.0.113.${k + 1}` }));
    const copies = keys.flatMap((entry) => Array.from({ length: 8 }, () => entry));
    // A fixed shuffle, so a failure repeats: copies of different checkouts interleave.
    const shuffled = copies.map((entry, i) => ({ entry, rank: (i * 17) % copies.length })).sort((a, b) => a.rank - b.rank).map(({ entry }) => entry);
    const chargedBefore = (await gateway.charges()).length;
    const answers = await Promise.all(shuffled.map(async (entry) => ({ key: entry.key, answer: await post(entry.body, entry.key, entry.ip) })));
    for (const { key, totalCents } of keys) {
      const mine = answers.filter((entry) => entry.key === key).map((entry) => entry.answer);
      expect(mine.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
      const ids = new Set(await Promise.all(mine.map(async (answer) => (await jsonOf(answer)).orderId)));
      expect(ids.size).toBe(1);
      const view = await viewOf([...ids][0]);
      expect([view.status, Math.round(view.total * 100)]).toEqual(["confirmed", totalCents]);
      expect(await testDatabase().count("orders", "idempotency_key = $1", [key])).toBe(1);
    }
    expect((await gateway.charges()).length - chargedBefore).toBe(5);
    // Square is asked to charge once per checkout, under the checkout's own key, however many copies came.
    const calls = gateway.paymentCalls();
    if (calls) expect(keys.map(({ key }) => calls.get(key) ?? 0)).toEqual([1, 1, 1, 1, 1]);
  });
});
