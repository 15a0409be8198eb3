// Faults at every step of an order, injected into the fake Square (slow, timing out, 500, a body that
// is not JSON) and into the database (failing before and after the charge). After each, the stored
// state is checked: no order confirmed without its charge, no charge without its order record, one
// charge per checkout attempt, and the customer gets a clear JSON error; then a retry with the same
// key or a reconciliation (no card token needed) finishes what was charged.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { testDatabase } from "../support/database";
import { databaseFaults } from "../support/databaseFaults";
import type { Fault, FakeSquare } from "../support/fakeSquare";
import { call, jsonOf } from "../support/functions";
import { PICKUP_ORDER, postOrder, startOrderServices, type OrderServices, hearNotificationsAfterEachTest } from "../support/orderServices";
import adminOrders from "../../netlify/functions/admin-orders.mts";
import { reconcilePendingOrders } from "../../src/server/orders/reconcile";
import { getOrder, type StoredOrder } from "../../src/server/orders/records";
import { adminCookie } from "../support/admin";

const PROVIDER_DOWN = /payment service is not answering/;

let services: OrderServices;
const faults = databaseFaults();
let square: FakeSquare;
let cookie: string;

beforeAll(async () => {
  services = await startOrderServices();
  ({ square } = services);
  delete process.env.ADMIN_PASSWORD;
  cookie = await adminCookie();
});
afterAll(() => services.stop());
hearNotificationsAfterEachTest(() => services?.square);
/** Checkout keys used by the current test: Square's record is reset per test, the database is not. */
let keysOfThisTest = new Set<string>();
beforeEach(() => {
  square.reset();
  faults.heal();
  keysOfThisTest = new Set();
});

const order = PICKUP_ORDER;
const TOTAL_CENTS = 5375;

const post = (key: string) => keysOfThisTest.add(key) && postOrder(order, key);
/** The kitchen room taken in every slot together (each order takes its weight in its slot). */
const slotRoomTaken = async () => (await testDatabase().rows<{ n: number }>("SELECT coalesce(sum(weight), 0)::int AS n FROM slot_bookings"))[0]!.n;
const admin = (path: string, method = "GET", params: Record<string, string> = {}) =>
  call(adminOrders, path, { method, params, headers: { cookie, origin: "http://127.0.0.1:4321" } });

async function allOrders(): Promise<StoredOrder[]> {
  const ids = await testDatabase().rows<{ id: string }>("SELECT id FROM orders");
  return (await Promise.all(ids.map(({ id }) => getOrder(id)))).filter((o): o is StoredOrder => o !== null);
}

async function orderOf(key: string): Promise<StoredOrder | undefined> {
  return (await allOrders()).find((o) => o.idempotencyKey === key);
}

/**
 * The invariants of "nothing lost": every confirmed order is backed by exactly its charge, and every
 * charge at Square belongs to exactly one stored order record (pending or confirmed).
 */
async function expectNothingLost(): Promise<void> {
  const orders = (await allOrders()).filter((o) => keysOfThisTest.has(o.idempotencyKey));
  const charges = square.charges();
  for (const stored of orders.filter((o) => o.status === "confirmed")) {
    const charge = charges.find((c) => c.id === stored.payment.paymentId);
    expect(charge, `confirmed order ${stored.orderNumber} has no charge at Square`).toBeDefined();
    expect(charge.amount_money.amount).toBe(stored.totals.total);
  }
  for (const charge of charges) {
    const owners = orders.filter((o) => o.payment.providerOrderId === charge.order_id);
    expect(owners, `charge ${charge.id} has no order record`).toHaveLength(1);
    expect(owners[0]!.orderNumber).toBe(charge.reference_id);
  }
  const perOrder = new Map<string, number>();
  for (const charge of charges) perOrder.set(charge.order_id, (perOrder.get(charge.order_id) ?? 0) + 1);
  expect([...perOrder.values()].every((count) => count === 1)).toBe(true);
}

const SLOW = { delayMs: 150 };
const TIMES_OUT_AFTER_WORKING = { delayMs: 1500 };
const TIMES_OUT_WITHOUT_WORKING = { delayMs: 1500, process: false };
const ANSWERS_500 = { status: 500 };
const MALFORMED = { malformed: true as const };
const MALFORMED_AFTER_WORKING = { malformed: true as const, process: true };

