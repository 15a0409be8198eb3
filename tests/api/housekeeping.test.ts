// Records that only matter for a while do not pile up: the scheduled run removes rate counters whose
// window is over, sign-in failures after a quiet day, admin sessions whose time is up, and messages
// handled and staff activity a year ago; live ones stay.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { randomUUID } from "node:crypto";
import reconcileRun from "../../netlify/functions/orders-reconcile.mts";
import session from "../../netlify/functions/admin-session.mts";
import { COUNTER_LIFETIME_MS, HANDLED_MESSAGE_LIFETIME_MS, removeExpiredRecords } from "../../src/server/housekeeping";
import { markHandled, saveMessage } from "../../src/server/content/contactMessages";
import { consumeRateLimit } from "../../src/server/platform/rateLimit";
import { ACTIVITY_LIFETIME_MS } from "../../src/server/audit/activity";
import { QUIET_RESET_MS } from "../../src/server/staff/signInLimits";
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

  it("forgets sign-in failures after a quiet day, and activity older than a year", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await call(session, "/api/admin/session", { body: { password: "wrong-password" }, ip: "198.51.100.9" });
    const failures = () => testDatabase().count("sign_in_failures");
    // Counted for the pair of account and network, for the network, and towards the account's alarm.
    expect(await failures()).toBe(3);
    expect((await removeExpiredRecords(Date.now())).signInFailures).toBe(0);
    expect((await removeExpiredRecords(Date.now() + QUIET_RESET_MS + 1000)).signInFailures).toBe(3);
    expect(await failures()).toBe(0);

    // A year and a minute ago goes; 364 days ago and today stay.
    await testDatabase().rows(
      "INSERT INTO staff_activity (actor, action, target, at) VALUES ('Owner', 'hours.save', 'old', $1), ('Owner', 'hours.save', 'kept', $2), ('Owner', 'hours.save', 'kept', now())",
      [new Date(Date.now() - ACTIVITY_LIFETIME_MS - 60_000), new Date(Date.now() - 364 * 24 * 3600 * 1000)],
    );
    const before = await testDatabase().count("staff_activity");
    expect((await removeExpiredRecords(Date.now())).activity).toBe(1);
    expect(await testDatabase().count("staff_activity")).toBe(before - 1);
    expect(await testDatabase().count("staff_activity", "target = 'old'")).toBe(0);
    expect(await testDatabase().count("staff_activity", "target = 'kept'")).toBe(2);
    vi.restoreAllMocks();
  });

  it("removes admin sessions whose time is up and old counters, and the scheduled function runs it", async () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    const db = testDatabase();
    const expired = randomUUID();
    const idle = randomUUID();
    const live = randomUUID();
    const hour = 3600 * 1000;
    const account = randomUUID();
    await db.rows("INSERT INTO staff_accounts (id, name, email, role) VALUES ($1, 'Luis', 'luis-housekeeping@jealousfork.test', 'staff')", [account]);
    const session = (id: string, created: number, seen: number, expires: number) =>
      db.rows("INSERT INTO admin_sessions (id, account_id, method, created_at, last_seen_at, expires_at) VALUES ($1, $2, 'password', $3, $4, $5)", [
        id, account, new Date(created), new Date(seen), new Date(expires),
      ]);
    // Past its 7 days; idle for 13 hours; in use.
    await session(expired, Date.now() - 8 * 24 * hour, Date.now() - hour, Date.now() - 24 * hour);
    await session(idle, Date.now() - 13 * hour, Date.now() - 13 * hour, Date.now() + 6 * 24 * hour);
    await session(live, Date.now(), Date.now(), Date.now() + 7 * 24 * hour);
    await consumeRateLimit(rule, "203.0.113.3", Date.now() - COUNTER_LIFETIME_MS - 1000);
    expect(await db.count("admin_sessions")).toBe(3);

    await reconcileRun();

    expect((await db.rows<{ id: string }>("SELECT id FROM admin_sessions")).map((row) => row.id)).toEqual([live]);
    expect(await db.count("counters", "window_start < $1", [new Date(Date.now() - COUNTER_LIFETIME_MS)])).toBe(0);
    expect((await removeExpiredRecords()).sessions).toBe(0);
    vi.restoreAllMocks();
  });

  it("removes diners' used or lapsed links, ended or lapsed sessions and lapsed passkey ceremonies, keeping live ones", async () => {
    const account = randomUUID();
    await testDatabase().rows("INSERT INTO diner_accounts (id, email, name) VALUES ($1, 'kept@example.com', 'Kai')", [account]);
    await testDatabase().rows(
      `INSERT INTO diner_links (token_hash, email, created_at, expires_at, used_at) VALUES
         ('lapsed', 'kept@example.com', now() - interval '1 day', now() - interval '23 hours', NULL),
         ('used', 'kept@example.com', now() - interval '5 minutes', now() + interval '10 minutes', now()),
         ('live', 'kept@example.com', now(), now() + interval '15 minutes', NULL)`,
    );
    await testDatabase().rows(
      `INSERT INTO diner_sessions (id, account_id, method, created_at, last_seen_at, expires_at, revoked_at) VALUES
         ('ended', $1, 'passkey', now() - interval '2 days', now() - interval '2 days', now() + interval '80 days', now() - interval '1 day'),
         ('lapsed', $1, 'passkey', now() - interval '91 days', now() - interval '1 day', now() - interval '1 day', NULL),
         ('live', $1, 'passkey', now(), now(), now() + interval '90 days', NULL)`,
      [account],
    );
    await testDatabase().rows(
      `INSERT INTO diner_webauthn_challenges (id, purpose, challenge, expires_at) VALUES
         ('lapsed', 'sign-in', 'c1', now() - interval '1 minute'), ('live', 'sign-in', 'c2', now() + interval '5 minutes')`,
    );
    const result = await removeExpiredRecords();
    expect(result).toMatchObject({ dinerLinks: 2, dinerSessions: 2, dinerPasskeyCeremonies: 1 });
    for (const table of ["diner_links", "diner_webauthn_challenges"]) expect((await testDatabase().rows<{ id: string }>(`SELECT ${table === "diner_links" ? "token_hash AS id" : "id"} FROM ${table}`)).map((row) => row.id)).toEqual(["live"]);
    expect((await testDatabase().rows<{ id: string }>("SELECT id FROM diner_sessions")).map((row) => row.id)).toEqual(["live"]);
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
