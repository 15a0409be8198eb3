// POST /api/orders and GET /api/orders/{id} through the function handlers, with the Square gateway
// talking to a fake Square on 127.0.0.1, the test file's own database and a fixed restaurant clock.
import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { testDatabase } from "../support/database";
import { call, jsonOf } from "../support/functions";
import { postOrder as post, useOrderServices } from "../support/orderServices";
import ordersHandler from "../../netlify/functions/orders.mts";
import orderHandler from "../../netlify/functions/order.mts";
import { updateMenuItem } from "../../src/server/content/menu";
import { Conflict } from "../../src/server/platform/errors";
import { getOrder } from "../../src/server/orders/records";
import { listOrdersForDay, setOrderStatus } from "../../src/server/orders/staff";

// The restaurant clock is SATURDAY_NOON (support/orderServices.ts): Jealous Fork and Beverages are
// open, Jealous Burger is not.
const BRUNCH_BITES = { id: 7, name: "Billionaire Brunch Bites", price: 17 };
const FLATBREAD = { id: 1, name: "Hot Maple Flatbread", price: 16 };
const BURGER = { id: 32, name: "The Classic", price: 13 };

const running = useOrderServices();

const customerInfo = { name: "Ana Pérez", email: "ana@example.com", phone: "(305) 555-0142" };
const deliveryInfo = { address: "14417 SW 42nd St", city: "Miami", state: "FL", zipCode: "33175", phone: "", deliveryNotes: "Gate code 12" };

function orderBody(overrides: Record<string, unknown> = {}) {
  return {
    items: [
      { ...BRUNCH_BITES, quantity: 2 },
      { ...FLATBREAD, quantity: 1 },
    ],
    orderType: "pickup",
    customerInfo,
    paymentToken: "cnon:card-nonce-ok",
    subtotal: 50,
    tax: 3.75,
    deliveryFee: 0,
    total: 53.75,
    ...overrides,
  };
}

async function getView(orderId: string) {
  return call(orderHandler, `/api/orders/${orderId}`, { params: { id: orderId } });
}

/** Every order record: orders, their lines and their payment attempts. */
async function storedKeys(): Promise<string[]> {
  const db = testDatabase();
  const rows = [
    ...(await db.rows<{ key: string }>("SELECT 'order/' || id AS key FROM orders")),
    ...(await db.rows<{ key: string }>("SELECT 'line/' || order_id || '/' || line_number AS key FROM order_lines")),
    ...(await db.rows<{ key: string }>("SELECT 'attempt/' || id AS key FROM payment_attempts")),
  ];
  return rows.map((row) => row.key).sort();
}

async function confirmedOrders() {
  return (await listOrdersForDay("2026-11-21")).filter((order) => order.status === "confirmed");
}

