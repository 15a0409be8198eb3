// Delivery by courier through the public API: a quote at checkout from a fake DoorDash written from
// DoorDash's documents, the fee charged being the fee shown, the driver sent only once the order is
// paid (once, whatever the twins), DoorDash's notifications authenticated and applied once, and what
// staff and the customer see and get when a courier cancels.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import adminCouriers from "../../netlify/functions/admin-couriers.mts";
import adminOrders from "../../netlify/functions/admin-orders.mts";
import adminSales from "../../netlify/functions/admin-sales.mts";
import orderHandler from "../../netlify/functions/order.mts";
import webhookHandler from "../../netlify/functions/courier-webhooks.mts";
import { checkCourierKeys, dispatchDue } from "../../src/server/delivery";
import { takePart } from "../../src/server/orders";
import { couriersCheck } from "../../src/server/golive/couriers";
import { setRestaurantAddress } from "../../src/server/mail/outbox";
import { adminHeaders } from "../support/admin";
import {
  askQuote,
  COURIER_DROPOFF,
  courierOrderBody,
  courierQuoteBody,
  useFakeDoorDash,
  WEBHOOK_AUTHORIZATION,
} from "../support/courierServices";
import { testDatabase } from "../support/database";
import { call, jsonOf } from "../support/functions";
import { postOrder, useOrderServices } from "../support/orderServices";

const running = useOrderServices();
const courier = useFakeDoorDash();

const deliveryInfo = COURIER_DROPOFF;
const quoteBody = courierQuoteBody;
const orderBody = courierOrderBody;

async function quote(overrides: Record<string, unknown> = {}) {
  const res = await askQuote(quoteBody(overrides));
  expect(res.status).toBe(200);
  return (await res.json()) as { quoteId: string; fee: string; dropoffEta: string; expiresAt: string };
}

const acceptRequests = () => courier.doordash.requests.filter((request) => request.method === "POST" && request.path.endsWith("/accept"));
const deliveryRow = async (orderId: string) =>
  (await testDatabase().rows<Record<string, any>>("SELECT * FROM courier_deliveries WHERE order_id = $1", [orderId]))[0];
const orderView = async (orderId: string) => jsonOf(await call(orderHandler, `/api/orders/${orderId}`, { params: { id: orderId } }));
const outbox = async (orderId: string) => (await testDatabase().rows<{ kind: string }>("SELECT kind FROM mail_outbox WHERE order_id = $1 ORDER BY id", [orderId])).map((row) => row.kind);

async function paidCourierOrder() {
  const shown = await quote();
  const res = await postOrder(orderBody(shown.quoteId, Number(shown.fee)));
  expect(res.status).toBe(201);
  const { orderId } = (await res.json()) as { orderId: string };
  return { orderId, shown };
}

describe("a quote at checkout", () => {
  it("shows DoorDash's fee and drop-off estimate for the address typed, asked with a valid JWT", async () => {
    const shown = await quote();
    expect(shown.fee).toBe("9.75");
    expect(Date.parse(shown.dropoffEta)).toBeGreaterThan(Date.now());
    const sent = courier.doordash.requests.find((request) => request.path === "/drive/v2/quotes")!.body;
    expect(sent).toMatchObject({ dropoff_address: "1200 SW 8th St, Miami, FL 33135", dropoff_phone_number: "+13055550142", order_value: 5000, tip: 500 });
    expect(sent.pickup_address).toContain("14417 SW 42nd St");
  });

  it('says "Delivery isn\'t available to this address: pickup?" for an address beyond DoorDash\'s range', async () => {
    courier.doordash.setDistance("33135", 22);
    const res = await askQuote(quoteBody());
    expect(res.status).toBe(422);
    expect((await res.json()).error).toBe("Delivery isn't available to this address: pickup?");
  });

  it("answers within 2 s that delivery is not available now when DoorDash fails, throttles or is slow", async () => {
    for (const fault of [{ status: 500 }, { status: 429 }, { delayMs: 3_000 }]) {
      courier.doordash.fail("POST /quotes", fault);
      const started = Date.now();
      const res = await askQuote(quoteBody());
      expect(res.status).toBe(503);
      expect((await res.json()).error).toBe("Delivery isn't available right now: pickup?");
      expect(Date.now() - started).toBeLessThan(2_000);
    }
  });

  it("charges the customer the owner's part of the fee: a flat part, or nothing over an amount", async () => {
    const owner = await adminHeaders();
    const put = (policy: unknown) => call(adminCouriers, "/api/admin/couriers", { method: "PUT", body: { policy }, headers: owner });
    expect((await put({ mode: "flat", flatCents: 499 })).status).toBe(200);
    expect((await quote()).fee).toBe("4.99");
    expect((await put({ mode: "free_over", overCents: 4000 })).status).toBe(200);
    expect((await quote()).fee).toBe("0.00");
    expect((await quote({ subtotal: 30 })).fee).toBe("9.75");
    expect((await put({ mode: "flat" })).status).toBe(400);
    expect((await put({ mode: "all" })).status).toBe(200);
  });
});

