// The kitchen's live board through its function: the board's orders with a cursor, and "what changed
// since" answering 204 while nothing did, then only the orders changed after the cursor (a new paid
// order, a status moved in the console, a change the POS sent). Staff and the owner may read it; a
// stranger may not; nothing on it is a write.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "../support/database";
import { call, jsonOf, SITE_ORIGIN } from "../support/functions";
import { adminCookie } from "../support/admin";
import { placePaidOrder, postOrder, PICKUP_ORDER, useOrderServices } from "../support/orderServices";
import board from "../../netlify/functions/admin-order-board.mts";
import adminOrders from "../../netlify/functions/admin-orders.mts";
import { openSession } from "../../src/server/staff/sessions";
import { getOrder } from "../../src/server/orders/records";

const running = useOrderServices();

interface BoardOrder { orderId: string; orderNumber: string; status: string; total: number }
let owner: string;
let staff: string;

beforeAll(async () => {
  owner = await adminCookie();
  const [row] = await testDatabase().rows<{ id: string }>(
    "INSERT INTO staff_accounts (id, name, email, role) VALUES ($1, 'Luis', 'luis@jealousfork.test', 'staff') RETURNING id",
    [randomUUID()],
  );
  staff = (await openSession(new Request(SITE_ORIGIN), row!.id, "password")).cookie.split(";")[0]!;
});

const read = (path: string, cookie: string) => call(board, path, { headers: { cookie, origin: SITE_ORIGIN } });

async function boardOf(cookie: string) {
  const res = await read("/api/admin/order-board", cookie);
  expect(res.status).toBe(200);
  return jsonOf<{ cursor: string; orders: BoardOrder[] }>(res);
}

async function changesSince(cursor: string, cookie = staff) {
  return read(`/api/admin/order-board/changes?since=${cursor}`, cookie);
}

function moveTo(orderId: string, status: string) {
  return call(adminOrders, `/api/admin/orders/${orderId}`, { method: "PATCH", params: { id: orderId }, body: { status }, headers: { cookie: staff, origin: SITE_ORIGIN } });
}

describe("the live order board", () => {
  it("shows staff the paid orders not yet done, and answers 204 while nothing has changed since its cursor", async () => {
    const orderId = await placePaidOrder();
    const { cursor, orders } = await boardOf(staff);
    expect(orders.find((order) => order.orderId === orderId)).toMatchObject({ status: "confirmed" });
    const quiet = await changesSince(cursor);
    expect(quiet.status).toBe(204);
    expect(await quiet.text()).toBe("");
  });

  it("answers only the orders changed after the cursor: a new paid order, then a status moved, each once", async () => {
    const before = await placePaidOrder();
    const { cursor } = await boardOf(staff);
    const placed = await placePaidOrder();

    const first = await changesSince(cursor);
    expect(first.status).toBe(200);
    const news = await jsonOf<{ cursor: string; more: boolean; orders: BoardOrder[] }>(first);
    expect(news.orders.map((order) => order.orderId)).toEqual([placed]);
    expect(news.orders[0]).toMatchObject({ status: "confirmed", total: expect.any(Number) });
    expect(news.more).toBe(false);
    expect((await changesSince(news.cursor)).status).toBe(204);

    expect((await moveTo(placed, "preparing")).status).toBe(200);
    const moved = await jsonOf<{ cursor: string; orders: BoardOrder[] }>(await changesSince(news.cursor));
    expect(moved.orders.map((order) => [order.orderId, order.status])).toEqual([[placed, "preparing"]]);
    expect(moved.orders.map((order) => order.orderId)).not.toContain(before);
    expect((await changesSince(moved.cursor)).status).toBe(204);
  });

  it("leaves a finished order off the board, and tells the polling board it finished", async () => {
    const orderId = await placePaidOrder();
    const { cursor } = await boardOf(staff);
    for (const step of ["preparing", "ready", "completed"]) expect((await moveTo(orderId, step)).status).toBe(200);
    const changes = await jsonOf<{ orders: BoardOrder[] }>(await changesSince(cursor));
    expect(changes.orders).toEqual([expect.objectContaining({ orderId, status: "completed" })]);
    expect((await boardOf(staff)).orders.map((order) => order.orderId)).not.toContain(orderId);
  });

  it("brings a status staff set on Square's POS to the polling board, through Square's notification", async () => {
    // The order services subscribe our webhook to the fake Square, as production's subscription does.
    const orderId = await placePaidOrder();
    await running.square.deliverWebhooks();
    const { cursor } = await boardOf(staff);
    running.square.posSetFulfillmentState((await getOrder(orderId))!.payment.providerOrderId!, "PREPARED");
    await running.square.deliverWebhooks();
    const changes = await jsonOf<{ orders: BoardOrder[] }>(await changesSince(cursor));
    expect(changes.orders.map((order) => [order.orderId, order.status])).toEqual([[orderId, "ready"]]);
  });

  it("says nothing of an order whose card was declined", async () => {
    const { cursor } = await boardOf(owner);
    const declined = await postOrder({ ...PICKUP_ORDER, items: [{ id: 1, quantity: 1 }], paymentToken: "cnon:card-nonce-declined" });
    expect(declined.status).toBeGreaterThanOrEqual(400);
    expect((await changesSince(cursor, owner)).status).toBe(204);
  });

  it("writes each step staff take on the board in the activity log", async () => {
    const orderId = await placePaidOrder();
    expect((await moveTo(orderId, "preparing")).status).toBe(200);
    expect((await moveTo(orderId, "ready")).status).toBe(200);
    const rows = await testDatabase().rows<{ after: { status: string } }>(
      "SELECT after FROM staff_activity WHERE action = 'order.status' AND target = $1 ORDER BY id",
      [orderId],
    );
    expect(rows.map((row) => row.after.status)).toEqual(["preparing", "ready"]);
  });

  it("is the owner's and staff's: a stranger gets 401, a bad cursor 400, a write from another site 403", async () => {
    expect((await boardOf(owner)).orders).toBeInstanceOf(Array);
    expect((await changesSince("0", owner)).status).not.toBe(401);
    const stranger = await call(board, "/api/admin/order-board/changes?since=0", { headers: { origin: SITE_ORIGIN } });
    expect(stranger.status).toBe(401);
    expect(await stranger.json()).toEqual({ error: expect.any(String) });
    const bad = await changesSince("yesterday");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: expect.stringContaining("since") });
    const foreign = await call(board, "/api/admin/order-board/changes?since=0", { method: "POST", headers: { cookie: owner, origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
    const write = await call(board, "/api/admin/order-board/changes?since=0", { method: "POST", headers: { cookie: owner, origin: SITE_ORIGIN } });
    expect(write.status).toBe(405);
  });
});
