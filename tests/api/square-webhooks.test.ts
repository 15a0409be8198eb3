// Square's notifications through POST /api/square/webhooks: the fake Square signs them as Square does
// (HMAC-SHA256 of the notification URL and the raw body) and sends them when staff use its Point of
// Sale; each is verified, applied once, and moves our order, its payment or the menu. The other way
// round, a status staff set in our console reaches the POS.
import { createHmac, randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDatabase } from "../support/database";
import type { FakeSquare, SignedNotification } from "../support/fakeSquare";
import { call, jsonOf } from "../support/functions";
import { PICKUP_ORDER, postOrder, startOrderServices, type OrderServices, hearNotificationsAfterEachTest } from "../support/orderServices";
import webhooks from "../../netlify/functions/square-webhooks.mts";
import orderHandler from "../../netlify/functions/order.mts";
import { serverNow } from "../../src/server/env";
import { removeExpiredRecords, SQUARE_EVENT_LIFETIME_MS } from "../../src/server/housekeeping";
import { findMenuItems, readMenu, updateMenuItem } from "../../src/server/content/menu";
import { catalogueObjects } from "../support/squareCatalogue";
import { getOrder } from "../../src/server/orders/records";
import { setOrderStatus } from "../../src/server/orders/staff";
import { requestCatalogSync, runDueCatalogSync, CATALOG_SYNC_DEBOUNCE_MS } from "../../src/server/square/catalogEvents";
import { posSyncErrorOf } from "../../src/server/orders/fulfillment";
import { SQUARE_RETRY_WINDOW_MS } from "../../src/server/square/webhooks";

const NOTIFICATION_URL = "https://jealousfork.example/api/square/webhooks";
const SIGNATURE_KEY = "whsk-test-0123456789abcdef";

const DELIVERY_ORDER = {
  ...PICKUP_ORDER,
  orderType: "delivery",
  deliveryInfo: { address: "14417 SW 42nd St", city: "Miami", state: "FL", zipCode: "33175", phone: "(786) 555-0199", deliveryNotes: "Gate code 12" },
};

let services: OrderServices;
let square: FakeSquare;

function deliverToHandler(notification: { body: string; signature: string }): Promise<Response> {
  return call(webhooks, "/api/square/webhooks", {
    rawBody: notification.body,
    headers: { "content-type": "application/json", "x-square-hmacsha256-signature": notification.signature },
  });
}

beforeAll(async () => {
  services = await startOrderServices();
  square = services.square;
  Object.assign(process.env, { SQUARE_WEBHOOK_SIGNATURE_KEY: SIGNATURE_KEY, SQUARE_WEBHOOK_URL: NOTIFICATION_URL });
  square.subscribeWebhooks({ notificationUrl: NOTIFICATION_URL, signatureKey: SIGNATURE_KEY, deliver: deliverToHandler });
});
afterAll(async () => {
  delete process.env.SQUARE_WEBHOOK_SIGNATURE_KEY;
  delete process.env.SQUARE_WEBHOOK_URL;
  await services.stop();
});
hearNotificationsAfterEachTest(() => services?.square);
beforeEach(() => square.reset());

/** Places an order at the fake Square and answers our id and Square's; the notifications of the payment are delivered. */
async function placed(body: object = DELIVERY_ORDER): Promise<{ orderId: string; squareOrderId: string }> {
  const res = await postOrder(body);
  expect(res.status).toBe(201);
  const { orderId } = await jsonOf(res);
  const stored = await getOrder(orderId);
  await square.deliverWebhooks();
  return { orderId, squareOrderId: stored!.payment.providerOrderId! };
}

async function statusSeenByCustomer(orderId: string): Promise<string> {
  const view = await jsonOf(await call(orderHandler, `/api/orders/${orderId}`, { params: { id: orderId } }));
  return view.status;
}

/** The notifications Square queued since the last delivery, leaving them queued. */
const queued = (type: string): SignedNotification[] => square.pendingNotifications().filter((n) => n.type === type);