describe("POST /api/orders", () => {
  it("takes a pickup order, charges 53.75 and answers its id", async () => {
    const res = await post(orderBody());
    expect(res.status).toBe(201);
    const { orderId, orderNumber } = await jsonOf(res);
    expect(orderId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(orderNumber).toMatch(/^[A-Z2-9]{5}$/);

    const view = await jsonOf(await getView(orderId));
    expect(view).toMatchObject({
      orderId,
      orderNumber,
      status: "confirmed",
      // Saturday noon, 15 minutes of lead time: the first quarter hour after it.
      estimatedReadyTime: "Ready for pickup around 12:15 PM",
      orderType: "pickup",
      subtotal: 50,
      tax: 3.75,
      deliveryFee: 0,
      total: 53.75,
      deliveryInfo: null,
      customerInfo,
      items: [
        { name: "Billionaire Brunch Bites", price: 17, quantity: 2 },
        { name: "Hot Maple Flatbread", price: 16, quantity: 1 },
      ],
    });
    expect(running.square.charges().map((c) => c.amount_money)).toEqual([{ amount: 5375, currency: "USD" }]);
    const stored = await getOrder(orderId);
    expect(stored?.payment).toMatchObject({ provider: "square", amountCents: 5375 });
    expect(stored?.payment.paymentId).toBe(running.square.charges()[0].id);
  });

  it("takes a delivery order: 2 x 17.00 + 16.00 is 50.00, tax 3.75, fee 4.99, total 58.74", async () => {
    const res = await post(orderBody({ orderType: "delivery", deliveryInfo, deliveryFee: 4.99, total: 58.74 }));
    expect(res.status).toBe(201);
    const { orderId } = await jsonOf(res);
    const view = await jsonOf(await getView(orderId));
    expect(view).toMatchObject({
      subtotal: 50,
      tax: 3.75,
      deliveryFee: 4.99,
      total: 58.74,
      orderType: "delivery",
      estimatedReadyTime: "Arriving around 12:45 PM",
      deliveryInfo: { address: "14417 SW 42nd St", city: "Miami", state: "FL", zipCode: "33175", phone: "(305) 555-0142", notes: "Gate code 12" },
    });
    const squareOrder = running.square.requestsTo("POST", "/v2/orders")[0]!.body.order;
    expect(squareOrder.service_charges[0].amount_money).toEqual({ amount: 499, currency: "USD" });
    expect(running.square.charges()[0].amount_money).toEqual({ amount: 5874, currency: "USD" });
    // Charged is not enough: the kitchen must see it on its Point of Sale.
    expect(running.square.posOrders().map((order) => order.reference_id)).toEqual([view.orderNumber]);
  });

  it("takes an order paid with a test wallet token through the same path: the server's total, the attempt's key", async () => {
    const key = randomUUID();
    const res = await post(orderBody({ paymentToken: "wnon:test-apple-pay-ok" }), key);
    expect(res.status).toBe(201);
    // Apple Pay is a card payment at Square: its device card, with that card's own fingerprint.
    expect(running.square.charges()).toMatchObject([{ source_type: "CARD", card_details: { card: { fingerprint: expect.stringMatching(/^sq-1-/) } }, amount_money: { amount: 5375, currency: "USD" } }]);
    expect(running.square.requestsTo("POST", "/v2/payments")[0]!.body).toMatchObject({ source_id: "wnon:test-apple-pay-ok", idempotency_key: key });
    expect((await getOrder((await jsonOf(res)).orderId))?.status).toBe("confirmed");
  });

  it("shows a phone typed as bare digits the way people read it, on the order page and in the console", async () => {
    const res = await post(orderBody({ customerInfo: { ...customerInfo, phone: "3052221234" } }));
    expect(res.status).toBe(201);
    const view = await jsonOf(await getView((await jsonOf(res)).orderId));
    expect(view.customerInfo.phone).toBe("(305) 222-1234");
  });

  it("ignores tampered item prices and charges the menu's, when the total is the one the menu gives", async () => {
    const res = await post(
      orderBody({
        items: [
          { ...BRUNCH_BITES, price: 0.01, quantity: 2 },
          { ...FLATBREAD, price: -5, quantity: 1 },
        ],
        subtotal: 0.03,
        tax: 0,
        total: 53.75,
      }),
    );
    expect(res.status).toBe(201);
    const view = await jsonOf(await getView((await jsonOf(res)).orderId));
    expect(view).toMatchObject({ subtotal: 50, tax: 3.75, total: 53.75 });
    expect(running.square.charges()[0].amount_money.amount).toBe(5375);
  });

  it("refuses a total other than the menu's with 409 and today's prices, storing and charging nothing", async () => {
    const before = await storedKeys();
    const res = await post(orderBody({ subtotal: 0.03, tax: 0, total: 0.03 }));
    expect(res.status).toBe(409);
    const body = await jsonOf(res);
    expect(body.error).toBe("Prices have changed since these dishes went into your cart: the total is now $53.75. Please check your order and pay again.");
    expect(body.issues).toEqual([
      { path: "total", message: "53.75", code: "current_price" },
      { path: `items.${BRUNCH_BITES.id}.price`, message: "17.00", code: "current_price" },
      { path: `items.${FLATBREAD.id}.price`, message: "16.00", code: "current_price" },
    ]);
    expect(await storedKeys()).toEqual(before);
    expect(running.square.requests).toHaveLength(0);
  });

  it.each([
    ["an unknown item", { id: 9999, name: "Free Lobster", price: 1, quantity: 1 }, /"Free Lobster" is not on our menu/],
    ["an item from a closed section", { ...BURGER, quantity: 1 }, /The Classic is not available right now: Jealous Burger is closed/],
  ])("refuses %s with 422 naming it, storing and charging nothing", async (_label, item, message) => {
    const before = await storedKeys();
    const res = await post(orderBody({ items: [{ ...FLATBREAD, quantity: 1 }, item] }));
    expect(res.status).toBe(422);
    expect((await jsonOf(res)).error).toMatch(message);
    expect(await storedKeys()).toEqual(before);
    expect(running.square.requests).toHaveLength(0);
  });

  it("refuses an out-of-stock item with 422 naming it", async () => {
    await updateMenuItem(FLATBREAD.id, (item) => ({ ...item, inStock: false }));
    try {
      const res = await post(orderBody());
      expect(res.status).toBe(422);
      expect((await jsonOf(res)).error).toContain("Hot Maple Flatbread is out of stock");
      expect(running.square.requests).toHaveLength(0);
    } finally {
      await updateMenuItem(FLATBREAD.id, (item) => ({ ...item, inStock: true }));
    }
  });

  it("refuses delivery to a ZIP code outside the areas we serve", async () => {
    const res = await post(orderBody({ orderType: "delivery", deliveryInfo: { ...deliveryInfo, zipCode: "10001" } }));
    expect(res.status).toBe(422);
    expect((await jsonOf(res)).error).toContain("we don't deliver to ZIP code 10001");
    expect(running.square.requests).toHaveLength(0);
  });

  it.each([
    ["no items", orderBody({ items: [] })],
    ["a fractional quantity", orderBody({ items: [{ ...FLATBREAD, quantity: 1.5 }] })],
    ["a negative quantity", orderBody({ items: [{ ...FLATBREAD, quantity: -2 }] })],
    ["an enormous quantity", orderBody({ items: [{ ...FLATBREAD, quantity: 1e9 }] })],
    ["a missing e-mail", orderBody({ customerInfo: { ...customerInfo, email: "" } })],
    ["an invalid e-mail", orderBody({ customerInfo: { ...customerInfo, email: "ana@" } })],
    ["a delivery without address", orderBody({ orderType: "delivery" })],
    ["a bad ZIP code", orderBody({ orderType: "delivery", deliveryInfo: { ...deliveryInfo, zipCode: "3317" } })],
    ["an unknown order type", orderBody({ orderType: "drone" })],
    ["no payment token", orderBody({ paymentToken: "" })],
    ["a name of 5,000 characters", orderBody({ customerInfo: { ...customerInfo, name: "x".repeat(5000) } })],
    ["a JSON array", []],
  ])("answers 400 to %s and stores nothing", async (_label, body) => {
    const before = await storedKeys();
    const res = await post(body);
    expect(res.status).toBe(400);
    expect((await jsonOf(res)).error).toBeTruthy();
    expect(await storedKeys()).toEqual(before);
    expect(running.square.requests).toHaveLength(0);
  });

  it("answers 400 to a body that is not JSON and to a missing Idempotency-Key", async () => {
    const notJson = await call(ordersHandler, "/api/orders", {
      rawBody: "{items: [",
      headers: { "content-type": "application/json", "idempotency-key": randomUUID() },
    });
    expect(notJson.status).toBe(400);
    const noKey = await call(ordersHandler, "/api/orders", { body: orderBody() });
    expect(noKey.status).toBe(400);
    expect((await jsonOf(noKey)).error).toContain("Idempotency-Key");
    expect(running.square.requests).toHaveLength(0);
  });

  it("answers 402 to a declined card and confirms nothing", async () => {
    const before = (await confirmedOrders()).length;
    const res = await post(orderBody({ paymentToken: "cnon:card-nonce-declined" }));
    expect(res.status).toBe(402);
    expect((await jsonOf(res)).error).toBe("Your card was declined. Check the details or use another card.");
    expect(running.square.charges()).toHaveLength(0);
    expect(await confirmedOrders()).toHaveLength(before);
  });

  it("confirms the order at once when Square times out on the payment after charging: Square is asked, and the charge found", async () => {
    const key = randomUUID();
    running.square.fault("POST /v2/payments", { delayMs: 1500 });
    const res = await post(orderBody(), key);
    expect(res.status).toBe(201);
    expect(running.square.charges()).toHaveLength(1);
    const stored = await getOrder((await jsonOf(res)).orderId);
    expect(stored?.status).toBe("confirmed");
    expect(stored?.payment.paymentId).toBe(running.square.charges()[0].id);
  });

  it.each([
    ["answers 500 to the order", "POST /v2/orders", { status: 500 }, "payment_failed"],
    ["answers 500 to the payment", "POST /v2/payments", { status: 500 }, "payment_failed"],
    // An answer that cannot be read says nothing of the charge: the order keeps its room until Square is sure.
    ["sends a malformed payment answer", "POST /v2/payments", { malformed: true as const }, "pending"],
  ])("answers 502 when Square %s, confirms nothing (Square holds no charge), and a retry with the same key charges exactly once", async (_label, endpoint, fault, afterFailure) => {
    const key = randomUUID();
    running.square.fault(endpoint, fault);
    const before = (await confirmedOrders()).length;

    const failed = await post(orderBody(), key);
    expect(failed.status).toBe(502);
    expect(await confirmedOrders()).toHaveLength(before);
    const pending = (await listOrdersForDay("2026-11-21", { includeUnpaid: true })).find((o) => o.idempotencyKey === key);
    expect(pending?.status).toBe(afterFailure);
    expect(pending?.payment.lastError?.status).toBe(502);

    const retried = await post(orderBody(), key);
    expect(retried.status).toBe(201);
    expect((await jsonOf(retried)).orderId).toBe(pending!.orderId);
    expect(running.square.charges()).toHaveLength(1);
    expect(await confirmedOrders()).toHaveLength(before + 1);
  });

  it("gives the same order and no second charge when the same checkout is posted again", async () => {
    const key = randomUUID();
    const first = await jsonOf(await post(orderBody(), key));
    const second = await jsonOf(await post(orderBody(), key));
    expect(second.orderId).toBe(first.orderId);
    expect(running.square.requestsTo("POST", "/v2/payments")).toHaveLength(1);
    expect(running.square.charges()).toHaveLength(1);
  });

  it("answers 409 when the same key comes with a different cart", async () => {
    const key = randomUUID();
    expect((await post(orderBody(), key)).status).toBe(201);
    const res = await post(orderBody({ items: [{ ...FLATBREAD, quantity: 3 }] }), key);
    expect(res.status).toBe(409);
    expect(running.square.charges()).toHaveLength(1);
  });

  it("makes one order and one charge from 20 parallel posts with one key: the first answers 201, the others wait and answer it with 200", async () => {
    const key = randomUUID();
    const before = (await listOrdersForDay("2026-11-21", { includeUnpaid: true })).length;
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(orderBody(), key)));
    expect(answers.map((res) => res.status).sort()).toEqual([...Array(19).fill(200), 201]);
    const ids = new Set(await Promise.all(answers.map(async (res) => (await jsonOf(res)).orderId)));
    expect(ids.size).toBe(1);
    expect(await listOrdersForDay("2026-11-21", { includeUnpaid: true })).toHaveLength(before + 1);
    expect(running.square.charges()).toHaveLength(1);
  });
});

