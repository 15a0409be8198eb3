// Courier delivery where it meets DoorDash as DoorDash documents it: notifications in the body of
// DoorDash's webhook reference (the event named `event_name`) move the order page and raise the staff
// alarm; only DoorDash's own https tracking links are kept and shown; a retried checkout pays with the
// quote its order already holds; and with couriers on, a delivery cannot skip the quote for the
// in-house flat fee.
import { randomUUID } from "node:crypto";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import adminCouriers from "../../netlify/functions/admin-couriers.mts";
import adminOrders from "../../netlify/functions/admin-orders.mts";
import orderHandler from "../../netlify/functions/order.mts";
import webhookHandler from "../../netlify/functions/courier-webhooks.mts";
import { COURIER_STEP_WORDS } from "../../src/domain/courierStatus";
import CourierProgress from "../../src/islands/order/CourierProgress";
import { setRestaurantAddress } from "../../src/server/mail/outbox";
import { adminHeaders } from "../support/admin";
import { COURIER_DROPOFF, courierOrderBody, courierQuote, useFakeDoorDash, WEBHOOK_AUTHORIZATION } from "../support/courierServices";
import { testDatabase } from "../support/database";
import { call, jsonOf } from "../support/functions";
import { postOrder, useOrderServices } from "../support/orderServices";

const running = useOrderServices();
const courier = useFakeDoorDash();

const orderView = async (orderId: string) => jsonOf(await call(orderHandler, `/api/orders/${orderId}`, { params: { id: orderId } }));
const deliveryRow = async (orderId: string) =>
  (await testDatabase().rows<Record<string, any>>("SELECT * FROM courier_deliveries WHERE order_id = $1", [orderId]))[0]!;
const outbox = async (orderId: string) => (await testDatabase().rows<{ kind: string }>("SELECT kind FROM mail_outbox WHERE order_id = $1 ORDER BY id", [orderId])).map((row) => row.kind);
const quoteCalls = () => courier.doordash.requests.filter((request) => request.method === "POST" && request.path === "/drive/v2/quotes").length;
const notify = (body: Record<string, unknown>) =>
  call(webhookHandler, "/api/couriers/doordash/webhooks", { body, headers: { authorization: WEBHOOK_AUTHORIZATION } });
/** The order page's courier part as the diner's browser renders it. */
const orderPage = (view: { courier: Parameters<typeof CourierProgress>[0]["courier"] }) => renderToStaticMarkup(createElement(CourierProgress, { courier: view.courier, locale: "en" }));

async function paidCourierOrder() {
  const shown = await courierQuote();
  const res = await postOrder(courierOrderBody(shown.quoteId, Number(shown.fee)));
  expect(res.status).toBe(201);
  const { orderId } = (await res.json()) as { orderId: string };
  return { orderId, externalId: shown.quoteId };
}