describe("the kitchen's Point of Sale", () => {
  it("shows a paid delivery order, with the address, phone and notes on its ticket", async () => {
    const { squareOrderId } = await placed();
    const shown = square.posOrders();
    expect(shown.map((order) => order.id)).toEqual([squareOrderId]);
    const note: string = shown[0].fulfillments[0].pickup_details.note;
    expect(note).toContain("DELIVERY (not a pickup)");
    expect(note).toContain("14417 SW 42nd St, Miami, FL 33175");
    expect(note).toContain("(786) 555-0199");
    expect(note).toContain("Gate code 12");
    // The time promised at the door, in Miami's words.
    expect(note).toMatch(/^Deliver by \d{1,2}:\d{2} [AP]M$/m);
  });
});

describe("POST /api/square/webhooks: fulfillment states set on the POS", () => {
  it.each([
    ["RESERVED", "preparing"],
    ["PREPARED", "ready"],
    ["COMPLETED", "completed"],
    ["CANCELED", "cancelled"],
  ] as const)("%s on the POS makes the order %s, and the customer's page says so", async (state, status) => {
    const { orderId, squareOrderId } = await placed();
    square.posSetFulfillmentState(squareOrderId, state);
    expect(await square.deliverWebhooks()).toEqual([200]);
    expect((await getOrder(orderId))?.status).toBe(status);
    expect(await statusSeenByCustomer(orderId)).toBe(status);
  });

  it("follows the POS when staff skip steps there, and a late, older notification moves nothing back", async () => {
    const { orderId, squareOrderId } = await placed();
    square.posSetFulfillmentState(squareOrderId, "RESERVED");
    square.posSetFulfillmentState(squareOrderId, "PREPARED");
    const [accepted, ready] = square.pendingNotifications();
    // Delivered in the wrong order, as the network may.
    expect(await deliverToHandler(ready!).then((r) => r.status)).toBe(200);
    expect(await deliverToHandler(accepted!).then((r) => r.status)).toBe(200);
    expect((await getOrder(orderId))?.status).toBe("ready");
  });

  it("leaves the order as it is for a failed fulfillment (a state without a status of ours)", async () => {
    const { orderId, squareOrderId } = await placed();
    square.posSetFulfillmentState(squareOrderId, "FAILED");
    await square.deliverWebhooks();
    expect((await getOrder(orderId))?.status).toBe("confirmed");
  });

  it("applies an event once when Square delivers it three times", async () => {
    const { orderId, squareOrderId } = await placed();
    const payment = square.charges()[0];
    // A refund made in Square's Dashboard: refund.created must record it once, not three times.
    await squareRefund(payment.id, 1000, "Cold fries");
    const [created] = queued("refund.created");
    square.posSetFulfillmentState(squareOrderId, "RESERVED");
    const [accepted] = queued("order.fulfillment.updated");
    const answers = [];
    for (let delivery = 0; delivery < 3; delivery++) {
      answers.push(await jsonOf(await deliverToHandler(created!)));
      answers.push(await jsonOf(await deliverToHandler(accepted!)));
    }
    expect(answers.map((answer) => answer.outcome)).toEqual([
      "refund made at Square recorded",
      "applied: preparing",
      "duplicate",
      "duplicate",
      "duplicate",
      "duplicate",
    ]);
    const db = testDatabase();
    expect(await db.count("order_refunds", "order_id = $1", [orderId])).toBe(1);
    expect(await db.count("square_events", "event_id = ANY($1)", [[created!.eventId, accepted!.eventId]])).toBe(2);
    const view = await jsonOf(await call(orderHandler, `/api/orders/${orderId}`, { params: { id: orderId } }));
    expect(view).toMatchObject({ status: "preparing", refunded: 10, paymentStatus: "partly_refunded" });
  });

  it("applies an event once when Square delivers five copies of it at the same moment", async () => {
    const { orderId, squareOrderId } = await placed();
    await squareRefund(square.charges()[0].id, 700, "Missing sauce");
    const [created] = queued("refund.created");
    square.posSetFulfillmentState(squareOrderId, "RESERVED");
    square.posSetFulfillmentState(squareOrderId, "PREPARED");
    const [, ready] = queued("order.fulfillment.updated");
    // Five deliveries of each at once: every copy reaches the handler before any has finished.
    const answers = await Promise.all([...Array(5).fill(created!), ...Array(5).fill(ready!)].map((n) => deliverToHandler(n).then(jsonOf)));
    expect(answers.filter((answer) => answer.outcome !== "duplicate")).toHaveLength(2);
    expect(answers.filter((answer) => answer.outcome === "duplicate")).toHaveLength(8);
    const db = testDatabase();
    expect(await db.count("order_refunds", "order_id = $1", [orderId])).toBe(1);
    expect(await db.count("mail_outbox", "order_id = $1 AND kind = 'order_ready'", [orderId])).toBe(1);
    expect(await db.count("mail_outbox", "order_id = $1 AND kind = 'order_refunded'", [orderId])).toBeLessThanOrEqual(1);
    const view = await jsonOf(await call(orderHandler, `/api/orders/${orderId}`, { params: { id: orderId } }));
    expect(view).toMatchObject({ status: "ready", refunded: 7 });
  });

  it("refuses a forged signature with 401 and changes nothing", async () => {
    const { orderId, squareOrderId } = await placed();
    square.posSetFulfillmentState(squareOrderId, "CANCELED");
    const [genuine] = square.pendingNotifications();
    const eventsBefore = await testDatabase().count("square_events");

    const forgeries = [
      { body: genuine!.body, signature: "" },
      { body: genuine!.body, signature: signWith("another-key", NOTIFICATION_URL, genuine!.body) },
      // Signed for another URL: the URL is part of what Square signs.
      { body: genuine!.body, signature: signWith(SIGNATURE_KEY, "https://attacker.example/hook", genuine!.body) },
      // The body changed after signing (the same event id, made to say something else).
      { body: genuine!.body.replace("CANCELED", "COMPLETED"), signature: genuine!.signature },
    ];
    for (const forged of forgeries) {
      const res = await deliverToHandler(forged);
      expect(res.status).toBe(401);
      expect((await jsonOf(res)).error).toBe("The notification is not signed by Square.");
    }
    expect((await getOrder(orderId))?.status).toBe("confirmed");
    expect(await testDatabase().count("square_events")).toBe(eventsBefore);
    // Right but for one character near the end (a forger guessing one character at a time).
    const at = genuine!.signature.length - 3; // the last character that carries data (then one of bits, then "=")
    const almost = genuine!.signature.slice(0, at) + (genuine!.signature[at] === "A" ? "B" : "A") + genuine!.signature.slice(at + 1);
    expect((await deliverToHandler({ body: genuine!.body, signature: almost })).status).toBe(401);
    // The genuine one still applies afterwards: the forgeries did not use up its event id.
    expect((await deliverToHandler(genuine!)).status).toBe(200);
    expect((await getOrder(orderId))?.status).toBe("cancelled");
  });

  it("answers 503 while the webhook is not configured, and 400 for a signed body that is no notification", async () => {
    const { squareOrderId } = await placed();
    square.posSetFulfillmentState(squareOrderId, "RESERVED");
    const [notification] = square.pendingNotifications();
    delete process.env.SQUARE_WEBHOOK_SIGNATURE_KEY;
    try {
      expect((await deliverToHandler(notification!)).status).toBe(503);
    } finally {
      process.env.SQUARE_WEBHOOK_SIGNATURE_KEY = SIGNATURE_KEY;
    }
    const junk = '{"hello":"world"}';
    expect((await deliverToHandler({ body: junk, signature: square.sign(junk) })).status).toBe(400);
  });
});

