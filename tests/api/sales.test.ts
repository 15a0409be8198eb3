// The owner's numbers through GET /api/admin/sales (figures, the orders-per-hour SVG and the CSV
// export), over orders placed at known Miami times through the order API and the fake Square.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, jsonOf, SITE_ORIGIN } from "../support/functions";
import { PICKUP_ORDER, postOrder, SATURDAY_NOON, startOrderServices, type OrderServices } from "../support/orderServices";
import sales from "../../netlify/functions/admin-sales.mts";
import refunds from "../../netlify/functions/admin-refunds.mts";
import { setOrderStatus } from "../../src/server/orders/staff";
import { csvField } from "../../src/server/square/sales";
import { setRestaurantClock } from "../support/clock";
import { adminCookie } from "../support/admin";

let services: OrderServices;
let cookie: string;

const DELIVERY_ORDER = {
  ...PICKUP_ORDER,
  orderType: "delivery",
  deliveryInfo: { address: "14417 SW 42nd St", city: "Miami", state: "FL", zipCode: "33175", phone: "", deliveryNotes: "" },
};

/** Places `body` with the restaurant clock at `instant` (Miami time in the ISO text); answers the order id. */
async function placeAt(instant: string, body: object = PICKUP_ORDER): Promise<string> {
  setRestaurantClock(instant);
  const res = await postOrder(body);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await jsonOf(res)).orderId;
}

async function refund(orderId: string, amount: number) {
  const res = await call(refunds, `/api/admin/orders/${orderId}/refunds`, {
    body: { amount, reason: "Test refund" },
    params: { id: orderId },
    headers: { cookie, origin: SITE_ORIGIN, "idempotency-key": randomUUID() },
  });
  expect(res.status).toBe(201);
}

const get = (path: string) => call(sales, path, { headers: { cookie, origin: SITE_ORIGIN } });

beforeAll(async () => {
  services = await startOrderServices();
  cookie = await adminCookie();
  // Saturday 21 November: a pickup at 10:30, a delivery at 12:15 (half refunded), a pickup at 12:40 cancelled and refunded.
  await placeAt("2026-11-21T10:30:00-05:00");
  const delivery = await placeAt("2026-11-21T12:15:00-05:00", DELIVERY_ORDER);
  await refund(delivery, 29.37);
  const cancelled = await placeAt("2026-11-21T12:40:00-05:00");
  await setOrderStatus(cancelled, "cancelled");
  await refund(cancelled, 53.75);
  // The same week (Friday the 20th), the same month (Sunday the 1st), and the month before.
  await placeAt("2026-11-20T11:05:00-05:00");
  await placeAt("2026-11-01T12:00:00-05:00");
  await placeAt("2026-10-31T12:00:00-04:00");
  setRestaurantClock(SATURDAY_NOON);
}, 120_000);
afterAll(() => services.stop());

describe("GET /api/admin/sales", () => {
  it("gives a Miami day's orders, revenue, tax, tips, refunds, average ticket, pickup against delivery, hours and top dishes", async () => {
    const figures = await jsonOf(await get("/api/admin/sales?period=day&date=2026-11-21"));
    expect(figures).toMatchObject({
      period: "day",
      from: "2026-11-21",
      to: "2026-11-21",
      orders: 2,
      cancelled: 1,
      revenue: 112.49,
      tax: 7.5,
      deliveryFees: 4.99,
      tips: 0,
      refunds: 29.37,
      net: 83.12,
      averageTicket: 56.25,
      byType: { pickup: { orders: 1, revenue: 53.75 }, delivery: { orders: 1, revenue: 58.74 } },
      topDishes: [
        { name: "Billionaire Brunch Bites", quantity: 4, revenue: 68 },
        { name: "Hot Maple Flatbread", quantity: 2, revenue: 32 },
      ],
    });
    const hours = figures.ordersPerHour as number[];
    expect(hours).toHaveLength(24);
    expect(hours[10]).toBe(1);
    expect(hours[12]).toBe(1);
    expect(hours.reduce((sum, n) => sum + n, 0)).toBe(2);
  });

  it("takes a week from Monday to Sunday and a calendar month, by Miami dates", async () => {
    const week = await jsonOf(await get("/api/admin/sales?period=week&date=2026-11-21"));
    expect(week).toMatchObject({ from: "2026-11-16", to: "2026-11-22", orders: 3, cancelled: 1 });
    const month = await jsonOf(await get("/api/admin/sales?period=month&date=2026-11-21"));
    expect(month).toMatchObject({ from: "2026-11-01", to: "2026-11-30", orders: 4 });
    const october = await jsonOf(await get("/api/admin/sales?period=month&date=2026-10-05"));
    expect(october).toMatchObject({ orders: 1, revenue: 53.75 });
  });

  it("draws orders per hour as an SVG picture with a title and a description", async () => {
    const res = await get("/api/admin/sales/orders-per-hour.svg?period=day&date=2026-11-21");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    const svg = await res.text();
    expect(svg).toContain('<title id="t">Orders per hour, 2026-11-21 (Miami time)</title>');
    expect(svg).toContain('<desc id="d">2 orders; the busiest hour starts at 10am with 1.</desc>');
    expect(svg.match(/class="bar"/g)).toHaveLength(2);
    expect(svg).not.toContain("<script");
  });

  it("exports the orders of a date range as CSV for the accountant, cancelled ones included", async () => {
    const res = await get("/api/admin/sales/orders.csv?from=2026-11-20&to=2026-11-21");
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="jealous-fork-orders-2026-11-20-to-2026-11-21.csv"');
    const lines = (await res.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Date,Time,Order number,Status,Type,Customer,Subtotal,Tax,Delivery fee,Tip,Total charged,Refunded,Net,Square payment id,Courier,Courier fee paid",
    );
    expect(lines.slice(1).map((line) => line.split(",").filter((_, i) => [0, 1, 3, 4, 10, 11, 12].includes(i)))).toEqual([
      ["2026-11-20", "11:05", "confirmed", "pickup", "53.75", "0.00", "53.75"],
      ["2026-11-21", "10:30", "confirmed", "pickup", "53.75", "0.00", "53.75"],
      ["2026-11-21", "12:15", "confirmed", "delivery", "58.74", "29.37", "29.37"],
      ["2026-11-21", "12:40", "cancelled", "pickup", "53.75", "53.75", "0.00"],
    ]);
  });

  it("keeps a spreadsheet from reading a field as a formula, and quotes commas", () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField("Pérez, Ana")).toBe('"Pérez, Ana"');
    expect(csvField("+1 305")).toBe("'+1 305");
  });

  it("answers 401 without a session, and 400 for a wrong period, date or range", async () => {
    expect((await call(sales, "/api/admin/sales")).status).toBe(401);
    expect((await get("/api/admin/sales?period=year")).status).toBe(400);
    expect((await get("/api/admin/sales?date=2026-02-30")).status).toBe(400);
    expect((await get("/api/admin/sales/orders.csv?from=2026-11-21&to=2026-11-20")).status).toBe(400);
    expect((await get("/api/admin/sales/orders.csv?from=2025-01-01&to=2026-11-21")).status).toBe(400);
  });
});