describe("DoorDash's notifications, in the body DoorDash sends", () => {
  it('accepts a Dasher\'s confirmation and pickup (200), and the order page says "Driver on the way" with the tracking link', async () => {
    const { orderId, externalId } = await paidCourierOrder();
    expect(await courier.doordash.advance(externalId, "DASHER_CONFIRMED")).toBe(200);
    expect(await courier.doordash.advance(externalId, "DASHER_PICKED_UP")).toBe(200);
    const view = await orderView(orderId);
    expect(view.courier).toMatchObject({ step: "on_the_way", driverName: "Marisol" });
    expect(COURIER_STEP_WORDS.en[view.courier.step as "on_the_way"]).toBe("Driver on the way");
    const page = orderPage(view);
    expect(page).toContain("Driver on the way");
    expect(page).toContain(`href="https://track.doordash.com/share/${externalId}/track"`);
  });

  it("keeps DoorDash's refusal (409) to call off a Dasher who has the order, and the arrival statuses DoorDash's API answers", async () => {
    const { orderId, externalId } = await paidCourierOrder();
    await courier.doordash.advance(externalId, "DASHER_CONFIRMED");
    await courier.doordash.advance(externalId, "DASHER_CONFIRMED_PICKUP_ARRIVAL");
    expect(courier.doordash.deliveries.get(externalId)?.delivery_status).toBe("arrived_at_pickup");
    const res = await call(adminOrders, `/api/admin/orders/${orderId}`, { method: "PATCH", body: { status: "cancelled" }, headers: await adminHeaders(), params: { id: orderId } });
    expect(res.status).toBe(200);
    expect(courier.doordash.requests.filter((request) => request.method === "PUT" && request.path.endsWith("/cancel"))).toHaveLength(1);
    expect((await deliveryRow(orderId)).cancellation_reason).toMatch(/DoorDash would not call the driver off \(cannot_be_cancelled/);
  });

  it("raises the staff alarm when DoorDash cancels the delivery, and tells the customer", async () => {
    await setRestaurantAddress("kitchen@jealousfork.test");
    const { orderId, externalId } = await paidCourierOrder();
    expect(await courier.doordash.advance(externalId, "DELIVERY_CANCELLED")).toBe(200);
    expect(await deliveryRow(orderId)).toMatchObject({ state: "cancelled", needs_staff: true, courier_event: "DELIVERY_CANCELLED" });
    expect(await outbox(orderId)).toEqual(expect.arrayContaining(["order_courier_cancelled", "staff_courier_problem"]));
    const notices = await jsonOf(await call(adminCouriers, "/api/admin/couriers", { headers: await adminHeaders() }));
    expect(notices.problems.map((problem: { orderId: string }) => problem.orderId)).toContain(orderId);
  });

  it("still reads a notification that names its event `event_type`, and refuses one that names none (400)", async () => {
    const { orderId, externalId } = await paidCourierOrder();
    const res = await notify({ event_type: "DASHER_CONFIRMED", external_delivery_id: externalId, created_at: new Date().toISOString(), dasher_name: "Luis" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ outcome: "applied" });
    expect((await orderView(orderId)).courier).toMatchObject({ step: "driver_assigned", driverName: "Luis" });
    expect((await notify({ external_delivery_id: externalId, created_at: new Date().toISOString(), dasher_name: "Mallory" })).status).toBe(400);
    expect((await orderView(orderId)).courier.driverName).toBe("Luis");
  });
});

describe("the tracking link", () => {
  it("keeps and shows only an https link on a DoorDash host; any other link is neither stored nor shown", async () => {
    const { orderId, externalId } = await paidCourierOrder();
    await testDatabase().rows("UPDATE courier_deliveries SET tracking_url = NULL WHERE order_id = $1", [orderId]);
    const refused = [
      "http://track.doordash.com/share/abc/track",
      "https://evil.example/track",
      "https://doordash.com.evil.example/track",
      "https://evildoordash.com/track",
      "https://user:pass@track.doordash.com/share/abc/track",
      "javascript:alert(1)//doordash.com",
      "not a url",
    ];
    for (const [index, link] of refused.entries()) {
      const res = await notify({ event_name: "DASHER_CONFIRMED", external_delivery_id: externalId, created_at: new Date(Date.UTC(2026, 10, 21, 17, index)).toISOString(), tracking_url: link });
      expect(res.status).toBe(200);
      expect((await deliveryRow(orderId)).tracking_url, link).toBeNull();
    }
    let view = await orderView(orderId);
    expect(view.courier.trackingUrl).toBeNull();
    expect(orderPage(view)).not.toContain("href=");

    const doordashLink = "https://www.doordash.com/drive/portal/track/abc";
    await notify({ event_name: "DASHER_PICKED_UP", external_delivery_id: externalId, created_at: new Date().toISOString(), tracking_url: doordashLink });
    view = await orderView(orderId);
    expect(view.courier.trackingUrl).toBe(doordashLink);
    expect(orderPage(view)).toContain(`href="${doordashLink}"`);
  });

  it("never shows a link kept before the rule, when it is not DoorDash's", async () => {
    const { orderId } = await paidCourierOrder();
    await testDatabase().rows("UPDATE courier_deliveries SET tracking_url = 'https://evil.example/track' WHERE order_id = $1", [orderId]);
    expect((await orderView(orderId)).courier.trackingUrl).toBeNull();
  });
});

describe("a retried checkout", () => {
  it("pays with the quote its order already holds: DoorDash is not asked for another", async () => {
    const shown = await courierQuote();
    expect(quoteCalls()).toBe(1);
    const key = randomUUID();
    const body = courierOrderBody(shown.quoteId, Number(shown.fee));
    running.square.fault("POST /v2/payments", { status: 500 });
    const failed = await postOrder(body, key);
    expect(failed.status).toBeGreaterThanOrEqual(500);
    const retried = await postOrder(body, key);
    expect(retried.status).toBe(201);
    expect(quoteCalls()).toBe(1);
    expect(courier.doordash.accepted()).toEqual([shown.quoteId]);
    expect(running.square.charges()).toHaveLength(1);
    expect(running.square.charges()[0].amount_money.amount + running.square.charges()[0].tip_money.amount).toBe(6850);
  });
});

describe("with courier delivery on, a delivery without a quote", () => {
  it("is refused with a sentence saying what to do, before anything is stored or sent to Square", async () => {
    const ordersBefore = await testDatabase().count("orders");
    // In one of the in-house ZIP codes, at the in-house flat fee: what the checkout would pay without DoorDash.
    const res = await postOrder({
      ...courierOrderBody("unused", 4.99),
      courierQuoteId: undefined,
      deliveryInfo: { ...COURIER_DROPOFF, address: "14417 SW 42nd St", zipCode: "33175" },
    });
    expect(res.status).toBe(422);
    const answer = await res.json();
    expect(answer.error).toBe("Delivery goes by DoorDash: enter the delivery address again to see its fee, or choose pickup.");
    expect(answer.issues.map((found: { path: string }) => found.path)).toContain("courierQuoteId");
    expect(await testDatabase().count("orders")).toBe(ordersBefore);
    expect(running.square.requests).toEqual([]);
    expect(courier.doordash.requests).toEqual([]);
  });
});
