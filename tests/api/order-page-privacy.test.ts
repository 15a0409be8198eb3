// The order page's address is a link anyone may come to hold (a forwarded e-mail, a shared phone): 30
// days after the order is done, GET /api/orders/{id} no longer shows the customer's personal details.
// The restaurant clock is Saturday 21 November 2026, noon in Miami.
import { describe, expect, it } from "vitest";
import orderHandler from "../../netlify/functions/order.mts";
import { testDatabase } from "../support/database";
import { call, jsonOf } from "../support/functions";
import { PICKUP_ORDER, postOrder, useOrderServices } from "../support/orderServices";

useOrderServices();
const DAY = 24 * 3_600_000;
const NOW = Date.parse("2026-11-21T12:00:00-05:00");
const DELIVERY = {
  ...PICKUP_ORDER,
  orderType: "delivery",
  note: "Call Ana on arrival",
  deliveryInfo: { address: "14417 SW 42nd St", city: "Miami", state: "FL", zipCode: "33175", phone: "(786) 555-0199", deliveryNotes: "Gate code 4411" },
};

async function orderDone(daysAgo: number, status = "completed"): Promise<string> {
  const res = await postOrder(DELIVERY);
  expect(res.status).toBe(201);
  const { orderId } = await jsonOf(res);
  const at = new Date(NOW - daysAgo * DAY);
  await testDatabase().rows("UPDATE orders SET status = $2, updated_at = $3, promised_at = $3, created_at = $3 WHERE id = $1", [orderId, status, at]);
  return orderId;
}

const page = async (orderId: string) => {
  const res = await call(orderHandler, `/api/orders/${orderId}`, { params: { id: orderId } });
  expect(res.status).toBe(200);
  return { body: await jsonOf(res), text: await (await call(orderHandler, `/api/orders/${orderId}`, { params: { id: orderId } })).text() };
};

const PERSONAL = ["Ana Pérez", "ana@example.com", "555-0142", "14417 SW 42nd St", "555-0199", "Gate code 4411", "Call Ana on arrival"];

describe("a public order page", () => {
  it("shows the customer's details while the order is recent (done 29 days ago)", async () => {
    const { body, text } = await page(await orderDone(29));
    expect(body.personalDetailsHidden).toBeUndefined();
    for (const detail of PERSONAL) expect(text).toContain(detail);
  });

  it("hides them 30 days after the order was completed, keeping what was ordered and paid", async () => {
    const { body, text } = await page(await orderDone(31));
    expect(body.personalDetailsHidden).toBe(true);
    for (const detail of PERSONAL) expect(text).not.toContain(detail);
    expect(body.items.map((item: { name: string }) => item.name)).toEqual(["Billionaire Brunch Bites", "Hot Maple Flatbread"]);
    expect(body.total).toBeGreaterThan(0);
    expect(body.orderType).toBe("delivery");
  });

  it("hides them 30 days after its promised time, also when staff never marked it completed", async () => {
    const { body, text } = await page(await orderDone(31, "confirmed"));
    expect(body.personalDetailsHidden).toBe(true);
    for (const detail of PERSONAL) expect(text).not.toContain(detail);
  });
});