describe("applied event ids", () => {
  it("are forgotten 30 days after, long past Square's 3 days of retries; newer ones are kept", async () => {
    const db = testDatabase();
    const now = Date.now();
    await db.rows("INSERT INTO square_events (event_id, type, outcome, received_at) VALUES ($1, 't', 'applied', $2), ($3, 't', 'applied', $4)", [
      "old-event", new Date(now - SQUARE_EVENT_LIFETIME_MS - 1000), "recent-event", new Date(now - 3 * 24 * 3600 * 1000),
    ]);
    expect((await removeExpiredRecords(now)).squareEvents).toBe(1);
    expect(await db.count("square_events", "event_id = ANY($1)", [["old-event", "recent-event"]])).toBe(1);
  });
});

describe("POST /api/square/webhooks: payments", () => {
  it("confirms a pending order at once when Square says its payment completed", async () => {
    // The charge goes through at Square but its answer comes too late, and Square cannot be asked
    // about it just then either: the order stays pending.
    square.fault("POST /v2/payments", { delayMs: 1500 });
    square.fault("GET /v2/orders/:id", { status: 500 }, 10);
    const key = randomUUID();
    const res = await postOrder(PICKUP_ORDER, key);
    expect(res.status).toBe(502);
    const [pending] = await testDatabase().rows<{ id: string; status: string }>("SELECT id, status FROM orders WHERE idempotency_key = $1", [key]);
    expect(pending!.status).toBe("pending");
    // The fake Square charged before its slow answer: its notification is queued.
    await expect.poll(() => queued("payment.created"), { timeout: 5_000 }).toHaveLength(1);
    square.clearFaults();

    await square.deliverWebhooks();
    const confirmed = await getOrder(pending!.id);
    expect(confirmed?.status).toBe("confirmed");
    expect(confirmed?.payment.paymentId).toBe(square.charges()[0].id);
    expect(square.charges()).toHaveLength(1);
  });
});