describe("Square slow, timing out, failing or unreadable at each step", () => {
  it.each([
    ["POST /v2/orders", SLOW],
    ["POST /v2/payments", SLOW],
  ])("%s answering slowly (within the timeout) still confirms the order with one charge", async (endpoint, fault) => {
    square.fault(endpoint, fault);
    const key = randomUUID();
    const res = await post(key);
    expect(res.status).toBe(201);
    expect((await orderOf(key))?.status).toBe("confirmed");
    expect(square.charges()).toHaveLength(1);
    await expectNothingLost();
  });

  it.each<[string, string, Fault]>([
    ["creating the order times out (Square made it)", "POST /v2/orders", TIMES_OUT_AFTER_WORKING],
    ["creating the order times out (Square never made it)", "POST /v2/orders", TIMES_OUT_WITHOUT_WORKING],
    ["creating the order answers 500", "POST /v2/orders", ANSWERS_500],
    ["creating the order answers a body that is not JSON", "POST /v2/orders", MALFORMED],
    ["the payment answers 500", "POST /v2/payments", ANSWERS_500],
  ])("when %s: 502 with a clear error; Square holds no charge, so the order ends at once and its slot is free; a retry charges once", async (_label, endpoint, fault) => {
    square.fault(endpoint, fault);
    const key = randomUUID();
    const roomBefore = await slotRoomTaken();

    const failed = await post(key);
    expect(failed.status).toBe(502);
    expect((await jsonOf(failed)).error).toMatch(PROVIDER_DOWN);
    const ended = await orderOf(key);
    expect(ended?.status).toBe("payment_failed");
    expect(ended?.payment.lastCheck?.chargeFound).toBe(false);
    expect(square.charges()).toHaveLength(0);
    expect(await slotRoomTaken()).toBe(roomBefore);
    await expectNothingLost();
    // Nothing is left for staff to check.
    const attention = await jsonOf(await admin("/api/admin/orders?attention&olderThanMinutes=0"));
    expect(attention.orders.map((o: any) => o.orderId)).not.toContain(ended!.orderId);

    // The customer's retry of the same checkout attempt: the same order, charged exactly once.
    const retried = await post(key);
    expect(retried.status).toBe(201);
    expect((await jsonOf(retried)).orderId).toBe(ended!.orderId);
    expect(square.charges()).toHaveLength(1);
    expect(square.charges()[0].amount_money.amount).toBe(TOTAL_CENTS);
    expect((await getOrder(ended!.orderId))?.status).toBe("confirmed");
    await expectNothingLost();
  });

  it.each<[string, string, Fault]>([
    ["the payment times out before Square charged", "POST /v2/payments", TIMES_OUT_WITHOUT_WORKING],
    ["the payment answers a body that is not JSON (not charged)", "POST /v2/payments", MALFORMED],
  ])("when %s: 502; with no answer the charge may still complete, so the order stays pending and keeps its slot's room; a retry charges once", async (_label, endpoint, fault) => {
    square.fault(endpoint, fault);
    const key = randomUUID();
    const roomBefore = await slotRoomTaken();
    const failed = await post(key);
    expect(failed.status).toBe(502);
    expect((await jsonOf(failed)).error).toMatch(PROVIDER_DOWN);
    const held = await orderOf(key);
    expect(held?.status).toBe("pending");
    expect(square.charges()).toHaveLength(0);
    const heldRoom = await slotRoomTaken();
    expect(heldRoom).toBeGreaterThan(roomBefore);

    // The customer's retry of the same checkout attempt, with its own key at Square: charged exactly once.
    const retried = await post(key);
    expect(retried.status).toBe(201);
    expect((await jsonOf(retried)).orderId).toBe(held!.orderId);
    expect(square.charges()).toHaveLength(1);
    expect((await getOrder(held!.orderId))?.status).toBe("confirmed");
    // Its room given back and claimed again, once.
    expect(await slotRoomTaken()).toBe(heldRoom);
    await expectNothingLost();
  });

  it.each<[string, string, Fault]>([
    ["the payment times out after Square charged the card", "POST /v2/payments", TIMES_OUT_AFTER_WORKING],
    ["the payment answers a body that is not JSON after charging", "POST /v2/payments", MALFORMED_AFTER_WORKING],
  ])("when %s: Square is asked at once, the charge is found and the order confirmed with it, once", async (_label, endpoint, fault) => {
    square.fault(endpoint, fault);
    const key = randomUUID();
    const res = await post(key);
    expect(res.status).toBe(201);
    const stored = await orderOf(key);
    expect(stored?.status).toBe("confirmed");
    expect(square.charges()).toHaveLength(1);
    expect(stored?.payment.paymentId).toBe(square.charges()[0].id);
    // The retry answers the same order without charging again.
    const retried = await post(key);
    expect(retried.status).toBe(200);
    expect((await jsonOf(retried)).orderId).toBe(stored!.orderId);
    expect(square.charges()).toHaveLength(1);
    await expectNothingLost();
  });

  it("when Square cannot be asked either, the order stays pending for staff, who can check it or release its time", async () => {
    square.fault("POST /v2/payments", ANSWERS_500);
    // Every way of asking Square about the order fails too (the SDK's retry included).
    square.fault("GET /v2/orders/:id", ANSWERS_500, 10);
    const key = randomUUID();
    const roomBefore = await slotRoomTaken();
    expect((await post(key)).status).toBe(502);
    const pending = await orderOf(key);
    expect(pending?.status).toBe("pending");
    expect(await slotRoomTaken()).toBeGreaterThan(roomBefore);

    const attention = await jsonOf(await admin("/api/admin/orders?attention&olderThanMinutes=0"));
    const listed = attention.orders.find((o: any) => o.orderId === pending!.orderId);
    expect(listed).toMatchObject({ orderNumber: pending!.orderNumber, total: 53.75, customerInfo: order.customerInfo, attempts: 1 });
    expect(listed.lastError.status).toBe(502);

    // Square answers again: staff release it, Square is asked first, and the slot's room comes back.
    square.clearFaults();
    const released = await jsonOf(await admin(`/api/admin/orders/${pending!.orderId}/release`, "POST", { id: pending!.orderId }));
    expect(released.outcome).toBe("released");
    expect((await getOrder(pending!.orderId))?.status).toBe("payment_failed");
    expect(await slotRoomTaken()).toBe(roomBefore);
    expect(square.charges()).toHaveLength(0);
  });
});

