// A console refund of an order that earned points takes them back (AdjustLoyaltyPoints with a key derived
// from the refund), once whatever the copies of Square's refund notifications; not when Square already took
// them back itself; and a balance may go below zero, shown as Square keeps it. Under both readings of when
// Square accrues (once paid, or once the kitchen completed the order).
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import refunds from "../../netlify/functions/admin-refunds.mts";
import loyaltyAccount from "../../netlify/functions/loyalty-account.mts";
import orders from "../../netlify/functions/orders.mts";
import { accrualsInFlight } from "../../src/server/loyalty/accrual";
import { forgetLoyaltyProgram } from "../../src/server/loyalty/program";
import { refundAdjustKey } from "../../src/server/loyalty/refunds";
import { db } from "../../src/server/platform/database";
import { sql } from "../../src/server/platform/sql";
import { adminHeaders } from "../support/admin";
import { call, jsonOf, SITE_ORIGIN } from "../support/functions";
import { useLoyaltyKeys } from "../support/loyaltyKeys";
import { aLoyaltyMember } from "../support/loyaltyMembers";
import { PICKUP_ORDER, useOrderServices } from "../support/orderServices";
import { LOYALTY_READINGS } from "../support/fakeSquareReadings";
import { pickedUpOnPos } from "../support/kitchen";

const running = useOrderServices();
useLoyaltyKeys();
beforeEach(() => forgetLoyaltyProgram());

/** A signed-in diner linked to a counter regular's loyalty account with `balance` points. */
const aMember = (balance: number) => aLoyaltyMember(running.square, balance, "786");

/** The member's paid PICKUP_ORDER ($53.75, 50 points), picked up on the POS: its id. */
async function aPaidOrder(cookie: string): Promise<string> {
  const res = await call(orders, "/api/orders", { body: PICKUP_ORDER, headers: { cookie, origin: SITE_ORIGIN, "idempotency-key": randomUUID() } });
  expect(res.status).toBe(201);
  await accrualsInFlight();
  const orderId = (await jsonOf(res)).orderId;
  await pickedUpOnPos(running.square, (await db.one<{ provider_order_id: string }>(sql`SELECT provider_order_id FROM orders WHERE id = ${orderId}`))!.provider_order_id);
  return orderId;
}

let settled: Awaited<ReturnType<typeof running.square.pendingNotifications>> = [];

/** The owner refunds it from the console; Square's refund completes and its notifications reach the webhook. */
async function refund(orderId: string, amount: number): Promise<Response> {
  const res = await call(refunds, `/api/admin/orders/${orderId}/refunds`, { body: { amount, reason: "Kitchen could not make it" }, params: { id: orderId }, headers: { ...(await adminHeaders()), "idempotency-key": randomUUID() } });
  await running.square.deliverWebhooks();
  for (const [id, made] of running.square.refunds) if (made.status === "PENDING") running.square.settleRefund(id);
  settled = running.square.pendingNotifications();
  await running.square.deliverWebhooks();
  return res;
}
const adjustments = () => running.square.loyalty.events.filter((event) => event.type === "ADJUST_POINTS" && event.source === "LOYALTY_API");

describe.each(LOYALTY_READINGS)("points after a console refund, Square accruing once the order is %s", (reading) => {
  beforeEach(() => {
    running.square.readings.loyalty = reading;
  });

  it("takes the order's points back once, with a key derived from the refund, whatever the notifications' copies", async () => {
    running.square.loyalty.seedProgram({ accrual: { type: "SPEND", points: 1, spendCents: 100 } });
    const member = await aMember(10);
    const orderId = await aPaidOrder(member.cookie);
    expect(running.square.loyalty.accounts.get(member.loyalty.id).balance).toBe(60);
    expect((await refund(orderId, 53.75)).status).toBe(201);
    const [call1] = running.square.requests.filter((r) => r.path === `/v2/loyalty/accounts/${member.loyalty.id}/adjust`);
    const [squareRefund] = running.square.requestsTo("POST", "/v2/refunds");
    expect(call1!.body).toMatchObject({ adjust_points: { points: -50 }, allow_negative_balance: true });
    expect(call1!.body.idempotency_key).toMatch(/^refund-points-/);
    expect(adjustments()).toHaveLength(1);
    // Square's refund notifications, each delivered 3 times more.
    const notices = settled.filter((n) => n.type.startsWith("refund."));
    expect(notices.length).toBeGreaterThan(0);
    for (const notice of notices) for (let i = 0; i < 3; i++) expect(await running.square.redeliver(notice)).toBe(200);
    expect(adjustments()).toHaveLength(1);
    expect(running.square.loyalty.accounts.get(member.loyalty.id).balance).toBe(10);
    expect(squareRefund).toBeDefined();
    expect(refundAdjustKey("x")).toBe("refund-points-x");
  });

  it("leaves a negative balance as Square keeps it when the points were already spent", async () => {
    running.square.loyalty.seedProgram({ accrual: { type: "SPEND", points: 1, spendCents: 100 } });
    const member = await aMember(0);
    const orderId = await aPaidOrder(member.cookie);
    running.square.loyalty.spendAtCounter(member.loyalty.id, 40);
    expect((await refund(orderId, 53.75)).status).toBe(201);
    expect(running.square.loyalty.accounts.get(member.loyalty.id).balance).toBe(-40);
    const status = await jsonOf(await call(loyaltyAccount, "/api/account/loyalty", { method: "GET", headers: { cookie: member.cookie, origin: SITE_ORIGIN } }));
    expect(status).toMatchObject({ member: true, balance: -40 });
  });

  it("takes nothing when Square already took the order's points back itself", async () => {
    running.square.loyalty.seedProgram({ accrual: { type: "SPEND", points: 1, spendCents: 100 } });
    const member = await aMember(10);
    const orderId = await aPaidOrder(member.cookie);
    const providerOrderId = (await db.one<{ provider_order_id: string }>(sql`SELECT provider_order_id FROM orders WHERE id = ${orderId}`))!.provider_order_id;
    running.square.loyalty.squareAdjust(member.loyalty.id, -50, providerOrderId);
    expect((await refund(orderId, 53.75)).status).toBe(201);
    expect(adjustments()).toHaveLength(0);
    expect(running.square.loyalty.accounts.get(member.loyalty.id).balance).toBe(10);
  });
});
