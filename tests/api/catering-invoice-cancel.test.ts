// An invoiced booking is cancelled online like a held card's, by the terms the diner accepted: the terms
// keep their share of the whole order, what was paid beyond it is refunded from the invoice's payments
// (Square's Refunds API), and what is left to pay is cancelled (CancelInvoice). Tested at 72, 47 and 2
// hours before the event, and before any payment.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import cateringOrders from "../../netlify/functions/catering-orders.mts";
import { adminHeaders } from "../support/admin";
import { setRestaurantClock } from "../support/clock";
import { testDatabase } from "../support/database";
import { call, jsonOf } from "../support/functions";
import { orderCatering, setCateringRules } from "../support/catering";
import { useOrderServices } from "../support/orderServices";

const running = useOrderServices();
const HOUR = 3_600_000;
/** Monday 9:00 AM in Miami; the event is ten days later at noon. */
const NOW = "2026-12-07T09:00:00-05:00";
const EVENT = new Date("2026-12-17T12:00:00-05:00");
/** Four flatbread trays with tax: a deposit of half, and the balance. */
const TOTAL = 47300;
const HALF = 23650;

beforeAll(async () => {
  await setCateringRules(await adminHeaders(), { traysPerDay: 1000 });
});
beforeEach(() => setRestaurantClock(NOW));

/** An invoiced booking with `payments` of its requests paid on Square's page (the deposit, then the balance). */
async function book(payments: number): Promise<{ id: string; invoiceId: string }> {
  const { order } = await jsonOf(await orderCatering({ eventAt: EVENT, headcount: 40, lines: [{ tray: "flatbread-tray", quantity: 4 }], sourceId: undefined }));
  const [{ invoice_id: invoiceId }] = await testDatabase().rows<{ invoice_id: string }>("SELECT invoice_id FROM catering_orders WHERE id = $1", [order.id]);
  for (let paid = 0; paid < payments; paid++) running.square.invoices.payNext(invoiceId!);
  await running.square.deliverWebhooks();
  return { id: order.id, invoiceId: invoiceId! };
}
async function cancelAt(id: string, hoursBefore: number) {
  setRestaurantClock(new Date(EVENT.getTime() - hoursBefore * HOUR).toISOString());
  const shown = (await jsonOf(await call(cateringOrders, `/api/catering/orders/${id}`, { params: { id } }))).order.refundIfCancelledNow;
  const res = await call(cateringOrders, `/api/catering/orders/${id}/cancel`, { method: "POST", params: { id, action: "cancel" } });
  expect(res.status).toBe(200);
  return { shown, done: await jsonOf(res) };
}
const paymentsOf = (invoiceId: string): string[] =>
  running.square.orders.get(running.square.invoices.invoices.get(invoiceId).order_id).tenders?.map((tender: any) => tender.payment_id) ?? [];
const refundsOf = (paymentId: string) => running.square.requestsTo("POST", "/v2/refunds").filter((request) => request.body.payment_id === paymentId).map((request) => request.body.amount_money.amount);
const invoiceStatus = (invoiceId: string) => running.square.invoices.invoices.get(invoiceId).status;

describe("cancelling an invoiced booking", () => {
  it("72 hours before, the deposit paid: the whole deposit back and the balance cancelled", async () => {
    const { id, invoiceId } = await book(1);
    const { shown, done } = await cancelAt(id, 72);
    expect(shown).toEqual({ percent: 100, cents: HALF });
    expect(done).toEqual({ refundedCents: HALF, keptCents: 0 });
    expect(refundsOf(paymentsOf(invoiceId)[0]!)).toEqual([HALF]);
    expect(invoiceStatus(invoiceId)).toBe("CANCELED");
  });

  it("47 hours before, paid in full: half the order back, from the balance's payment", async () => {
    const { id, invoiceId } = await book(2);
    const { shown, done } = await cancelAt(id, 47);
    expect(shown).toEqual({ percent: 50, cents: TOTAL - HALF });
    expect(done).toEqual({ refundedCents: TOTAL - HALF, keptCents: HALF });
    const [deposit, balance] = paymentsOf(invoiceId);
    expect(refundsOf(balance!)).toEqual([TOTAL - HALF]);
    expect(refundsOf(deposit!)).toEqual([]);
    expect(invoiceStatus(invoiceId)).toBe("PAID");
  });

  it("47 hours before, only the deposit paid: the terms keep the deposit, and the balance is cancelled", async () => {
    const { id, invoiceId } = await book(1);
    const { done } = await cancelAt(id, 47);
    expect(done).toEqual({ refundedCents: 0, keptCents: HALF });
    expect(running.square.requestsTo("POST", "/v2/refunds").filter((request) => paymentsOf(invoiceId).includes(request.body.payment_id))).toEqual([]);
    expect(invoiceStatus(invoiceId)).toBe("CANCELED");
  });

  it("2 hours before, paid in full: nothing back", async () => {
    const { id, invoiceId } = await book(2);
    const { shown, done } = await cancelAt(id, 2);
    expect(shown).toEqual({ percent: 0, cents: 0 });
    expect(done).toEqual({ refundedCents: 0, keptCents: TOTAL });
    expect(paymentsOf(invoiceId).flatMap(refundsOf)).toEqual([]);
  });

  it("before any payment: the invoice is cancelled at Square and nothing moves; a second cancel is refused", async () => {
    const { id, invoiceId } = await book(0);
    const { done } = await cancelAt(id, 200);
    expect(done).toEqual({ refundedCents: 0, keptCents: 0 });
    expect(invoiceStatus(invoiceId)).toBe("CANCELED");
    const again = await call(cateringOrders, `/api/catering/orders/${id}/cancel`, { method: "POST", params: { id, action: "cancel" } });
    expect(again.status).toBe(422);
  });
});