describe("the database failing", () => {
  /** Every change of an order row (alone or with its attempt's): its confirmation, a noted failure, the provider order remembered. */
  const orderWrites = (text: string) => /\bUPDATE orders SET\b/.test(text);

  it("before the claim: 503 'not charged', no charge at Square, nothing stored", async () => {
    faults.failWhen((text) => /^\s*INSERT INTO orders\b/.test(text));
    const key = randomUUID();
    const res = await post(key);
    expect(res.status).toBe(503);
    expect((await jsonOf(res)).error).toMatch(/not charged/);
    faults.heal();
    expect(square.requests).toHaveLength(0);
    expect(await orderOf(key)).toBeUndefined();
    await expectNothingLost();
  });

  it("when the attempt cannot be noted before the charge: 503 'not charged', Square never asked; the retry charges once", async () => {
    faults.failWhen((text) => /INSERT INTO payment_attempts/.test(text));
    const key = randomUUID();
    const res = await post(key);
    expect(res.status).toBe(503);
    expect((await jsonOf(res)).error).toMatch(/not charged/);
    faults.heal();
    expect(square.requests).toHaveLength(0);
    expect((await orderOf(key))?.status).toBe("pending");
    const retried = await post(key);
    expect(retried.status).toBe(201);
    expect(square.charges()).toHaveLength(1);
    expect((await orderOf(key))?.status).toBe("confirmed");
    await expectNothingLost();
  });

  it("after a successful charge: the order is not lost, staff see it, and reconciliation confirms it without charging again", async () => {
    // Every write of an order record fails once Square has charged the card.
    faults.failWhen((text) => orderWrites(text) && square.charges().length > 0);
    const key = randomUUID();
    const res = await post(key);
    expect(res.status).toBe(503);
    expect((await jsonOf(res)).error).toMatch(/payment went through.*not be charged twice/);
    expect(faults.failed()).toBeGreaterThan(0);
    faults.heal();

    const pending = await orderOf(key);
    expect(pending?.status).toBe("pending");
    expect(pending?.payment.providerOrderId).toBe(square.charges()[0].order_id);
    expect(square.charges()).toHaveLength(1);
    await expectNothingLost();

    const attention = await jsonOf(await admin("/api/admin/orders?attention&olderThanMinutes=0"));
    const listed = attention.orders.find((o: any) => o.orderId === pending!.orderId);
    expect(listed.summary).toMatch(/may have been charged/);
    expect(listed.providerOrderId).toBe(pending!.payment.providerOrderId);

    const paymentsBefore = square.requestsTo("POST", "/v2/payments").length;
    const reconciled = await jsonOf(await admin(`/api/admin/orders/${pending!.orderId}/reconcile`, "POST", { id: pending!.orderId }));
    expect(reconciled.outcome).toBe("confirmed");
    expect(square.requestsTo("POST", "/v2/payments")).toHaveLength(paymentsBefore);
    const confirmed = await getOrder(pending!.orderId);
    expect(confirmed).toMatchObject({ status: "confirmed", payment: { paymentId: square.charges()[0].id, amountCents: TOTAL_CENTS } });
    const attentionAfter = await jsonOf(await admin("/api/admin/orders?attention&olderThanMinutes=0"));
    expect(attentionAfter.orders.map((o: any) => o.orderId)).not.toContain(pending!.orderId);
    await expectNothingLost();
  });

  it("after a successful charge: the customer's retry with the same key confirms the same order with the same payment", async () => {
    faults.failWhen((text) => orderWrites(text) && square.charges().length > 0);
    const key = randomUUID();
    expect((await post(key)).status).toBe(503);
    faults.heal();
    // The failed request could not let go of its charge lease either: a retry within it is told to wait.
    const early = await post(key);
    expect(early.status).toBe(409);
    expect((await jsonOf(early)).error).toMatch(/still being processed.*not be charged twice/);
    // Once the lease has run out, the retry takes over.
    await testDatabase().rows("UPDATE orders SET charge_lease_until = now() - interval '1 second' WHERE idempotency_key = $1", [key]);
    const retried = await post(key);
    expect(retried.status).toBe(201);
    const stored = await getOrder((await jsonOf(retried)).orderId);
    expect(stored?.status).toBe("confirmed");
    expect(square.charges()).toHaveLength(1);
    expect(stored?.payment.paymentId).toBe(square.charges()[0].id);
    await expectNothingLost();
  });

  it("after a successful charge: the scheduled reconciliation finishes it when nobody retries", async () => {
    faults.failWhen((text) => orderWrites(text) && square.charges().length > 0);
    const key = randomUUID();
    expect((await post(key)).status).toBe(503);
    faults.heal();
    const counts = await reconcilePendingOrders(0);
    expect(counts.confirmed).toBeGreaterThanOrEqual(1);
    expect((await orderOf(key))?.status).toBe("confirmed");
    expect(square.charges()).toHaveLength(1);
    await expectNothingLost();
  });

  it("when a write of the order fails half way (its lines), nothing of it is stored, and the retry that charges it also lists it", async () => {
    // The order and its lines are one transaction: a failed line leaves no order without lines, and
    // an order is listed for staff because it exists (there is no index to write apart from it).
    faults.failWhen((text) => /INSERT INTO order_lines/.test(text));
    const key = randomUUID();
    const first = await post(key);
    expect(first.status).toBe(503);
    expect(square.charges()).toHaveLength(0);
    faults.heal();
    expect(await orderOf(key)).toBeUndefined();
    expect(await testDatabase().count("order_lines", "order_id NOT IN (SELECT id FROM orders)")).toBe(0);

    const retried = await post(key);
    expect(retried.status).toBe(201);
    const { orderId } = await jsonOf(retried);
    expect(square.charges()).toHaveLength(1);
    const listed = await jsonOf(await admin("/api/admin/orders?date=2026-11-21"));
    expect(listed.orders.map((o: { orderId: string }) => o.orderId)).toContain(orderId);
    await expectNothingLost();
  });

  it("an order charged after a reconciliation found nothing is checked again, and confirmed", async () => {
    // First attempt: Square answers 500 to the payment; nothing is charged, and Square says so at once.
    square.fault("POST /v2/payments", { status: 500 });
    const key = randomUUID();
    expect((await post(key)).status).toBe(502);
    expect((await orderOf(key))?.payment.lastCheck?.chargeFound).toBe(false);

    // The customer retries later (the database's clock past the check, to the millisecond an order keeps):
    // Square charges, but the confirmation cannot be stored.
    const checkedAt = (await orderOf(key))!.payment.lastCheck!.at;
    const later = async () => (await testDatabase().rows<{ later: boolean }>("SELECT date_trunc('milliseconds', now()) > $1::timestamptz AS later", [checkedAt]))[0]!.later;
    await expect.poll(later, { timeout: 5_000, interval: 1 }).toBe(true);
    faults.failWhen((text) => orderWrites(text) && square.charges().length > 0);
    expect((await post(key)).status).toBe(503);
    faults.heal();
    // The new attempt made it pending again: a charge may exist, and reconciliation looks for it.
    expect((await orderOf(key))?.status).toBe("pending");

    // The next scheduled run sees an attempt after its last check and asks Square again.
    const counts = await reconcilePendingOrders(0);
    expect(counts.confirmed).toBeGreaterThanOrEqual(1);
    expect((await orderOf(key))?.status).toBe("confirmed");
    expect(square.charges()).toHaveLength(1);
    await expectNothingLost();
  });
});
