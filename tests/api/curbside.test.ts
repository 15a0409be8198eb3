// Curbside pickup from checkout to the curb: the car the diner describes is kept on the order and sent
// to Square as its curbside_pickup_details; "I'm here" on the order page is refused outside an hour of
// the promised time, and inside it records the arrival, tells Square's POS (buyer_arrived_at, retried
// once when staff changed the order meanwhile) and reaches the staff's live board.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { call, jsonOf, SITE_ORIGIN } from "../support/functions";
import { adminCookie } from "../support/admin";
import { setRestaurantClock } from "../support/clock";
import { PICKUP_ORDER, postOrder, SATURDAY_NOON, useOrderServices } from "../support/orderServices";
import arrived from "../../netlify/functions/order-arrived.mts";
import board from "../../netlify/functions/admin-order-board.mts";
import { getOrder } from "../../src/server/orders/records";
import { getOrderView } from "../../src/server/orders/views";

const running = useOrderServices();
let owner: string;

beforeAll(async () => {
  owner = await adminCookie();
});
afterEach(() => setRestaurantClock(SATURDAY_NOON));

const CURBSIDE_ORDER = { ...PICKUP_ORDER, items: [{ id: 1, quantity: 1 }], curbside: { car: "red Civic" } };

async function placeCurbside(): Promise<string> {
  const res = await postOrder(CURBSIDE_ORDER);
  expect(res.status).toBe(201);
  return (await jsonOf<{ orderId: string }>(res)).orderId;
}

function imHere(orderId: string, origin = SITE_ORIGIN, ip?: string) {
  return call(arrived, `/api/orders/${orderId}/arrived`, { method: "POST", params: { id: orderId }, headers: { origin }, ...(ip ? { ip } : {}) });
}

/** The curbside part of the order's page: the car and the arrival. */
async function curbsideOf(orderId: string) {
  return (await getOrderView(orderId))?.curbside;
}

/** Square's order of ours, as the fake POS holds it. */
function squareOrderOf(providerOrderId: string | null) {
  return running.square.orders.get(providerOrderId ?? "");
}

