// Points for a paid order, exactly once, against the fake Square's Loyalty (written from Square's
// documents): a signed-in diner's order whose account is linked to a loyalty account earns by the order
// (`order_id`, a key derived from it) when it becomes paid; 20 copies of the payment's notification,
// delivered to /api/square/webhooks as production receives them, make one ACCUMULATE_POINTS; a 429 never
// fails the paid order and the reconcile schedule's step accrues it later, once. Under both readings of when
// Square accrues (once paid, or once the order is COMPLETED: ./../support/fakeSquareReadings.ts): a refusal
// waits for the order to be finished (picked up on the POS, or on the schedule), and is final only with a
// line in the activity log the owner reads.
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { accrualIdempotencyKey, accrualsInFlight, accrueDueLoyalty, ACCRUAL_RETRY_AFTER_MS, WAITING_RETRY_AFTER_MS } from "../../src/server/loyalty/accrual";
import { FINISHED_REFUSALS_LIMIT } from "../../src/server/loyalty/accrualRefusals";
import { LOYALTY_READINGS } from "../support/fakeSquareReadings";
import { pickedUpOnPos as pickedUp } from "../support/kitchen";
import { forgetLoyaltyProgram } from "../../src/server/loyalty/program";
import { getOrder } from "../../src/server/orders/records";
import { testDatabase } from "../support/database";
import { PICKUP_ORDER, postOrder, SATURDAY_NOON, useOrderServices } from "../support/orderServices";

const running = useOrderServices();
beforeEach(() => forgetLoyaltyProgram());

const PHONE = "+13055550123";
/** An hour before the restaurant's clock in these tests (SATURDAY_NOON). */
const LINKED_AT = new Date(Date.parse(SATURDAY_NOON) - 3_600_000);

/** A diner account linked to a counter regular's loyalty account (balance 40): the account id and loyalty account. */
async function aLinkedDiner(): Promise<{ accountId: string; loyalty: any }> {
  const accountId = randomUUID();
  const loyalty = running.square.loyalty.seedAccount(PHONE, 40);
  await testDatabase().rows("INSERT INTO diner_accounts (id, email, name) VALUES ($1, $2, 'Ana')", [accountId, `ana.${accountId}@example.com`]);
  await testDatabase().rows("INSERT INTO diner_loyalty_links (account_id, loyalty_account_id, loyalty_customer_id, phone, verified_at, linked_at) VALUES ($1, $2, $3, $4, $5, $5)", [accountId, loyalty.id, loyalty.customer_id, PHONE, LINKED_AT]);
  return { accountId, loyalty };
}

/** An order Square charged whose answer was lost (and Square could not be asked), so it waits, unpaid, for Square's notification; linked to the diner. */
async function aChargedOrderWaiting(accountId: string): Promise<string> {
  const key = randomUUID();
  running.square.fault("POST /v2/payments", { malformed: true, process: true });
  running.square.fault("GET /v2/orders/:id", { status: 500 }, 20);
  const res = await postOrder({ ...PICKUP_ORDER, items: [{ id: 1, quantity: 1 }] }, key);
  expect(res.status).toBeGreaterThanOrEqual(500);
  running.square.clearFaults();
  const [row] = await testDatabase().rows<{ id: string }>("SELECT id FROM orders WHERE idempotency_key = $1", [key]);
  await testDatabase().rows("INSERT INTO diner_orders (order_id, account_id) VALUES ($1, $2)", [row!.id, accountId]);
  expect((await getOrder(row!.id))?.status).toBe("pending");
  return row!.id;
}

const accumulations = () => running.square.loyalty.events.filter((event) => event.type === "ACCUMULATE_POINTS");
const settle = () => accrualsInFlight();

