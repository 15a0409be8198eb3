// The server's log lines over one courier order's whole life, every room it passes through: the quote,
// a first attempt Square fails and its retry, Square's notifications, a dispatch DoorDash refuses and the
// worker's retry, DoorDash's notifications, the order page read (and failing), staff marking it ready,
// the e-mails sent, and a refund. The order's id opens its page (the customer's name, phone and address
// for 30 days): no line may hold it. Lines name the order by its number.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import adminOrders from "../../netlify/functions/admin-orders.mts";
import adminRefunds from "../../netlify/functions/admin-refunds.mts";
import orderHandler from "../../netlify/functions/order.mts";
import webhookHandler from "../../netlify/functions/courier-webhooks.mts";
import { dispatchDue } from "../../src/server/delivery";
import { deliverDueMail } from "../../src/server/mail/worker";
import { setRestaurantAddress } from "../../src/server/mail/outbox";
import { adminHeaders } from "../support/admin";
import { courierOrderBody, courierQuote, useFakeDoorDash, WEBHOOK_AUTHORIZATION } from "../support/courierServices";
import { testDatabase } from "../support/database";
import { databaseFaults } from "../support/databaseFaults";
import { call, SITE_ORIGIN } from "../support/functions";
import { deliverSquareWebhooks, postOrder, useOrderServices } from "../support/orderServices";
import { useSiteMail } from "../support/siteMail";

const running = useOrderServices();
const courier = useFakeDoorDash();
useSiteMail();

let lines: string[] = [];
let stopWebhooks: () => void = () => undefined;

beforeAll(() => {
  stopWebhooks = deliverSquareWebhooks(running.square, `log-life-${randomUUID()}`);
  for (const level of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      lines.push(args.map(String).join(" "));
    });
  }
});
afterAll(() => {
  vi.restoreAllMocks();
  stopWebhooks();
});

describe("the log lines of an order's life", () => {
  it("name the order by its number and never hold the id of its page", async () => {
    lines = [];
    await setRestaurantAddress("kitchen@jealousfork.test");
    const owner = await adminHeaders();

    // Placed: a quote, a first attempt Square fails (500), the same attempt again, paid; DoorDash refuses the first dispatch.
    const shown = await courierQuote();
    const key = randomUUID();
    const body = courierOrderBody(shown.quoteId, Number(shown.fee));
    running.square.fault("POST /v2/payments", { status: 500 });
    expect((await postOrder(body, key)).status).toBeGreaterThanOrEqual(500);
    courier.doordash.fail("POST /accept", { status: 503 });
    const placed = await postOrder(body, key);
    expect(placed.status).toBe(201);
    const { orderId, orderNumber } = (await placed.json()) as { orderId: string; orderNumber: string };
    await running.square.deliverWebhooks();

    // The worker sends the driver; DoorDash's notifications follow (one for a delivery we do not know).
    await testDatabase().rows("UPDATE courier_deliveries SET next_attempt_at = now() WHERE order_id = $1", [orderId]);
    expect(await dispatchDue()).toEqual({ dispatched: 1, failed: 0 });
    for (const event of ["DASHER_CONFIRMED", "DASHER_PICKED_UP", "DASHER_DROPPED_OFF"] as const) {
      expect(await courier.doordash.advance(shown.quoteId, event)).toBe(200);
    }
    const stranger = await call(webhookHandler, "/api/couriers/doordash/webhooks", {
      body: { event_name: "DASHER_CONFIRMED", external_delivery_id: "jf-unknown", created_at: new Date().toISOString() },
      headers: { authorization: WEBHOOK_AUTHORIZATION },
    });
    expect(stranger.status).toBe(200);

    // The customer reads the order page, once while the database fails.
    expect((await call(orderHandler, `/api/orders/${orderId}`, { params: { id: orderId } })).status).toBe(200);
    const faults = databaseFaults();
    faults.failWhen((text) => /\bFROM orders\b/i.test(text));
    try {
      expect((await call(orderHandler, `/api/orders/${orderId}`, { params: { id: orderId } })).status).toBeGreaterThanOrEqual(500);
    } finally {
      faults.heal();
    }

    // Staff mark it ready, the e-mails go out, and staff refund part of it.
    for (const status of ["preparing", "ready"]) {
      const res = await call(adminOrders, `/api/admin/orders/${orderId}`, { method: "PATCH", body: { status }, headers: owner, params: { id: orderId } });
      expect(res.status).toBe(200);
    }
    await deliverDueMail();
    // Mail the functions started sending on their own (after their answers) finishes before the lines are read.
    await expect.poll(() => testDatabase().count("mail_outbox", "status = 'sending'"), { timeout: 10_000, interval: 100 }).toBe(0);
    const refund = await call(adminRefunds, `/api/admin/orders/${orderId}/refunds`, {
      body: { amount: 5, reason: "Fries were cold" },
      params: { id: orderId },
      headers: { ...owner, origin: SITE_ORIGIN, "idempotency-key": randomUUID() },
    });
    expect(refund.status).toBe(201);
    await running.square.deliverWebhooks();

    const written = lines.filter((line) => line.trim());
    for (const expected of ["order confirmed", "courier dispatch failed; will try again", "courier dispatched", "DoorDash notification applied", "unhandled error", "mail sent", "refund made"]) {
      expect(written.some((line) => line.includes(expected)), `no "${expected}" line`).toBe(true);
    }
    // The lines about this order name it by number...
    for (const about of ["order confirmed", "courier dispatched", "DoorDash notification applied", "refund made"]) {
      expect(written.find((line) => line.includes(about))!, about).toContain(orderNumber);
    }
    // ...and no line holds its page's id.
    for (const line of written) expect(line, `a log line holds the order page's id: ${line}`).not.toContain(orderId);
  });
});