describe("dispatch only after payment", () => {
  it("charges the fee shown, then accepts the quote once, with the driver's tip and the order's ready time", async () => {
    const { orderId, shown } = await paidCourierOrder();
    const view = await orderView(orderId);
    expect(view.deliveryFee).toBe(9.75);
    expect(view.total).toBe(68.5);
    // The tip travels as Square's tip_money beside the order's amount.
    expect(running.square.charges()[0].amount_money.amount).toBe(6850 - 500);
    expect(running.square.charges()[0].tip_money.amount).toBe(500);
    expect(acceptRequests()).toHaveLength(1);
    expect(acceptRequests()[0]!.path).toBe(`/drive/v2/quotes/${shown.quoteId}/accept`);
    expect(acceptRequests()[0]!.body).toEqual({ tip: 500 });
    expect((await deliveryRow(orderId)).state).toBe("dispatched");
    expect(view.courier.step).toBe("scheduled");
  });

  it("never sends a driver for an order whose card was declined", async () => {
    const shown = await quote();
    const res = await postOrder(orderBody(shown.quoteId, 9.75, { paymentToken: "cnon:card-nonce-declined" }));
    expect(res.status).toBe(402);
    await dispatchDue();
    expect(courier.doordash.accepted()).toHaveLength(0);
    // Accepted deliveries for unpaid orders: none.
    expect(
      await testDatabase().count("courier_deliveries d JOIN orders o ON o.id = d.order_id", "d.state <> 'awaiting_payment' AND o.status IN ('pending', 'payment_failed')"),
    ).toBe(0);
  });

  it("sends one driver for twin requests of one checkout attempt", async () => {
    const shown = await quote();
    const key = randomUUID();
    const body = orderBody(shown.quoteId, 9.75);
    const answers = await Promise.all([postOrder(body, key), postOrder(body, key), postOrder(body, key)]);
    expect(answers.map((res) => res.status).filter((status) => status >= 400)).toEqual([]);
    await dispatchDue();
    expect(acceptRequests()).toHaveLength(1);
    expect(courier.doordash.accepted()).toEqual([shown.quoteId]);
  });

  it("asks again for a quote that ran out before payment, and goes on when the fee is the same", async () => {
    const shown = await quote();
    await testDatabase().rows("UPDATE courier_quotes SET expires_at = now() - interval '1 minute' WHERE id = $1", [shown.quoteId]);
    const res = await postOrder(orderBody(shown.quoteId, 9.75));
    expect(res.status).toBe(201);
    const accepted = courier.doordash.accepted();
    expect(accepted).toHaveLength(1);
    expect(accepted[0]).not.toBe(shown.quoteId);
  });

  it("shows a changed fee before the customer pays: nothing is stored or charged until they accept it", async () => {
    const shown = await quote();
    const ordersBefore = await testDatabase().count("orders");
    await testDatabase().rows("UPDATE courier_quotes SET expires_at = now() - interval '1 minute' WHERE id = $1", [shown.quoteId]);
    courier.doordash.setDistance("33135", 8);
    const refused = await postOrder(orderBody(shown.quoteId, 9.75));
    expect(refused.status).toBe(409);
    const answer = await refused.json();
    expect(answer.error).toBe("The delivery fee is now $12.00. Check the new total before you pay.");
    const newQuote = answer.issues.find((found: { path: string }) => found.path === "courierQuoteId").message;
    expect(answer.issues.find((found: { path: string }) => found.path === "deliveryFee").message).toBe("12.00");
    expect(running.square.charges()).toHaveLength(0);
    expect(await testDatabase().count("orders")).toBe(ordersBefore);
    const paid = await postOrder(orderBody(newQuote, 12));
    expect(paid.status).toBe(201);
    expect(running.square.charges()[0].amount_money.amount).toBe(6575);
  });

  it("asks DoorDash for a new quote when the one paid for ran out at DoorDash, and sends that driver", async () => {
    const shown = await quote();
    courier.doordash.passTime(6 * 60_000);
    const res = await postOrder(orderBody(shown.quoteId, 9.75));
    expect(res.status).toBe(201);
    const { orderId } = await res.json();
    expect((await deliveryRow(orderId)).state).toBe("dispatched");
    expect(courier.doordash.accepted()).toHaveLength(1);
    expect(courier.doordash.accepted()[0]).not.toBe(shown.quoteId);
  });

  it("keeps the payment when DoorDash fails at dispatch, tries again, then raises it to staff and tells the customer", async () => {
    await setRestaurantAddress("kitchen@jealousfork.test");
    courier.doordash.fail("POST /accept", { status: 503 }, 10);
    const { orderId } = await paidCourierOrder();
    expect((await orderView(orderId)).status).toBe("confirmed");
    let row = await deliveryRow(orderId);
    expect(row).toMatchObject({ state: "to_dispatch", attempts: 1, needs_staff: false });
    for (let attempt = 2; attempt <= 5; attempt++) {
      await testDatabase().rows("UPDATE courier_deliveries SET next_attempt_at = now() WHERE order_id = $1", [orderId]);
      await dispatchDue();
    }
    row = await deliveryRow(orderId);
    expect(row).toMatchObject({ state: "failed", attempts: 5, needs_staff: true });
    expect(await outbox(orderId)).toEqual(expect.arrayContaining(["order_courier_cancelled", "staff_courier_problem"]));
    // The console's notice, for staff only.
    expect((await call(adminCouriers, "/api/admin/couriers")).status).toBe(401);
    const notices = await jsonOf(await call(adminCouriers, "/api/admin/couriers", { headers: await adminHeaders() }));
    expect(notices.problems.find((problem: { orderId: string }) => problem.orderId === orderId)).toMatchObject({ state: "failed", needsStaff: true });
  });

  it("retries a dispatch DoorDash throttled (429) on the worker's next run", async () => {
    courier.doordash.fail("POST /accept", { status: 429 });
    const { orderId } = await paidCourierOrder();
    expect((await deliveryRow(orderId)).state).toBe("to_dispatch");
    await testDatabase().rows("UPDATE courier_deliveries SET next_attempt_at = now() WHERE order_id = $1", [orderId]);
    expect(await dispatchDue()).toEqual({ dispatched: 1, failed: 0 });
    expect((await deliveryRow(orderId)).state).toBe("dispatched");
  });
});

