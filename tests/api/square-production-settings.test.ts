// The Square gateway at production's settings (a 10 s timeout per call, one SDK retry), where Square does
// the work and its first answer never arrives in time: one charge and one order, whatever the customer
// or the SDK repeats.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { testDatabase } from "../support/database";
import { jsonOf } from "../support/functions";
import { PICKUP_ORDER, postOrder, useOrderServices } from "../support/orderServices";

const running = useOrderServices();
beforeAll(() => {
  // What production runs with (src/server/config.ts defaults), in place of the tests' short settings.
  Object.assign(process.env, { SQUARE_TIMEOUT_SECONDS: "10", SQUARE_MAX_RETRIES: "1" });
});
afterAll(() => {
  Object.assign(process.env, { SQUARE_TIMEOUT_SECONDS: "0.5", SQUARE_MAX_RETRIES: "0" });
});

const ordersOfKey = (key: string) => testDatabase().count("orders", "idempotency_key = $1", [key]);

describe("Square at production's timeout and retries", () => {
  it("charges once and confirms one order when Square takes the payment and its answer times out", async () => {
    // Square charges at once, and answers after the 10 s the SDK waits.
    running.square.fault("POST /v2/payments", { delayMs: 10_500, process: true });
    const key = randomUUID();
    const started = Date.now();
    const res = await postOrder(PICKUP_ORDER, key);
    expect(res.status).toBe(201);
    expect(Date.now() - started).toBeLessThan(45_000);
    expect(running.square.charges()).toHaveLength(1);
    expect(running.square.orders.size).toBe(1);
    expect(await ordersOfKey(key)).toBe(1);
    const [stored] = await testDatabase().rows<{ status: string; payment_id: string }>("SELECT status, payment_id FROM orders WHERE idempotency_key = $1", [key]);
    expect(stored).toEqual({ status: "confirmed", payment_id: running.square.charges()[0].id });
    // The checkout's own retry finds it paid.
    expect((await postOrder(PICKUP_ORDER, key)).status).toBe(200);
    expect(running.square.charges()).toHaveLength(1);
  }, 60_000);

  it("makes one Square order and one charge when Square creates the order and its answer times out, and the customer pays again", async () => {
    running.square.fault("POST /v2/orders", { delayMs: 10_500, process: true });
    const key = randomUUID();
    const first = await postOrder(PICKUP_ORDER, key);
    expect(first.status).toBe(502);
    expect(running.square.charges()).toHaveLength(0);
    const again = await postOrder(PICKUP_ORDER, key);
    expect(again.status).toBe(201);
    expect((await jsonOf(again)).orderId).toBeTruthy();
    // Square's idempotency answered the same order to the retry: one order, one charge of it.
    expect(running.square.orders.size).toBe(1);
    expect(running.square.charges()).toHaveLength(1);
    expect(running.square.charges()[0].order_id).toBe([...running.square.orders.keys()][0]);
    expect(await ordersOfKey(key)).toBe(1);
  }, 60_000);
});
