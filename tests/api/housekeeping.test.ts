// Records that only matter for a while do not pile up: the scheduled run removes rate counters and
// sign-in attempt counts whose window is over, admin sessions whose time is up and messages handled a
// year ago; live ones stay.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { randomUUID } from "node:crypto";
import reconcileRun from "../../netlify/functions/orders-reconcile.mts";
import session from "../../netlify/functions/admin-session.mts";
import { COUNTER_LIFETIME_MS, HANDLED_MESSAGE_LIFETIME_MS, removeExpiredRecords } from "../../src/server/housekeeping";
import { markHandled, saveMessage } from "../../src/server/messages";
import { consumeRateLimit } from "../../src/server/rateLimit";
import { testDatabase } from "../support/database";
import { call } from "../support/functions";

beforeAll(() => {
  delete process.env.ADMIN_PASSWORD;
});

const rule = { bucket: "orders-client", limit: 30, windowMs: 10 * 60 * 1000 };
const counters = (bucket: string) => testDatabase().count("counters", "bucket = $1", [bucket]);

describe("the scheduled clean-up", () => {
  it("removes counters whose window ended and keeps the live ones", async () => {
    const now = Date.now();
    await consumeRateLimit(rule, "203.0.113.1", now - COUNTER_LIFETIME_MS - 1000);
    await consumeRateLimit(rule, "203.0.113.2", now);
    expect(await counters(rule.bucket)).toBe(2);
    const result = await removeExpiredRecords(now);
    expect(result.counters).toBe(1);
    expect(await counters(rule.bucket)).toBe(1);
    const [live] = await testDatabase().rows<{ window_start: Date }>("SELECT window_start FROM counters WHERE bucket = $1", [rule.bucket]);
    expect(live!.window_start.getTime()).toBe(now);
  });

  it("removes sign-in attempt counts (the client's and all clients') once their window is over", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await call(session, "/api/admin/session", { body: { password: "wrong" }, ip: "198.51.100.9" });
    expect(await counters("sign-in")).toBe(2);
    expect((await removeExpiredRecords(Date.now())).counters).toBe(0);
    const all = await testDatabase().count("counters");
    expect((await removeExpiredRecords(Date.now() + COUNTER_LIFETIME_MS + 1000)).counters).toBe(all);
    expect(await counters("sign-in")).toBe(0);
    vi.restoreAllMocks();
  });

  it("removes admin sessions whose time is up and old counters, and the scheduled function runs it", async () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    const db = testDatabase();
    const expired = randomUUID();
    const live = randomUUID();
    const hour = 3600 * 1000;
    await db.rows("INSERT INTO admin_sessions (id, created_at, expires_at) VALUES ($1, $2, $3), ($4, $5, $6)", [
      expired, new Date(Date.now() - 13 * hour), new Date(Date.now() - hour),
      live, new Date(), new Date(Date.now() + 12 * hour),
    ]);
    await consumeRateLimit(rule, "203.0.113.3", Date.now() - COUNTER_LIFETIME_MS - 1000);
    expect(await db.count("admin_sessions")).toBe(2);

    await reconcileRun();

    expect((await db.rows<{ id: string }>("SELECT id FROM admin_sessions")).map((row) => row.id)).toEqual([live]);
    expect(await db.count("counters", "window_start < $1", [new Date(Date.now() - COUNTER_LIFETIME_MS)])).toBe(0);
    expect((await removeExpiredRecords()).sessions).toBe(0);
    vi.restoreAllMocks();
  });

  it("removes messages handled over a year ago, never unhandled ones", async () => {
    const message = { firstName: "Ana", lastName: "Pérez", email: "ana@example.com", phone: null, message: "Hello" };
    const handled = await saveMessage(message);
    const recent = await saveMessage(message);
    const waiting = await saveMessage(message, new Date(Date.now() - 2 * HANDLED_MESSAGE_LIFETIME_MS));
    await markHandled(handled.id, true, new Date(Date.now() - HANDLED_MESSAGE_LIFETIME_MS - 60_000));
    await markHandled(recent.id, true);
    const result = await removeExpiredRecords(Date.now() + 1000);
    expect(result.handledMessages).toBe(1);
    const left = (await testDatabase().rows<{ id: string }>("SELECT id FROM contact_messages")).map((row) => row.id);
    expect(left).toContain(waiting.id);
    expect(left).toContain(recent.id);
    expect(left).not.toContain(handled.id);
  });
});