describe("following the delivery", () => {
  const notify = (body: unknown, authorization?: string) =>
    call(webhookHandler, "/api/couriers/doordash/webhooks", { body, headers: authorization ? { authorization } : {} });

  it("refuses notifications without DoorDash's registered Authorization", async () => {
    const { shown } = await paidCourierOrder();
    const body = { event_type: "DASHER_CONFIRMED", external_delivery_id: shown.quoteId, dasher_name: "Mallory", tracking_url: "https://evil.example" };
    const unsigned = await notify(body);
    expect(unsigned.status).toBe(401);
    expect(await jsonOf(unsigned)).toEqual({ error: "Not signed as DoorDash." });
    expect((await notify(body, "Basic d3Jvbmc6d3Jvbmc=")).status).toBe(401);
    const saved = process.env.DOORDASH_WEBHOOK_AUTHORIZATION;
    delete process.env.DOORDASH_WEBHOOK_AUTHORIZATION;
    expect((await notify(body, WEBHOOK_AUTHORIZATION)).status).toBe(503);
    process.env.DOORDASH_WEBHOOK_AUTHORIZATION = saved;
    expect(await testDatabase().count("courier_deliveries", "driver_name IS NOT NULL")).toBe(0);
  });

  it("shows the driver and the tracking link on the order page, and e-mails the link once", async () => {
    const { orderId, shown } = await paidCourierOrder();
    expect(await courier.doordash.advance(shown.quoteId, "DASHER_CONFIRMED")).toBe(200);
    let view = await orderView(orderId);
    expect(view.courier).toMatchObject({ step: "driver_assigned", driverName: "Marisol" });
    expect(view.courier.trackingUrl).toBe(`https://track.doordash.com/share/${shown.quoteId}/track`);
    // DoorDash sends a notification again when it is unsure we got it: applied once.
    const again = await notify({ ...courier.doordash.deliveries.get(shown.quoteId), event_type: "DASHER_CONFIRMED" }, WEBHOOK_AUTHORIZATION);
    expect(await again.json()).toEqual({ outcome: "repeated" });
    await courier.doordash.advance(shown.quoteId, "DASHER_PICKED_UP");
    view = await orderView(orderId);
    expect(view.courier.step).toBe("on_the_way");
    // A late notification of an earlier step does not move it back.
    await notify({ ...courier.doordash.deliveries.get(shown.quoteId), event_type: "DASHER_CONFIRMED_PICKUP_ARRIVAL", updated_at: "2020-01-01T00:00:00Z" }, WEBHOOK_AUTHORIZATION);
    expect((await orderView(orderId)).courier.step).toBe("on_the_way");
    expect((await outbox(orderId)).filter((kind) => kind === "order_courier_assigned")).toHaveLength(1);
    await courier.doordash.advance(shown.quoteId, "DASHER_DROPPED_OFF");
    expect((await orderView(orderId)).courier.step).toBe("delivered");
  });

  it("finishes the order once the driver drops it off: the order's finished stage hears it, not before", async () => {
    const heard: string[] = [];
    takePart([{ name: "finished-listener", finished: async ({ orderId }) => void heard.push(orderId) }]);
    const { orderId, shown } = await paidCourierOrder();
    await courier.doordash.advance(shown.quoteId, "DASHER_PICKED_UP");
    expect(heard).not.toContain(orderId);
    expect(await courier.doordash.advance(shown.quoteId, "DASHER_DROPPED_OFF")).toBe(200);
    expect(heard.filter((id) => id === orderId)).toHaveLength(1);
  });

  it("shows each delivery's state and driver on the console's orders board", async () => {
    const { orderId, shown } = await paidCourierOrder();
    await courier.doordash.advance(shown.quoteId, "DASHER_CONFIRMED");
    const board = await jsonOf(await call(adminOrders, "/api/admin/orders?date=2026-11-21", { headers: await adminHeaders() }));
    const order = board.orders.find((candidate: { orderId: string }) => candidate.orderId === orderId);
    expect(order.courier).toMatchObject({ step: "driver_assigned", driverName: "Marisol", state: "dispatched", courierFeeCents: 975 });
  });

  it("alerts staff when the courier cancels, tells the customer what happens next, and lets staff send a new courier", async () => {
    await setRestaurantAddress("kitchen@jealousfork.test");
    const { orderId, shown } = await paidCourierOrder();
    await courier.doordash.advance(shown.quoteId, "DELIVERY_CANCELLED");
    const view = await orderView(orderId);
    expect(view.courier.step).toBe("cancelled");
    expect(await outbox(orderId)).toEqual(expect.arrayContaining(["order_courier_cancelled", "staff_courier_problem"]));
    const headers = await adminHeaders();
    const notices = await jsonOf(await call(adminCouriers, "/api/admin/couriers", { headers }));
    const waiting = (answer: { problems: { orderId: string }[] }) => answer.problems.map((problem) => problem.orderId);
    expect(waiting(notices)).toContain(orderId);
    const resent = await call(adminCouriers, `/api/admin/orders/${orderId}/courier`, { body: { action: "new_courier" }, headers, params: { id: orderId } });
    expect(resent.status).toBe(200);
    expect((await resent.json()).state).toBe("dispatched");
    expect(courier.doordash.accepted()).toHaveLength(2);
    expect(waiting(await jsonOf(await call(adminCouriers, "/api/admin/couriers", { headers })))).not.toContain(orderId);
  });
});

