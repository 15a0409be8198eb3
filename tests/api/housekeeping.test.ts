// Records that only matter for a while do not pile up: the scheduled run removes rate counters and
// sign-in attempt counts whose window is over, checkout claims a week old and messages handled a
// year ago; live ones stay.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import reconcileRun from "../../netlify/functions/orders-reconcile.mts";
import session from "../../netlify/functions/admin-session.mts";
import { CLAIM_LIFETIME_MS, COUNTER_LIFETIME_MS, HANDLED_MESSAGE_LIFETIME_MS, removeExpiredRecords } from "../../src/server/housekeeping";
import { markHandled, saveMessage } from "../../src/server/messages";
import { consumeRateLimit } from "../../src/server/rateLimit";
import { store } from "../../src/server/stores";
import { startLocalBlobs, type LocalBlobs } from "../support/blobs";
import { call } from "../support/functions";

let blobs: LocalBlobs;
beforeAll(async () => {
  blobs = await startLocalBlobs();
  delete process.env.ADMIN_PASSWORD;
});
afterAll(() => blobs.stop());

const keys = async (name: "sessions" | "orders", prefix: string) => (await store(name).list({ prefix })).blobs.map((b) => b.key);
const rule = { bucket: "orders-client", limit: 30, windowMs: 10 * 60 * 1000 };

describe("the scheduled clean-up", () => {
  it("removes counters whose window ended and keeps the live ones", async () => {
    const now = Date.now();
    await consumeRateLimit(rule, "203.0.113.1", now - COUNTER_LIFETIME_MS - 1000);
    await consumeRateLimit(rule, "203.0.113.2", now);
    expect(await keys("sessions", "rate/")).toHaveLength(2);
    const result = await removeExpiredRecords(now);
    expect(result.counters).toBe(1);
    expect(await keys("sessions", "rate/")).toHaveLength(1);
  });

  it("removes sign-in attempt counts (the client's and all clients') once their window is over", async () => {
    await call(session, "/api/admin/session", { body: { password: "wrong" }, ip: "198.51.100.9" });
    expect(await keys("sessions", "attempts/")).toHaveLength(2);
    expect((await removeExpiredRecords(Date.now())).signInAttempts).toBe(0);
    expect((await removeExpiredRecords(Date.now() + COUNTER_LIFETIME_MS + 1000)).signInAttempts).toBe(2);
    expect(await keys("sessions", "attempts/")).toHaveLength(0);
  });

  it("removes checkout claims a week old, and the scheduled function runs it", async () => {
    const old = new Date(Date.now() - CLAIM_LIFETIME_MS - 60_000).toISOString();
    await store("orders").setJSON("key/old-attempt-0123456789", { orderId: "x", orderNumber: "X", fingerprint: "f", createdAt: old });
    await store("orders").setJSON("key/new-attempt-0123456789", { orderId: "y", orderNumber: "Y", fingerprint: "f", createdAt: new Date().toISOString() });
    await reconcileRun();
    expect(await keys("orders", "key/")).toEqual(["key/new-attempt-0123456789"]);
  });

  it("removes messages handled over a year ago, never unhandled ones", async () => {
    const message = { firstName: "Ana", lastName: "Pérez", email: "ana@example.com", phone: null, message: "Hello" };
    const handled = await saveMessage(message);
    const waiting = await saveMessage(message);
    await markHandled(handled.id, true, new Date(Date.now() - HANDLED_MESSAGE_LIFETIME_MS - 60_000));
    const result = await removeExpiredRecords(Date.now() + 1000);
    expect(result.handledMessages).toBe(1);
    const left = (await store("messages").list()).blobs.map((b) => b.key);
    expect(left.some((key) => key.endsWith(waiting.id))).toBe(true);
    expect(left.some((key) => key.endsWith(handled.id))).toBe(false);
  });
});