describe("curbside pickup", () => {
  it("keeps the car on the order and sends it to Square as a curbside pickup", async () => {
    const orderId = await placeCurbside();
    const stored = await getOrder(orderId);
    expect(await curbsideOf(orderId)).toEqual({ car: "red Civic", arrivedAt: null });
    const pickup = squareOrderOf(stored!.payment.providerOrderId).fulfillments[0].pickup_details;
    expect(pickup.is_curbside_pickup).toBe(true);
    expect(pickup.curbside_pickup_details).toEqual({ curbside_details: "red Civic" });
  });

  it("refuses a car description over 250 characters, and stores nothing", async () => {
    const res = await postOrder({ ...CURBSIDE_ORDER, curbside: { car: "x".repeat(251) } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain("250");
    expect(running.square.requestsTo("POST", "/v2/orders")).toHaveLength(0);
  });

  it("refuses \"I'm here\" more than an hour after the promised time with a 422 that says why", async () => {
    const orderId = await placeCurbside();
    setRestaurantClock("2026-11-21T14:00:00-05:00");
    const res = await imHere(orderId);
    expect(res.status).toBe(422);
    expect((await jsonOf<{ error: string }>(res)).error).toMatch(/an hour before your pickup time/);
    expect((await curbsideOf(orderId))?.arrivedAt).toBeNull();
    expect(running.square.requestsTo("PUT", `/v2/orders/${(await getOrder(orderId))!.payment.providerOrderId}`)).toHaveLength(0);
  });

  it("refuses \"I'm here\" for an order that is not curbside, and from another site", async () => {
    const res = await postOrder({ ...PICKUP_ORDER, items: [{ id: 1, quantity: 1 }] });
    const { orderId } = await jsonOf<{ orderId: string }>(res);
    expect((await imHere(orderId)).status).toBe(422);
    const curbside = await placeCurbside();
    expect((await imHere(curbside, "https://elsewhere.example")).status).toBe(403);
  });

  it("records the arrival, sets buyer_arrived_at at Square after a VERSION_MISMATCH, and shows it on the board", async () => {
    const orderId = await placeCurbside();
    const squareId = (await getOrder(orderId))!.payment.providerOrderId!;
    const { cursor } = await jsonOf<{ cursor: string }>(await call(board, "/api/admin/order-board", { headers: { cookie: owner, origin: SITE_ORIGIN } }));
    // Staff accept the order on the POS just after our read: our update names a stale version.
    let touched = false;
    running.square.route("GET /v2/orders/:id", ({ params }) => {
      const order = running.square.orders.get(params.id ?? "");
      if (!order) return { status: 404, body: { errors: [{ category: "INVALID_REQUEST_ERROR", code: "NOT_FOUND", detail: "Order not found" }] } };
      const answer = { status: 200, body: { order: structuredClone(order) } };
      if (!touched) {
        touched = true;
        running.square.posSetFulfillmentState(order.id, "RESERVED");
      }
      return answer;
    });

    const res = await imHere(orderId);
    expect(res.status).toBe(200);
    const { arrivedAt } = await jsonOf<{ arrivedAt: string }>(res);
    expect(Date.parse(arrivedAt)).toBe(Date.parse(SATURDAY_NOON));
    const puts = running.square.requestsTo("PUT", `/v2/orders/${squareId}`);
    expect(puts).toHaveLength(2);
    // The first named the version read before staff's change; the retry, the one read after it.
    expect(puts[1]!.body.order.version).toBeGreaterThan(puts[0]!.body.order.version);
    const pickup = squareOrderOf(squareId).fulfillments[0].pickup_details;
    expect(pickup.curbside_pickup_details).toEqual({ curbside_details: "red Civic", buyer_arrived_at: arrivedAt });

    const changes = await call(board, `/api/admin/order-board/changes?since=${cursor}`, { headers: { cookie: owner, origin: SITE_ORIGIN } });
    expect(changes.status).toBe(200);
    const { orders } = await jsonOf<{ orders: { orderId: string; curbside: unknown }[] }>(changes);
    expect(orders.find((order) => order.orderId === orderId)?.curbside).toEqual({ car: "red Civic", arrivedAt });
  });

  it("still records the arrival for staff when Square cannot be reached, and logs it by order number, never the page's id", async () => {
    const orderId = await placeCurbside();
    const { orderNumber } = (await getOrder(orderId))!;
    const lines: string[] = [];
    for (const level of ["log", "info", "warn", "error"] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" ")));
    }
    running.square.fault("GET /v2/orders/:id", { status: 503 });
    try {
      const res = await imHere(orderId);
      expect(res.status).toBe(200);
    } finally {
      vi.restoreAllMocks();
    }
    expect((await curbsideOf(orderId))?.arrivedAt).toBe(new Date(SATURDAY_NOON).toISOString());
    const failure = lines.find((line) => line.includes("a curbside arrival did not reach the POS"));
    expect(failure).toContain(orderNumber);
    expect(lines.join("\n")).not.toContain(orderId);
  });

  it("refuses a network tapping past 10 times a minute with a 429 and Retry-After", async () => {
    const orderId = await placeCurbside();
    const ip = "198.51.100.77";
    for (let tap = 0; tap < 10; tap++) expect((await imHere(orderId, SITE_ORIGIN, ip)).status).toBe(200);
    const refused = await imHere(orderId, SITE_ORIGIN, ip);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("answers a Spanish diner outside the window in Spanish", async () => {
    const orderId = await placeCurbside();
    setRestaurantClock("2026-11-21T10:00:00-05:00");
    const res = await call(arrived, `/api/orders/${orderId}/arrived`, { method: "POST", params: { id: orderId }, headers: { origin: SITE_ORIGIN, "x-site-locale": "es" } });
    expect(res.status).toBe(422);
    expect((await jsonOf<{ error: string }>(res)).error).toMatch(/Ya llegué/);
  });
});
