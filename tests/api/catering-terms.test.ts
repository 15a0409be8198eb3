// The cancellation terms: shown before paying (the menu's answer, and an order cannot be sent without
// accepting them), kept on the order, and every refund computed by the server from them: all back 72
// hours or more before the event, half from 24 hours, nothing after.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import catering from "../../netlify/functions/catering.mts";
import cateringOrders from "../../netlify/functions/catering-orders.mts";
import { adminHeaders } from "../support/admin";
import { setRestaurantClock } from "../support/clock";
import { testDatabase } from "../support/database";
import { cardToken } from "../support/fakeSquareCards";
import { call, jsonOf } from "../support/functions";
import { DINER, orderCatering, setCateringRules } from "../support/catering";
import { useOrderServices } from "../support/orderServices";

const running = useOrderServices();
const HOUR = 3_600_000;
/** Monday 9:00 AM in Miami; the event is Friday at noon, 99 hours later. */
const NOW = new Date("2026-12-07T09:00:00-05:00");
const FRIDAY_NOON = new Date("2026-12-11T12:00:00-05:00");
/** Two flatbread trays and a fruit tray with tax. */
const TOTAL = 30100;

beforeAll(async () => {
  await setCateringRules(await adminHeaders(), { traysPerDay: 1000 });
});
beforeEach(() => setRestaurantClock(NOW.toISOString()));

async function book(): Promise<{ id: string; paymentId: string }> {
  const { order } = await jsonOf(await orderCatering({ eventAt: FRIDAY_NOON, sourceId: cardToken("4111 1111 1111 1111") }));
  const [row] = await testDatabase().rows<{ payment_id: string }>("SELECT payment_id FROM catering_orders WHERE id = $1", [order.id]);
  return { id: order.id, paymentId: row!.payment_id };
}
const cancelAt = async (id: string, hoursBefore: number) => {
  setRestaurantClock(new Date(FRIDAY_NOON.getTime() - hoursBefore * HOUR).toISOString());
  const shown = await jsonOf(await call(cateringOrders, `/api/catering/orders/${id}`, { params: { id } }));
  const res = await call(cateringOrders, `/api/catering/orders/${id}/cancel`, { method: "POST", params: { id, action: "cancel" } });
  expect(res.status).toBe(200);
  return { shown: shown.order.refundIfCancelledNow, done: await jsonOf(res) };
};
async function paymentAtSquare(id: string): Promise<any> {
  const res = await fetch(`${running.square.url}/v2/payments/${id}`, { headers: { authorization: `Bearer ${running.square.accessToken}` } });
  return ((await res.json()) as any).payment;
}
const refundsOf = (paymentId: string) => running.square.requestsTo("POST", "/v2/refunds").filter((request) => request.body.payment_id === paymentId);

describe("the cancellation terms", () => {
  it("are shown before paying, in both languages' menu, and an order that does not accept them is refused with no record", async () => {
    const menu = await jsonOf(await call(catering, "/api/catering", { headers: { "x-site-locale": "es" } }));
    expect(menu.terms).toEqual([
      { hoursBefore: 72, refundPercent: 100 },
      { hoursBefore: 24, refundPercent: 50 },
      { hoursBefore: 0, refundPercent: 0 },
    ]);
    const before = await testDatabase().count("catering_orders");
    const res = await call(cateringOrders, "/api/catering/orders", {
      body: { eventAt: FRIDAY_NOON.toISOString(), headcount: 25, lines: [{ tray: "flatbread-tray", quantity: 3 }], customer: DINER, sourceId: "cnon:card-nonce-ok" },
      headers: { "idempotency-key": "no-terms-accepted-0001" },
    });
    expect(res.status).toBe(400);
    expect((await jsonOf(res)).issues.map((problem: any) => problem.path)).toContain("acceptTerms");
    expect(await testDatabase().count("catering_orders")).toBe(before);
  });

  it("72 hours before: everything back, the hold voided and nothing taken", async () => {
    const { id, paymentId } = await book();
    const { shown, done } = await cancelAt(id, 72);
    expect(shown).toEqual({ percent: 100, cents: TOTAL });
    expect(done).toEqual({ refundedCents: TOTAL, keptCents: 0 });
    expect((await paymentAtSquare(paymentId)).status).toBe("CANCELED");
    expect(refundsOf(paymentId)).toHaveLength(0);
  });

  it("47 hours before: half back, refunded from the payment taken", async () => {
    const { id, paymentId } = await book();
    const { shown, done } = await cancelAt(id, 47);
    expect(shown).toEqual({ percent: 50, cents: 15050 });
    expect(done).toEqual({ refundedCents: 15050, keptCents: 15050 });
    expect((await paymentAtSquare(paymentId)).status).toBe("COMPLETED");
    expect(refundsOf(paymentId).map((request) => request.body.amount_money.amount)).toEqual([15050]);
  });

  it("2 hours before: nothing back, the payment taken", async () => {
    const { id, paymentId } = await book();
    const { shown, done } = await cancelAt(id, 2);
    expect(shown).toEqual({ percent: 0, cents: 0 });
    expect(done).toEqual({ refundedCents: 0, keptCents: TOTAL });
    expect((await paymentAtSquare(paymentId)).status).toBe("COMPLETED");
    expect(refundsOf(paymentId)).toHaveLength(0);
  });

  it("keeps the terms the diner accepted when the owner changes them later, and cancels once", async () => {
    const { id } = await book();
    await setCateringRules(await adminHeaders(), { terms: [{ hoursBefore: 0, refundPercent: 0 }] });
    const { done } = await cancelAt(id, 80);
    expect(done.refundedCents).toBe(TOTAL);
    const again = await call(cateringOrders, `/api/catering/orders/${id}/cancel`, { method: "POST", params: { id, action: "cancel" } });
    expect(again.status).toBe(422);
    await setCateringRules(await adminHeaders(), { terms: [{ hoursBefore: 72, refundPercent: 100 }, { hoursBefore: 24, refundPercent: 50 }, { hoursBefore: 0, refundPercent: 0 }] });
  });
});