describe("a status set in the console", () => {
  it("reaches the fake Square's POS as the fulfillment's state, with the version it changes", async () => {
    const { orderId, squareOrderId } = await placed();
    await setOrderStatus(orderId, "preparing");
    expect(square.orders.get(squareOrderId).fulfillments[0].state).toBe("RESERVED");
    await setOrderStatus(orderId, "ready");
    expect(square.orders.get(squareOrderId).fulfillments[0].state).toBe("PREPARED");
    const updates = square.requestsTo("PUT", `/v2/orders/${squareOrderId}`);
    expect(updates.map((u) => u.body.order.fulfillments[0].state)).toEqual(["RESERVED", "PREPARED"]);
    expect(updates[1]!.body.order.version).toBe(updates[0]!.body.order.version + 1);

    // Square echoes the change as a notification: it leaves the order where staff put it.
    expect(await square.deliverWebhooks()).toEqual([200, 200]);
    expect((await getOrder(orderId))?.status).toBe("ready");
    expect(await posSyncErrorOf(orderId)).toBeNull();
  });

  it("reaches the POS even after staff changed the order there (a newer version)", async () => {
    const { orderId, squareOrderId } = await placed();
    square.posSetFulfillmentState(squareOrderId, "RESERVED"); // not yet delivered to us
    await setOrderStatus(orderId, "cancelled");
    expect(square.orders.get(squareOrderId).fulfillments[0].state).toBe("CANCELED");
    await square.deliverWebhooks();
    expect((await getOrder(orderId))?.status).toBe("cancelled");
  });

  it("is kept when Square fails, and the console is told the POS was not updated", async () => {
    const { orderId, squareOrderId } = await placed();
    square.fault(`PUT /v2/orders/:id`, { status: 503 });
    const moved = await setOrderStatus(orderId, "preparing");
    expect(moved?.status).toBe("preparing");
    expect(square.orders.get(squareOrderId).fulfillments[0].state).toBe("PROPOSED");
    expect(await posSyncErrorOf(orderId)).toBe("The POS was not updated: Square answered 503 (INTERNAL_SERVER_ERROR).");
    // The next change that reaches Square clears it.
    await setOrderStatus(orderId, "ready");
    expect(square.orders.get(squareOrderId).fulfillments[0].state).toBe("PREPARED");
    expect(await posSyncErrorOf(orderId)).toBeNull();
  });
});