/** A linked diner's order, paid (Square's notification heard) while every AccumulateLoyaltyPoints answers `status`: its id. */
async function aPaidOrderWhileAccumulateAnswers(status: number): Promise<string> {
  running.square.loyalty.seedProgram();
  const { accountId } = await aLinkedDiner();
  const orderId = await aChargedOrderWaiting(accountId);
  running.square.fault("POST /v2/loyalty/accounts/:id/accumulate", { status }, 1000);
  expect(new Set(await running.square.deliverWebhooks())).toEqual(new Set([200]));
  await settle();
  return orderId;
}

/** The kitchen presses "Picked up" on the Point of Sale: Square notifies the site, which asks for the points again. */
const pickedUpOnPos = async (orderId: string) => pickedUp(running.square, (await getOrder(orderId))!.payment.providerOrderId!);

describe.each(LOYALTY_READINGS)("loyalty points for a paid order, Square accruing once the order is %s", (reading) => {
  beforeEach(() => {
    running.square.readings.loyalty = reading;
  });

  it("accrue once when 20 copies of the payment's notification reach the webhook", async () => {
    running.square.loyalty.seedProgram({ accrual: { type: "SPEND", points: 1, spendCents: 100 } });
    const { accountId, loyalty } = await aLinkedDiner();
    const orderId = await aChargedOrderWaiting(accountId);
    const completed = running.square.pendingNotifications().find((n) => n.type.startsWith("payment.") && JSON.parse(n.body).data.object.payment.status === "COMPLETED");
    expect(completed).toBeDefined();
    const statuses = await Promise.all(Array.from({ length: 20 }, () => running.square.redeliver(completed!)));
    expect(new Set(statuses)).toEqual(new Set([200]));
    await settle();

    const order = await getOrder(orderId);
    expect(order?.status).toBe("confirmed");
    const calls = () => running.square.requests.filter((r) => r.path === `/v2/loyalty/accounts/${loyalty.id}/accumulate`);
    expect(calls()).toHaveLength(1);
    expect(calls()[0]!.body).toEqual({ accumulate_points: { order_id: order!.payment.providerOrderId }, idempotency_key: accrualIdempotencyKey(orderId), location_id: running.square.locationId });
    if (reading === "completed") {
      // Refused while the pickup is open: it waits, and the kitchen's "Picked up" asks again under the next key.
      expect(accumulations()).toHaveLength(0);
      expect(await testDatabase().count("loyalty_accruals", "order_id = $1 AND status = 'waiting'", [orderId])).toBe(1);
      await pickedUpOnPos(orderId);
      expect(calls()).toHaveLength(2);
      expect(calls()[1]!.body.idempotency_key).toBe(accrualIdempotencyKey(orderId, 1));
    }
    expect(accumulations()).toHaveLength(1);
    // The Hot Maple Flatbread's pre-tax price in whole dollars, one point each.
    const squareOrder = running.square.orders.get(order!.payment.providerOrderId!);
    const points = Math.floor((squareOrder.total_money.amount - squareOrder.total_tax_money.amount) / 100);
    expect(accumulations()[0].accumulate_points.points).toBe(points);
    expect(running.square.loyalty.accounts.get(loyalty.id).balance).toBe(40 + points);
    expect(await testDatabase().count("loyalty_accruals", "order_id = $1 AND status = 'done'", [orderId])).toBe(1);
    // The schedule finds nothing left to do.
    expect(await accrueDueLoyalty(new Date(Date.now() + ACCRUAL_RETRY_AFTER_MS * 2))).toBe(0);
    expect(accumulations()).toHaveLength(1);
  });

  it("never fails the paid order on Square's 429, and the schedule accrues it later, once", async () => {
    const orderId = await aPaidOrderWhileAccumulateAnswers(429);
    expect((await getOrder(orderId))?.status).toBe("confirmed");
    expect(accumulations()).toHaveLength(0);
    expect(await testDatabase().count("loyalty_accruals", "order_id = $1 AND status = 'due' AND tries >= 1", [orderId])).toBe(1);

    running.square.clearFaults();
    expect(await accrueDueLoyalty(new Date())).toBe(0); // its last try is too recent
    if (reading === "completed") {
      // Square refuses while the order is open; once the kitchen finished it, the schedule's next run accrues.
      expect(await accrueDueLoyalty(new Date(Date.now() + ACCRUAL_RETRY_AFTER_MS + 1000))).toBe(0);
      await pickedUpOnPos(orderId);
    } else {
      expect(await accrueDueLoyalty(new Date(Date.now() + ACCRUAL_RETRY_AFTER_MS + 1000))).toBe(1);
    }
    expect(await accrueDueLoyalty(new Date(Date.now() + ACCRUAL_RETRY_AFTER_MS * 3))).toBe(0);
    expect(accumulations()).toHaveLength(1);
  });

  it("accrues on the schedule when the paid hook never claimed the order (Square's program unreadable then)", async () => {
    running.square.loyalty.seedProgram();
    const { accountId } = await aLinkedDiner();
    const orderId = await aChargedOrderWaiting(accountId);
    running.square.fault("GET /v2/loyalty/programs/:id", { status: 500 }, 1000);
    expect(new Set(await running.square.deliverWebhooks())).toEqual(new Set([200]));
    await settle();
    expect((await getOrder(orderId))?.status).toBe("confirmed");
    expect(await testDatabase().count("loyalty_accruals", "order_id = $1", [orderId])).toBe(0);

    running.square.clearFaults();
    forgetLoyaltyProgram();
    expect(await accrueDueLoyalty(new Date())).toBe(reading === "paid" ? 1 : 0);
    // Under the stricter reading the schedule waits with it an hour while the order is open, then asks again.
    if (reading === "completed") expect(await accrueDueLoyalty(new Date(Date.now() + WAITING_RETRY_AFTER_MS + 60_000))).toBe(0);
    if (reading === "completed") await pickedUpOnPos(orderId);
    expect(await accrueDueLoyalty(new Date(Date.now() + ACCRUAL_RETRY_AFTER_MS * 3))).toBe(0);
    expect(accumulations()).toHaveLength(1);
  });

  it("keeps asking after the order is finished, and gives up only with a line in the activity log the owner reads", async () => {
    // Square refuses this order's points whatever its state (the account closed at the counter, say).
    const orderId = await aPaidOrderWhileAccumulateAnswers(400);
    expect(await testDatabase().count("loyalty_accruals", "order_id = $1 AND status = 'waiting'", [orderId])).toBe(1);
    await pickedUpOnPos(orderId);
    let later = Date.now();
    for (let run = 1; run < FINISHED_REFUSALS_LIMIT; run += 1) await accrueDueLoyalty(new Date((later += ACCRUAL_RETRY_AFTER_MS * 2)));
    expect(await testDatabase().count("loyalty_accruals", "order_id = $1 AND status = 'refused'", [orderId])).toBe(1);
    const [line] = await testDatabase().rows<{ actor: string; after: any }>("SELECT actor, after FROM staff_activity WHERE action = 'order.loyalty-refused' AND target = $1", [orderId]);
    expect(line).toMatchObject({ actor: "Square", after: { orderNumber: (await getOrder(orderId))!.orderNumber } });
    // Refused for good: the schedule asks no more.
    const asked = running.square.requests.filter((r) => r.path.endsWith("/accumulate")).length;
    expect(await accrueDueLoyalty(new Date(later + WAITING_RETRY_AFTER_MS * 2))).toBe(0);
    expect(running.square.requests.filter((r) => r.path.endsWith("/accumulate"))).toHaveLength(asked);
  });

  it("earns nothing and asks Square nothing for a guest's order", async () => {
    running.square.loyalty.seedProgram();
    const res = await postOrder({ ...PICKUP_ORDER, items: [{ id: 1, quantity: 1 }] });
    expect(res.status).toBe(201);
    await settle();
    expect(running.square.requests.filter((r) => r.path.startsWith("/v2/loyalty"))).toHaveLength(0);
  });
});