describe("the kitchen's ticket", () => {
  it('says "DoorDash courier at HH:MM" and keeps the customer\'s name', async () => {
    const { orderId } = await paidCourierOrder();
    const row = await deliveryRow(orderId);
    const [squareOrder] = [...running.square.orders.values()];
    const pickup = squareOrder.fulfillments[0].pickup_details;
    const hhmm = new Date(row.pickup_at).toLocaleTimeString("en-US", { timeZone: "America/New_York", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    expect(pickup.note.split("\n")[0]).toContain(`DoorDash courier at ${hhmm}`);
    expect(pickup.recipient.display_name).toContain("Ana Pérez");
  });
});

describe("the owner's courier money", () => {
  it("reports DoorDash's fees paid against the fees collected per week, and the CSV carries them per order", async () => {
    const owner = await adminHeaders();
    const before = await jsonOf(await call(adminSales, "/api/admin/sales?period=week&date=2026-11-21", { headers: owner }));
    const weekBefore = before.courierFees.find((week: { weekOf: string }) => week.weekOf === "2026-11-16") ?? { deliveries: 0, feesPaid: 0, feesCollected: 0 };
    await call(adminCouriers, "/api/admin/couriers", { method: "PUT", body: { policy: { mode: "flat", flatCents: 499 } }, headers: owner });
    const { orderId } = await (async () => {
      const shown = await quote();
      expect(shown.fee).toBe("4.99");
      const res = await postOrder(orderBody(shown.quoteId, 4.99));
      return (await res.json()) as { orderId: string };
    })();
    await call(adminCouriers, "/api/admin/couriers", { method: "PUT", body: { policy: { mode: "all" } }, headers: owner });
    const after = await jsonOf(await call(adminSales, "/api/admin/sales?period=week&date=2026-11-21", { headers: owner }));
    const week = after.courierFees.find((entry: { weekOf: string }) => entry.weekOf === "2026-11-16");
    expect(week.deliveries - weekBefore.deliveries).toBe(1);
    expect(Math.round((week.feesPaid - weekBefore.feesPaid) * 100)).toBe(975);
    expect(Math.round((week.feesCollected - weekBefore.feesCollected) * 100)).toBe(499);
    const csv = await (await call(adminSales, "/api/admin/sales/orders.csv?from=2026-11-21&to=2026-11-21", { headers: owner })).text();
    const [header, ...rows] = csv.trim().split("\r\n");
    expect(header).toContain("Courier,Courier fee paid");
    const number = (await orderView(orderId)).orderNumber;
    const row = rows.find((line) => line.includes(`,${number},`))!;
    expect(row.split(",").slice(-2)).toEqual(["DoorDash", "9.75"]);
    expect(row).toContain(",4.99,");
  });
});

describe("the go-live check of the courier keys", () => {
  it("passes with a quote to the restaurant's own address, and fails when DoorDash refuses the key", async () => {
    expect(await checkCourierKeys()).toMatchObject({ status: "ok" });
    expect((await couriersCheck.run())[0]).toMatchObject({ id: "couriers", status: "green" });
    expect(courier.doordash.requests.at(-1)!.body.dropoff_address).toBe("14417 SW 42nd St, Miami, FL 33175");
    expect(courier.doordash.accepted()).toEqual([]);
    const secret = process.env.DOORDASH_SIGNING_SECRET;
    process.env.DOORDASH_SIGNING_SECRET = Buffer.from("not the portal's secret").toString("base64url");
    expect(await checkCourierKeys()).toMatchObject({ status: "failed" });
    expect((await couriersCheck.run())[0]).toMatchObject({ status: "red" });
    delete process.env.DOORDASH_SIGNING_SECRET;
    expect(await checkCourierKeys()).toMatchObject({ status: "not_configured" });
    process.env.DOORDASH_SIGNING_SECRET = secret;
  });
});

describe("without courier settings", () => {
  it("keeps the in-house delivery by ZIP code at the flat fee, and the checkout's quote says it is not offered", async () => {
    const saved = process.env.DOORDASH_DEVELOPER_ID;
    delete process.env.DOORDASH_DEVELOPER_ID;
    try {
      expect((await askQuote(quoteBody())).status).toBe(404);
      // A form still being typed (no name, a city left empty) is told the same, so it never waits for a verdict.
      expect((await askQuote({ ...quoteBody(), customerInfo: { name: "", phone: "" }, deliveryInfo: { address: "14", zipCode: "3" } })).status).toBe(404);
      const res = await postOrder({ ...orderBody("ignored", 4.99), courierQuoteId: undefined, deliveryInfo: { ...deliveryInfo, address: "14417 SW 42nd St", zipCode: "33175" } });
      expect(res.status).toBe(201);
      const view = await orderView((await res.json()).orderId);
      expect(view.deliveryFee).toBe(4.99);
      expect(view.courier).toBeUndefined();
      expect(courier.doordash.requests).toEqual([]);
    } finally {
      process.env.DOORDASH_DEVELOPER_ID = saved;
    }
  });
});

describe("when the restaurant cancels a courier order", () => {
  it("calls the driver off at DoorDash, with no alarm", async () => {
    const { orderId, shown } = await paidCourierOrder();
    const headers = await adminHeaders();
    const res = await call(adminOrders, `/api/admin/orders/${orderId}`, { method: "PATCH", body: { status: "cancelled" }, headers, params: { id: orderId } });
    expect(res.status).toBe(200);
    expect(courier.doordash.deliveries.get(shown.quoteId)!.delivery_status).toBe("cancelled");
    expect(await deliveryRow(orderId)).toMatchObject({ state: "cancelled", needs_staff: false });
    // DoorDash's own notification of that cancellation raises nothing either.
    await courier.doordash.advance(shown.quoteId, "DELIVERY_CANCELLED");
    expect((await deliveryRow(orderId)).needs_staff).toBe(false);
    expect(await outbox(orderId)).not.toContain("staff_courier_problem");
  });

  it("alerts staff when DoorDash will not call off a driver who has the food", async () => {
    await setRestaurantAddress("kitchen@jealousfork.test");
    const { orderId, shown } = await paidCourierOrder();
    await courier.doordash.advance(shown.quoteId, "DASHER_PICKED_UP");
    const res = await call(adminOrders, `/api/admin/orders/${orderId}`, { method: "PATCH", body: { status: "cancelled" }, headers: await adminHeaders(), params: { id: orderId } });
    expect(res.status).toBe(200);
    expect(await deliveryRow(orderId)).toMatchObject({ state: "cancelled", needs_staff: true });
    // The restaurant hears it must call DoorDash; the customer only that the order was cancelled.
    expect(await outbox(orderId)).toContain("staff_courier_problem");
    expect(await outbox(orderId)).not.toContain("order_courier_cancelled");
  });
});

describe("a DoorDash that cannot quote when the order is placed", () => {
  it("refuses before any charge (503) when the shown quote ran out and DoorDash is down", async () => {
    const shown = await quote();
    await testDatabase().rows("UPDATE courier_quotes SET expires_at = now() - interval '1 minute' WHERE id = $1", [shown.quoteId]);
    courier.doordash.fail("POST /quotes", { status: 503 });
    const res = await postOrder(orderBody(shown.quoteId, 9.75));
    expect(res.status).toBe(503);
    expect((await res.json()).error).toBe("Delivery isn't available right now: pickup?");
    expect(running.square.charges()).toHaveLength(0);
  });
});

describe("an apartment or unit", () => {
  it("reaches DoorDash in the drop-off address, Square's fulfillment as address line 2, the kitchen's ticket and the order page", async () => {
    const withUnit = { ...deliveryInfo, unit: "Apt 4B" };
    const shown = await quote({ deliveryInfo: withUnit });
    const sent = courier.doordash.requests.filter((request) => request.path === "/drive/v2/quotes").at(-1)!.body;
    expect(sent.dropoff_address).toBe("1200 SW 8th St, Apt 4B, Miami, FL 33135");
    const res = await postOrder({ ...orderBody(shown.quoteId, Number(shown.fee)), deliveryInfo: withUnit });
    expect(res.status).toBe(201);
    const { orderId } = (await res.json()) as { orderId: string };
    const squareOrder = [...running.square.orders.values()].at(-1)!;
    const pickup = squareOrder.fulfillments[0].pickup_details;
    expect(pickup.recipient.address).toMatchObject({ address_line_1: "1200 SW 8th St", address_line_2: "Apt 4B" });
    expect(pickup.note).toContain("Deliver to: 1200 SW 8th St, Apt 4B, Miami, FL 33135");
    expect(courier.doordash.accepted().at(-1)).toBeTruthy();
    const view = await orderView(orderId);
    expect(view.deliveryInfo).toMatchObject({ address: "1200 SW 8th St", unit: "Apt 4B" });
  });

  it("is refused at its field when longer than 30 characters, before anything is charged", async () => {
    const res = await postOrder({ ...orderBody("ignored", 9.75), deliveryInfo: { ...deliveryInfo, unit: "x".repeat(31) } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { issues: { path: string }[] };
    expect(body.issues.map((issue) => issue.path)).toContain("deliveryInfo.unit");
  });
});