describe("POST /api/square/webhooks: catalogue and stock", () => {
  it("syncs the catalogue once for a burst of catalogue notifications, after a quiet time", async () => {
    let syncs = 0;
    const sync = async () => {
      syncs++;
    };
    for (let n = 0; n < 3; n++) {
      const notification = square.notify("catalog.version.updated", "catalog_version", "", { catalog_version: { updated_at: new Date().toISOString() } });
      expect((await jsonOf(await deliverToHandler(notification!))).outcome).toMatch(/^catalogue sync due at /);
    }
    // The restaurant clock the notifications were stamped with.
    const now = serverNow().getTime();
    expect(await runDueCatalogSync(new Date(now), sync)).toBe(false); // still within the quiet time
    expect(await runDueCatalogSync(new Date(now + CATALOG_SYNC_DEBOUNCE_MS + 1000), sync)).toBe(true);
    expect(await runDueCatalogSync(new Date(now + CATALOG_SYNC_DEBOUNCE_MS + 2000), sync)).toBe(false);
    expect(syncs).toBe(1);
    // A change noted later makes another sync due.
    await requestCatalogSync(new Date(now + 60_000));
    expect(await runDueCatalogSync(new Date(now + 60_000 + CATALOG_SYNC_DEBOUNCE_MS), sync)).toBe(true);
    expect(syncs).toBe(2);
  });

  it("keeps a dish's stock as the newest count says: a replayed older count cannot flip it", async () => {
    await updateMenuItem(7, (item) => ({ ...item, squareVariationId: "VAR_BRUNCH_BITES", inStock: true }));
    const count = (quantity: string, calculatedAt: string) =>
      square.notify("inventory.count.updated", "inventory_counts", "", {
        inventory_counts: [
          { catalog_object_id: "VAR_BRUNCH_BITES", catalog_object_type: "ITEM_VARIATION", state: "IN_STOCK", location_id: square.locationId, quantity, calculated_at: calculatedAt },
        ],
      });
    const soldOut = count("0", "2026-11-21T16:00:00.000Z")!;
    const restocked = count("12", "2026-11-21T16:30:00.000Z")!;
    await deliverToHandler(soldOut);
    await deliverToHandler(restocked);
    expect((await findMenuItems([7]))[0]?.inStock).toBe(true);
    // The sold-out count again, as a new event (a replay, or a late delivery): older than what was applied.
    const replay = JSON.parse(soldOut.body);
    replay.event_id = randomUUID();
    const body = JSON.stringify(replay);
    expect((await deliverToHandler({ body, signature: square.sign(body) })).status).toBe(200);
    expect((await findMenuItems([7]))[0]?.inStock).toBe(true);
    // A newer count of none still sells it out.
    await deliverToHandler(count("0", "2026-11-21T17:00:00.000Z")!);
    expect((await findMenuItems([7]))[0]?.inStock).toBe(false);
  });

  it("marks a dish sold out when Square counts none left, and back in stock when it counts some", async () => {
    await updateMenuItem(7, (item) => ({ ...item, squareVariationId: "VAR_BRUNCH_BITES", inStock: true }));
    const count = (quantity: string) =>
      square.notify("inventory.count.updated", "inventory_counts", "", {
        inventory_counts: [
          { catalog_object_id: "VAR_BRUNCH_BITES", catalog_object_type: "ITEM_VARIATION", state: "IN_STOCK", location_id: square.locationId, quantity },
        ],
      });
    await deliverToHandler(count("0")!);
    expect((await findMenuItems([7]))[0]?.inStock).toBe(false);
    await deliverToHandler(count("12")!);
    expect((await findMenuItems([7]))[0]?.inStock).toBe(true);
  });

  it("keeps the newest count: a replayed or late older count does not flip the dish back", async () => {
    await updateMenuItem(7, (item) => ({ ...item, squareVariationId: "VAR_BRUNCH_BITES", inStock: true }));
    const count = (quantity: string, calculatedAt: string) =>
      square.notify("inventory.count.updated", "inventory_counts", "", {
        inventory_counts: [
          { catalog_object_id: "VAR_BRUNCH_BITES", state: "IN_STOCK", location_id: square.locationId, quantity, calculated_at: calculatedAt },
        ],
      })!;
    const now = Date.now();
    const soldOutEarlier = count("0", new Date(now - 60_000).toISOString());
    const restockedLater = count("8", new Date(now).toISOString());
    // Square's later count arrives first, the earlier one after it (a retry, or a replay).
    expect((await deliverToHandler(restockedLater)).status).toBe(200);
    expect((await jsonOf(await deliverToHandler(soldOutEarlier))).outcome).toBe("stock flags changed: 0");
    expect((await findMenuItems([7]))[0]?.inStock).toBe(true);
  });
});

