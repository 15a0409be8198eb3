// An event further out than a card's hold may reach (its morning more than 6 days away) is paid by a Square
// invoice: a deposit of 50% due today and the balance due 2 days before the event, e-mailed and hosted by
// Square; its payments come back as invoice.payment_made and move the order on. No card is held.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import cateringOrders from "../../netlify/functions/catering-orders.mts";
import adminCatering from "../../netlify/functions/admin-catering.mts";
import { adminHeaders } from "../support/admin";
import { setRestaurantClock } from "../support/clock";
import { testDatabase } from "../support/database";
import { call, jsonOf } from "../support/functions";
import { orderCatering, setCateringRules } from "../support/catering";
import { useOrderServices } from "../support/orderServices";

const running = useOrderServices();
/** Monday 9:00 AM in Miami; the event is ten days later. */
const NOW = "2026-12-07T09:00:00-05:00";
const IN_TEN_DAYS = new Date("2026-12-17T12:00:00-05:00");
const FORTY = [{ tray: "flatbread-tray", quantity: 4 }];

beforeAll(async () => {
  await setCateringRules(await adminHeaders(), { traysPerDay: 1000 });
});
beforeEach(() => setRestaurantClock(NOW));

const orderOf = async (id: string) => (await jsonOf(await call(cateringOrders, `/api/catering/orders/${id}`, { params: { id } }))).order;

describe("an event more than 6 days out", () => {
  it("is invoiced with a 50% deposit due today and the balance due 48 hours before, holding no card", async () => {
    const res = await orderCatering({ eventAt: IN_TEN_DAYS, headcount: 40, lines: FORTY, sourceId: undefined });
    expect(res.status).toBe(201);
    const { order } = await jsonOf(res);
    // Four flatbread trays: $440.00 and 7.5% tax.
    expect(order).toMatchObject({ status: "invoiced", totalCents: 47300, captureAt: null, payUrl: expect.stringContaining("https://") });
    expect(running.square.requestsTo("POST", "/v2/payments")).toHaveLength(0);
    const [invoice] = [...running.square.invoices.invoices.values()];
    expect(invoice).toMatchObject({ status: "UNPAID", delivery_method: "EMAIL", public_url: order.payUrl });
    expect(invoice.payment_requests.map((request: any) => [request.request_type, request.due_date, request.computed_amount_money.amount])).toEqual([
      ["DEPOSIT", "2026-12-07", 23650],
      ["BALANCE", "2026-12-15", 23650],
    ]);
    expect(running.square.orders.get(invoice.order_id).total_money.amount).toBe(47300);
  });

  it("moves to deposit paid, then paid, as Square says the invoice was paid", async () => {
    const { order } = await jsonOf(await orderCatering({ eventAt: IN_TEN_DAYS, headcount: 40, lines: FORTY, sourceId: undefined }));
    const [{ invoice_id: invoiceId }] = await testDatabase().rows<{ invoice_id: string }>("SELECT invoice_id FROM catering_orders WHERE id = $1", [order.id]);
    await running.square.deliverWebhooks();
    expect((await orderOf(order.id)).status).toBe("invoiced");
    running.square.invoices.payNext(invoiceId);
    expect(await running.square.deliverWebhooks()).toEqual([200, 200]);
    expect((await orderOf(order.id)).status).toBe("deposit_paid");
    // The console's calendar shows the event with its trays, headcount and money state.
    const staff = await jsonOf(await call(adminCatering, "/api/admin/catering", { headers: await adminHeaders() }));
    expect(staff.orders.find((each: any) => each.id === order.id)).toMatchObject({ status: "deposit_paid", trays: 4, headcount: 40, totalCents: 47300, paidCents: 23650 });
    running.square.invoices.payNext(invoiceId);
    await running.square.deliverWebhooks();
    expect((await orderOf(order.id)).status).toBe("paid");
  });

  it("keeps no order and gives the day's trays back when Square cannot make the invoice", async () => {
    const state = () =>
      testDatabase().rows<{ orders: number; trays: number }>(
        "SELECT (SELECT count(*)::int FROM catering_orders) AS orders, COALESCE((SELECT trays FROM catering_day_bookings WHERE event_date = '2026-12-17'), 0) AS trays",
      );
    const before = await state();
    running.square.fault("POST /v2/invoices", { status: 500 });
    const res = await orderCatering({ eventAt: IN_TEN_DAYS, headcount: 40, lines: FORTY, sourceId: undefined });
    expect(res.status).toBe(502);
    expect((await jsonOf(res)).error).toEqual(expect.any(String));
    expect(await state()).toEqual(before);
  });
});