describe("GET /api/orders/{id}", () => {
  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of ["AAAAAAAAAAAAAAAAAAAAAA", "../../etc", "x"]) {
      const res = await getView(id);
      expect(res.status).toBe(404);
      expect((await jsonOf(res)).error).toBeTruthy();
    }
  });

  it("never shows the payment token, the idempotency key or the provider's ids", async () => {
    const key = randomUUID();
    const { orderId } = await jsonOf(await post(orderBody(), key));
    const text = await (await getView(orderId)).text();
    expect(text).not.toContain("cnon:");
    expect(text).not.toContain(key);
    expect(text).not.toContain(running.square.charges()[0].id);
  });
});

describe("the staff's view of orders", () => {
  it("lists the day's paid orders newest first and moves one through its statuses", async () => {
    const { orderId } = await jsonOf(await post(orderBody()));
    const today = await listOrdersForDay("2026-11-21");
    expect(today.every((order) => order.status !== "pending" && order.status !== "payment_failed")).toBe(true);
    expect(today.map((order) => order.orderId)).toContain(orderId);
    expect((await setOrderStatus(orderId, "preparing"))?.status).toBe("preparing");
    expect((await jsonOf(await getView(orderId))).status).toBe("preparing");
    expect(await setOrderStatus("AAAAAAAAAAAAAAAAAAAAAA", "ready")).toBeNull();
  });

  it("lets only one of two racing clicks through: a ready order is completed or cancelled, never both", async () => {
    const { orderId } = await jsonOf(await post(orderBody()));
    await setOrderStatus(orderId, "preparing");
    await setOrderStatus(orderId, "ready");
    const outcomes = await Promise.allSettled([setOrderStatus(orderId, "completed"), setOrderStatus(orderId, "cancelled")]);
    const done = outcomes.filter((o) => o.status === "fulfilled");
    expect(done).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(Conflict);
    const final = (await getOrder(orderId))!.status;
    expect(final).toBe((done[0] as PromiseFulfilledResult<{ status: string }>).value.status);
  });
});