describe("a notification older than Square's retry window", () => {
  it("is refused (400) even with a valid signature, and changes nothing; event ids are kept longer than the window", async () => {
    await updateMenuItem(7, (item) => ({ ...item, squareVariationId: "VAR_BRUNCH_BITES", inStock: true }));
    const old = {
      merchant_id: "ML_TEST",
      type: "inventory.count.updated",
      event_id: randomUUID(),
      created_at: new Date(Date.now() - SQUARE_RETRY_WINDOW_MS - 60_000).toISOString(),
      data: { type: "inventory_counts", id: "", object: { inventory_counts: [{ catalog_object_id: "VAR_BRUNCH_BITES", state: "IN_STOCK", quantity: "0" }] } },
    };
    const body = JSON.stringify(old);
    const res = await deliverToHandler({ body, signature: square.sign(body) });
    expect(res.status).toBe(400);
    expect((await jsonOf(res)).error).toMatch(/retry window/);
    expect((await findMenuItems([7]))[0]?.inStock).toBe(true);
    expect(await testDatabase().count("square_events", "event_id = $1", [old.event_id])).toBe(0);
    expect(SQUARE_EVENT_LIFETIME_MS).toBeGreaterThan(SQUARE_RETRY_WINDOW_MS);
  });

  it("is refused (401) when its signature differs in its last character only", async () => {
    const body = JSON.stringify({ merchant_id: "ML_TEST", type: "test.event", event_id: randomUUID(), created_at: new Date().toISOString(), data: {} });
    const signature = square.sign(body);
    const altered = signature.slice(0, -2) + (signature.at(-2) === "A" ? "B" : "A") + signature.at(-1);
    expect((await deliverToHandler({ body, signature: altered })).status).toBe(401);
    expect((await deliverToHandler({ body, signature })).status).toBe(200);
  });
});

// Last in the file: the sync replaces the menu with the fake's small catalogue.
describe("a catalogue sync after a catalogue notification", () => {
  it("takes a variation's sold-out flag at our location as the dish's stock flag, both ways", async () => {
    const soldOut = (flag: boolean | undefined) => {
      const objects = catalogueObjects();
      const flatbread = objects.find((object) => object.id === "SQ-FLATBREAD");
      const variation = flatbread.item_data.variations[0];
      if (flag !== undefined) variation.item_variation_data.location_overrides = [{ location_id: square.locationId, sold_out: flag }];
      square.route("GET /v2/catalog/list", () => ({ status: 200, body: { objects } }));
    };
    const syncNow = async () => {
      const notification = square.notify("catalog.version.updated", "catalog_version", "", { catalog_version: { updated_at: new Date().toISOString() } });
      await deliverToHandler(notification!);
      expect(await runDueCatalogSync(new Date(serverNow().getTime() + CATALOG_SYNC_DEBOUNCE_MS))).toBe(true);
    };
    const flatbread = async () => (await readMenu()).find((item) => item.name === "Hot Maple Flatbread");

    soldOut(true);
    await syncNow();
    expect((await flatbread())?.inStock).toBe(false);
    soldOut(false);
    await syncNow();
    expect((await flatbread())?.inStock).toBe(true);
    // No flag at Square: the console's choice stays.
    await updateMenuItem((await flatbread())!.id, (item) => ({ ...item, inStock: false }));
    soldOut(undefined);
    await syncNow();
    expect((await flatbread())?.inStock).toBe(false);
  });
});

/** A refund made at Square (its Dashboard or POS), not through this site. */
async function squareRefund(paymentId: string, cents: number, reason: string) {
  const res = await fetch(`${square.url}/v2/refunds`, {
    method: "POST",
    headers: { authorization: `Bearer ${square.accessToken}`, "content-type": "application/json" },
    body: JSON.stringify({ idempotency_key: randomUUID(), payment_id: paymentId, amount_money: { amount: cents, currency: "USD" }, reason }),
  });
  expect(res.status).toBe(200);
  return (await res.json()).refund;
}

function signWith(key: string, url: string, body: string): string {
  return createHmac("sha256", key).update(url + body).digest("base64");
}
