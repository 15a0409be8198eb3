// The kitchen sees a catering event on its board and the POS once its money is sure: an invoiced event
// once Square's invoice.payment_made says the deposit is paid (in the run that hears it), a held card's at
// booking; never before. The board says it is catering (headcount, event time, trays), and a cancelled event
// leaves the board and the POS.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import adminOrderBoard from "../../netlify/functions/admin-order-board.mts";
import cateringHolds from "../../netlify/functions/catering-holds.mts";
import cateringOrders from "../../netlify/functions/catering-orders.mts";
import { adminHeaders } from "../support/admin";
import { setRestaurantClock } from "../support/clock";
import { testDatabase } from "../support/database";
import { cardToken } from "../support/fakeSquareCards";
import { call, jsonOf } from "../support/functions";
import { orderCatering, setCateringRules } from "../support/catering";
import { useOrderServices } from "../support/orderServices";

const running = useOrderServices();
/** Monday 9:00 AM in Miami. */
const NOW = "2026-12-07T09:00:00-05:00";
const IN_TEN_DAYS = new Date("2026-12-17T12:00:00-05:00");
const THURSDAY_NOON = new Date("2026-12-10T12:00:00-05:00");
const FORTY = [{ tray: "flatbread-tray", quantity: 3 }, { tray: "fruit-tray", quantity: 1 }];
const TRAY_NAMES = ["Flatbread Party Tray", "Fresh Fruit Tray"];

beforeAll(async () => {
  await setCateringRules(await adminHeaders(), { traysPerDay: 1000 });
  await testDatabase().rows(`INSERT INTO settings (key, value) VALUES ('mail_restaurant_address', '"kitchen@jealousfork.example"'::jsonb)`);
});
beforeEach(() => setRestaurantClock(NOW));

/** The staff's board, as the console reads it. */
async function board(): Promise<any[]> {
  const res = await call(adminOrderBoard, "/api/admin/order-board", { headers: await adminHeaders() });
  expect(res.status).toBe(200);
  return (await jsonOf(res)).orders;
}
const boardEventsAt = async (eventAt: Date) => (await board()).filter((order) => order.catering?.eventAt === eventAt.toISOString());
/** The POS's orders picked up at the event's time. */
const posTicketsAt = (eventAt: Date) => running.square.posOrders().filter((order) => order.fulfillments.some((f: any) => f.pickup_details?.pickup_at === eventAt.toISOString()));
const invoiceOf = async (id: string) =>
  (await testDatabase().rows<{ invoice_id: string }>("SELECT invoice_id FROM catering_orders WHERE id = $1", [id]))[0]!.invoice_id;

describe("a catering event on the kitchen's board and the POS", () => {
  it("reaches both only when the invoice's deposit is paid, in the run of Square's notification", async () => {
    const eventAt = IN_TEN_DAYS;
    const { order } = await jsonOf(await orderCatering({ eventAt, headcount: 40, lines: FORTY, sourceId: undefined }));
    expect(order.status).toBe("invoiced");
    await running.square.deliverWebhooks();
    expect(await boardEventsAt(eventAt)).toEqual([]);
    expect(posTicketsAt(eventAt)).toEqual([]);
    const { cursor } = await jsonOf(await call(adminOrderBoard, "/api/admin/order-board", { headers: await adminHeaders() }));

    running.square.invoices.payNext(await invoiceOf(order.id));
    expect(await running.square.deliverWebhooks()).toEqual([200, 200]);
    // The open board hears of it with its next poll (every 4 s).
    const changes = await call(adminOrderBoard, `/api/admin/order-board/changes?since=${cursor}`, { headers: await adminHeaders() });
    expect((await jsonOf(changes)).orders.map((changed: any) => changed.catering?.headcount)).toEqual([40]);

    const [onBoard, ...more] = await boardEventsAt(eventAt);
    expect(more).toEqual([]);
    expect(onBoard).toMatchObject({ status: "confirmed", promisedAt: eventAt.toISOString(), catering: { headcount: 40, trays: 4 } });
    expect(onBoard.items.map((item: any) => [item.name, item.quantity])).toEqual([["Flatbread Party Tray", 3], ["Fresh Fruit Tray", 1]]);
    expect(onBoard.note).toContain("Catering for 40 people");
    // The restaurant gets its copy of the new order, as for any paid order.
    expect(await testDatabase().rows("SELECT kind, recipient FROM mail_outbox WHERE order_id = $1", [onBoard.orderId])).toEqual([
      { kind: "staff_new_order", recipient: "kitchen@jealousfork.example" },
    ]);
    const [ticket, ...others] = posTicketsAt(eventAt);
    expect(others).toEqual([]);
    expect(ticket.line_items.map((line: any) => [line.name, line.quantity])).toEqual([["Flatbread Party Tray", "3"], ["Fresh Fruit Tray", "1"]]);
    expect(ticket.reference_id).toBe(onBoard.orderNumber);
    // The money is the invoice's: the ticket adds nothing to what Square counts.
    expect(ticket.total_money.amount).toBe(0);

    // The balance paid later makes no second kitchen order.
    running.square.invoices.payNext(await invoiceOf(order.id));
    await running.square.deliverWebhooks();
    expect(await boardEventsAt(eventAt)).toHaveLength(1);
    expect(posTicketsAt(eventAt)).toHaveLength(1);
  });

  it("reaches both at booking when the card is held, and leaves both when the diner cancels", async () => {
    const eventAt = THURSDAY_NOON;
    const res = await orderCatering({ eventAt, headcount: 25, sourceId: cardToken("4111 1111 1111 1111") });
    expect(res.status).toBe(201);
    const { order } = await jsonOf(res);
    const [onBoard] = await boardEventsAt(eventAt);
    expect(onBoard).toMatchObject({ status: "confirmed", catering: { headcount: 25, trays: 3 } });
    const [ticket] = posTicketsAt(eventAt);
    expect(ticket.line_items.map((line: any) => line.name).sort()).toEqual(TRAY_NAMES);

    const cancelled = await call(cateringOrders, `/api/catering/orders/${order.id}/cancel`, { method: "POST", params: { id: order.id, action: "cancel" } });
    expect(cancelled.status).toBe(200);
    expect(await boardEventsAt(eventAt)).toEqual([]);
    expect(running.square.orders.get(ticket.id).fulfillments[0].state).toBe("CANCELED");
  });

  it("shows on the board even when the POS cannot be reached, and the sweep gives the POS its ticket", async () => {
    const eventAt = new Date("2026-12-11T10:00:00-05:00");
    running.square.fault("POST /v2/orders", { status: 500 });
    const res = await orderCatering({ eventAt, headcount: 25, sourceId: cardToken("4111 1111 1111 1111") });
    expect(res.status).toBe(201);
    expect(await boardEventsAt(eventAt)).toHaveLength(1);
    expect(posTicketsAt(eventAt)).toEqual([]);
    expect((await call(cateringHolds, "/.netlify/functions/catering-holds")).status).toBe(204);
    expect(posTicketsAt(eventAt)).toHaveLength(1);
    expect(await boardEventsAt(eventAt)).toHaveLength(1);
  });
});
