// A retried checkout attempt that did not charge is a new decision: the pause, the hours, stock, the
// slot's room (claimed again) and the attempt limits are checked again before Square is asked, with the
// attempt's own key so a charge the first try made is never made twice. After no answer at all (a
// timeout) the order keeps its room until its outcome is known; a charge Square completed after the
// order was released is found and confirmed by reconciliation.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import adminHours from "../../netlify/functions/admin-hours.mts";
import orderHandler from "../../netlify/functions/order.mts";
import { updateMenuItem } from "../../src/server/content/menu";
import { DECLINES_PER_CLIENT } from "../../src/server/orders/orderAttempts";
import { reconcileOrder, reconcilePendingOrders } from "../../src/server/orders/reconcile";
import { adminHeaders } from "../support/admin";
import { testDatabase } from "../support/database";
import { call, jsonOf } from "../support/functions";
import { PICKUP_ORDER, postOrder, useOrderServices } from "../support/orderServices";
import ordersHandler from "../../netlify/functions/orders.mts";

const running = useOrderServices();
let admin: Record<string, string>;
beforeAll(async () => {
  admin = await adminHeaders();
});
beforeEach(async () => {
  await testDatabase().rows("DELETE FROM slot_bookings");
  await pause(null);
});
afterAll(() => pause(null));

/** One Hot Maple Flatbread ($16, kitchen weight 1) for 1 PM today (the clock is Saturday noon). */
const ONE_PM = "2026-11-21T13:00:00-05:00";
const FLATBREAD_AT_ONE = { ...PICKUP_ORDER, items: [{ id: 1, name: "Hot Maple Flatbread", price: 16, quantity: 1 }], slot: ONE_PM };

function pause(message: string | null) {
  return call(adminHours, "/api/admin/hours/ordering", {
    method: "PATCH",
    body: { pause: message === null ? null : { minutes: null, message } },
    headers: admin,
  });
}

async function pickupCapacity(weight: number) {
  await testDatabase().rows("UPDATE slot_capacities SET weight = $1 WHERE section = 'jealous-fork' AND fulfilment = 'pickup'", [weight]);
}

const charges = () => running.square.charges().length;
const paymentCalls = () => running.square.requestsTo("POST", "/v2/payments").length;
async function statusOf(key: string): Promise<string> {
  const [row] = await testDatabase().rows<{ status: string }>("SELECT status FROM orders WHERE idempotency_key = $1", [key]);
  return row!.status;
}
async function roomHeld(key: string): Promise<number> {
  const [row] = await testDatabase().rows<{ weight: string | null }>(
    "SELECT sum(c.weight) AS weight FROM order_slot_claims c JOIN orders o ON o.id = c.order_id WHERE o.idempotency_key = $1",
    [key],
  );
  return Number(row?.weight ?? 0);
}

describe("an attempt Square failed (500), sent again with its key", () => {
  it("is refused while staff have paused ordering, as a fresh order is, and charges nothing", async () => {
    const key = randomUUID();
    running.square.fault("POST /v2/payments", { status: 500 });
    expect((await postOrder(FLATBREAD_AT_ONE, key)).status).toBe(502);
    expect((await pause("Kitchen closed for a private event.")).status).toBe(200);

    expect((await postOrder(FLATBREAD_AT_ONE)).status).toBe(422);
    const retry = await postOrder(FLATBREAD_AT_ONE, key);
    expect(retry.status).toBe(422);
    expect(await jsonOf(retry)).toMatchObject({ code: "kitchen_paused" });
    expect(charges()).toBe(0);
    expect(await statusOf(key)).toBe("payment_failed");

    // Once staff open again, the same attempt is decided again and paid once, holding its room.
    await pause(null);
    expect((await postOrder(FLATBREAD_AT_ONE, key)).status).toBe(201);
    expect(charges()).toBe(1);
    expect(await statusOf(key)).toBe("confirmed");
    expect(await roomHeld(key)).toBe(1);
    // And sent once more, it is the paid order: 200, no second charge.
    expect((await postOrder(FLATBREAD_AT_ONE, key)).status).toBe(200);
    expect(charges()).toBe(1);
  });

  it("claims its slot's room again: a slot another order filled meanwhile is refused (409)", async () => {
    await pickupCapacity(1);
    try {
      const key = randomUUID();
      running.square.fault("POST /v2/payments", { status: 500 });
      expect((await postOrder(FLATBREAD_AT_ONE, key)).status).toBe(502);
      // Its room was given back when Square said no charge: another customer takes the slot.
      expect((await postOrder(FLATBREAD_AT_ONE)).status).toBe(201);
      const retry = await postOrder(FLATBREAD_AT_ONE, key);
      expect(retry.status).toBe(409);
      expect(await jsonOf(retry)).toMatchObject({ code: "slot_full" });
      expect(charges()).toBe(1);
      const [booked] = await testDatabase().rows<{ weight: number }>("SELECT weight FROM slot_bookings WHERE slot_at = $1", [ONE_PM]);
      expect(booked!.weight).toBe(1);
    } finally {
      await pickupCapacity(40);
    }
  });

  it("is refused when a dish sold out meanwhile", async () => {
    const key = randomUUID();
    running.square.fault("POST /v2/payments", { status: 500 });
    expect((await postOrder(FLATBREAD_AT_ONE, key)).status).toBe(502);
    await updateMenuItem(1, (item) => ({ ...item, inStock: false }));
    try {
      const retry = await postOrder(FLATBREAD_AT_ONE, key);
      expect(retry.status).toBe(422);
      expect(await jsonOf(retry)).toMatchObject({ code: "dish_sold_out" });
      expect(charges()).toBe(0);
    } finally {
      await updateMenuItem(1, (item) => ({ ...item, inStock: true }));
    }
  });

  it("counts against the client's limits: a client paused for its declines cannot retry it", async () => {
    const ip = "198.51.100.140";
    const key = randomUUID();
    const send = (body: object, k: string) => call(ordersHandler, "/api/orders", { body, ip, headers: { "idempotency-key": k } });
    running.square.fault("POST /v2/payments", { status: 500 });
    expect((await send(FLATBREAD_AT_ONE, key)).status).toBe(502);
    for (let i = 0; i < DECLINES_PER_CLIENT.limit; i++) {
      expect((await send({ ...FLATBREAD_AT_ONE, paymentToken: "cnon:card-nonce-declined" }, randomUUID())).status).toBe(402);
    }
    const calls = paymentCalls();
    expect((await send(FLATBREAD_AT_ONE, key)).status).toBe(429);
    expect(paymentCalls()).toBe(calls);
  });
});

