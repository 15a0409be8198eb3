// The confirmation page's server read of its order: the very view GET /api/orders/{id} answers, null
// where that answers 404, and nothing (logged) when the order store fails or hangs, so the page still
// renders and its island loads the order from the API instead.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { randomUUID } from "node:crypto";
import { databaseFaults } from "../support/databaseFaults";
import { call, jsonOf } from "../support/functions";
import ordersHandler from "../../netlify/functions/orders.mts";
import orderHandler from "../../netlify/functions/order.mts";
import { readConfirmationOrder } from "../../src/server/orders/orderConfirmation";
import { orderOfKey } from "../../src/server/orders/records";
import { SANDBOX_NONCES } from "../../src/domain/payment";
import { setRestaurantClock } from "../support/clock";

const faults = databaseFaults();
let lines: string[] = [];

beforeAll(async () => {
  for (const name of ["SQUARE_ACCESS_TOKEN", "SQUARE_LOCATION_ID", "PUBLIC_SQUARE_APPLICATION_ID"]) delete process.env[name];
  setRestaurantClock("2026-11-21T12:00:00-05:00");
  for (const level of ["info", "warn", "error"] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      lines.push(args.map(String).join(" "));
    });
  }
});
afterAll(() => {
  vi.restoreAllMocks();
});
beforeEach(() => {
  faults.heal();
  lines = [];
});

/** Places a paid pickup order through the API and answers its id. */
async function placeOrder(paymentToken: string = SANDBOX_NONCES.approved): Promise<string> {
  const key = randomUUID();
  const res = await call(ordersHandler, "/api/orders", {
    body: {
      items: [{ id: 7, quantity: 2 }, { id: 1, quantity: 1 }],
      orderType: "pickup",
      customerInfo: { name: "Ana Pérez", email: "ana@example.com", phone: "305 555 0142" },
      paymentToken,
    },
    headers: { "idempotency-key": key },
  });
  if (res.status === 201) return (await jsonOf(res)).orderId;
  // A declined card answers 402 without the id: the order of the checkout attempt's key holds it.
  return (await orderOfKey(key))!.orderId;
}

const apiView = (orderId: string) => call(orderHandler, `/api/orders/${orderId}`, { params: { id: orderId } });

describe("the confirmation page's read of its order", () => {
  it("is the order view GET /api/orders/{id} answers", async () => {
    const orderId = await placeOrder();
    const view = await readConfirmationOrder(orderId);
    expect(view).toMatchObject({ orderId, status: "confirmed", total: 53.75 });
    expect(view).toEqual(await jsonOf(await apiView(orderId)));
  });

  it("is null for an unknown id, a malformed id and a declined order, where the API answers 404", async () => {
    const declined = await placeOrder(SANDBOX_NONCES.declined);
    for (const orderId of ["AAAAAAAAAAAAAAAAAAAAAA", "not-an-order", declined]) {
      expect((await apiView(orderId)).status).toBe(404);
      expect(await readConfirmationOrder(orderId)).toBeNull();
    }
  });

  it("is nothing, with an error logged and no order id in it, when the database fails", async () => {
    const orderId = await placeOrder();
    faults.failWhen((text) => /FROM orders o/.test(text));
    expect(await readConfirmationOrder(orderId)).toBeUndefined();
    expect(faults.failed()).toBeGreaterThan(0);
    const logged = lines.map((line) => JSON.parse(line) as { level: string; msg: string });
    expect(logged).toContainEqual(expect.objectContaining({ level: "error", msg: expect.stringContaining("confirmation page") }));
    expect(lines.join("\n")).not.toContain(orderId);
  });
});

describe("a hanging database", () => {
  afterAll(() => faults.heal());

  it("holds the page no longer than the time allowed: nothing, with a warning logged", async () => {
    const orderId = await placeOrder();
    let asked = 0;
    faults.delayWhen((text) => /FROM orders o/.test(text) && ++asked > 0, 3_000);
    const started = Date.now();
    expect(await readConfirmationOrder(orderId, 300)).toBeUndefined();
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(290);
    expect(waited).toBeLessThan(3_000);
    expect(asked).toBeGreaterThan(0);
    expect(lines.map((line) => JSON.parse(line))).toContainEqual(
      expect.objectContaining({ level: "warn", msg: expect.stringContaining("too slow"), timeoutMs: 300 }),
    );
  });
});