describe("an attempt whose payment timed out (Square gave no answer)", () => {
  it("keeps its slot's room until reconciliation knows, then gives it back when Square holds no charge", async () => {
    const key = randomUUID();
    running.square.fault("POST /v2/payments", { delayMs: 1500, process: false });
    expect((await postOrder(FLATBREAD_AT_ONE, key)).status).toBe(502);
    expect(await statusOf(key)).toBe("pending");
    expect(await roomHeld(key)).toBe(1);

    const [{ id }] = await testDatabase().rows<{ id: string }>("SELECT id FROM orders WHERE idempotency_key = $1", [key]);
    const soon = await reconcileOrder(id!, undefined, { release: "when-old", now: new Date(Date.parse("2026-11-21T12:05:00-05:00")) });
    expect(soon.outcome).toBe("not-charged");
    expect(await roomHeld(key)).toBe(1);
    const later = await reconcileOrder(id!, undefined, { release: "when-old", now: new Date(Date.parse("2026-11-21T12:20:00-05:00")) });
    expect(later.outcome).toBe("released");
    expect(await roomHeld(key)).toBe(0);
  });

  it("sent again, is paid once with its own key", async () => {
    const key = randomUUID();
    running.square.fault("POST /v2/payments", { delayMs: 1500, process: false });
    expect((await postOrder(FLATBREAD_AT_ONE, key)).status).toBe(502);
    expect((await postOrder(FLATBREAD_AT_ONE, key)).status).toBe(201);
    expect(charges()).toBe(1);
    expect(new Set(running.square.requestsTo("POST", "/v2/payments").map((r) => r.body.idempotency_key))).toEqual(new Set([key]));
    expect(await roomHeld(key)).toBe(1);
  });
});

describe("a charge Square completed after the order was released", () => {
  it("is found by reconciliation among recent failed orders: the order is confirmed and its page shows again", async () => {
    const key = randomUUID();
    running.square.fault("POST /v2/payments", { status: 500 });
    const first = await postOrder(FLATBREAD_AT_ONE, key);
    expect(first.status).toBe(502);
    const [row] = await testDatabase().rows<{ id: string; provider_order_id: string; total_cents: number }>(
      "SELECT id, provider_order_id, total_cents FROM orders WHERE idempotency_key = $1",
      [key],
    );
    expect(await statusOf(key)).toBe("payment_failed");
    expect((await call(orderHandler, `/api/orders/${row!.id}`, { params: { id: row!.id } })).status).toBe(404);

    // The payment Square had in fact taken, as it would be seen once it completes.
    const late = await fetch(`${running.square.url}/v2/payments`, {
      method: "POST",
      headers: { authorization: `Bearer ${running.square.accessToken}`, "content-type": "application/json" },
      body: JSON.stringify({
        idempotency_key: key,
        source_id: "cnon:card-nonce-ok",
        amount_money: { amount: row!.total_cents, currency: "USD" },
        location_id: running.square.locationId,
        order_id: row!.provider_order_id,
      }),
    });
    expect(late.status).toBe(200);

    const counts = await reconcilePendingOrders(5);
    expect(counts.confirmed).toBe(1);
    expect(await statusOf(key)).toBe("confirmed");
    expect((await call(orderHandler, `/api/orders/${row!.id}`, { params: { id: row!.id } })).status).toBe(200);
  });
});
