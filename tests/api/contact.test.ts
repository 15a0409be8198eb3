import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import handler from "../../netlify/functions/contact.mts";
import adminMessages from "../../netlify/functions/admin-messages.mts";
import { CONTACT_EMAIL_MESSAGE, CONTACT_REQUIRED_MESSAGE } from "../../src/domain/contactMessage.schema";
import { CONTACT_RATE_LIMIT, listMessages, markHandled, saveMessage } from "../../src/server/content/contactMessages";
import { consumeRateLimit } from "../../src/server/platform/rateLimit";
import { testDatabase } from "../support/database";
import { databaseFaults } from "../support/databaseFaults";
import { call, jsonOf, SITE_ORIGIN } from "../support/functions";
import { adminCookie } from "../support/admin";

let cookie: string;
beforeAll(async () => {
  delete process.env.ADMIN_PASSWORD;
  cookie = await adminCookie();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const valid = {
  firstName: "Ana",
  lastName: "Pérez",
  email: "ana@example.com",
  phone: "(305) 555-0100",
  message: "Can we book the patio for 6 on Sunday?",
};

/** Each test posts from an address of its own, so the rate limit only shows where it is tested. */
let nextAddress = 1;
function send(body: unknown, options: { headers?: Record<string, string>; ip?: string } = {}) {
  return call(handler, "/contact", { method: "POST", body, ip: options.ip ?? `198.51.100.${nextAddress++}`, ...options });
}

function storedCount(): Promise<number> {
  return testDatabase().count("contact_messages");
}

describe("POST /contact", () => {
  it("stores a valid message and answers with a thank-you message", async () => {
    const before = await storedCount();
    const res = await send({ ...valid, firstName: "  Ana  ", phone: "" });
    expect(res.status).toBe(201);
    expect(await jsonOf(res)).toEqual({ message: "Thanks, Ana! We'll get back to you soon." });
    expect(await storedCount()).toBe(before + 1);
    const [latest] = await listMessages();
    expect(latest).toMatchObject({
      firstName: "Ana",
      lastName: "Pérez",
      email: "ana@example.com",
      phone: null,
      message: valid.message,
      handled: false,
    });
    expect(latest?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.now() - Date.parse(latest!.createdAt)).toBeLessThan(60_000);
    const [row] = await testDatabase().rows<{ first_name: string; phone: string | null; created_at: Date; handled: boolean }>(
      "SELECT first_name, phone, created_at, handled FROM contact_messages WHERE id = $1",
      [latest!.id],
    );
    expect(row).toEqual({ first_name: "Ana", phone: null, created_at: new Date(latest!.createdAt), handled: false });
  });

  it("keeps the phone when one is given", async () => {
    await send(valid);
    expect((await listMessages())[0]?.phone).toBe("(305) 555-0100");
  });

  it.each(["firstName", "lastName", "email", "message"])(
    "refuses a message without %s with 400 and the form's sentence, storing nothing",
    async (field) => {
      const before = await storedCount();
      const res = await send({ ...valid, [field]: undefined });
      expect(res.status).toBe(400);
      const body = await jsonOf(res);
      expect(body.error).toBe(CONTACT_REQUIRED_MESSAGE);
      expect(body.code).toBe("contact_fields_required");
      expect(body.issues).toContainEqual({ path: field, message: CONTACT_REQUIRED_MESSAGE, code: "field_required" });
      expect(await storedCount()).toBe(before);
    },
  );

  it("refuses a blank field as missing", async () => {
    const res = await send({ ...valid, message: "   \n " });
    expect(res.status).toBe(400);
    expect((await jsonOf(res)).error).toBe(CONTACT_REQUIRED_MESSAGE);
  });

  it("refuses a bad e-mail with 400 and the form's sentence, storing nothing", async () => {
    const before = await storedCount();
    const res = await send({ ...valid, email: "ana.example.com" });
    expect(res.status).toBe(400);
    expect(await jsonOf(res)).toEqual({
      error: CONTACT_EMAIL_MESSAGE,
      code: "invalid_email",
      issues: [{ path: "email", message: CONTACT_EMAIL_MESSAGE, code: "invalid_email" }],
    });
    expect(await storedCount()).toBe(before);
  });

  it("refuses a field over its length limit", async () => {
    const res = await send({ ...valid, lastName: "x".repeat(81) });
    expect(res.status).toBe(400);
    expect((await jsonOf(res)).issues).toEqual([{ path: "lastName", message: "Last name must be at most 80 characters.", code: "field_too_long" }]);
  });

  it("refuses a body that is not JSON with 415", async () => {
    const before = await storedCount();
    const res = await call(handler, "/contact", {
      method: "POST",
      rawBody: "firstName=Ana&lastName=P&email=a%40b.co&message=hi",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(415);
    expect((await jsonOf(res)).error).toMatch(/JSON/);
    expect(await storedCount()).toBe(before);
  });

  it("refuses malformed JSON with 400", async () => {
    const res = await call(handler, "/contact", {
      method: "POST",
      rawBody: "{ not json",
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect((await jsonOf(res)).error).toBe("The request body is not valid JSON.");
  });

  it("refuses an oversized body with 413, storing nothing", async () => {
    const before = await storedCount();
    const res = await send({ ...valid, message: "x".repeat(40_000) });
    expect(res.status).toBe(413);
    expect(await storedCount()).toBe(before);
  });

  it("answers a filled honeypot exactly like a person, but stores nothing", async () => {
    const before = await storedCount();
    const res = await send({ ...valid, website: "http://spam.example" });
    expect(res.status).toBe(201);
    expect(await jsonOf(res)).toEqual({ message: "Thanks, Ana! We'll get back to you soon." });
    expect(await storedCount()).toBe(before);
  });

  it("answers 429 after 5 messages from one address in 10 minutes, and still takes others", async () => {
    const ip = "203.0.113.50";
    for (let i = 0; i < CONTACT_RATE_LIMIT.limit; i++) {
      expect((await send(valid, { ip })).status).toBe(201);
    }
    const before = await storedCount();
    const res = await send(valid, { ip });
    expect(res.status).toBe(429);
    expect((await jsonOf(res)).error).toMatch(/several messages/);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await storedCount()).toBe(before);
    expect((await send(valid, { ip: "203.0.113.51" })).status).toBe(201);
  });

  it("counts by the forwarded address when the platform gives none", async () => {
    const headers = { "x-forwarded-for": "192.0.2.9, 10.0.0.1" };
    for (let i = 0; i < CONTACT_RATE_LIMIT.limit; i++) {
      expect((await send(valid, { ip: "", headers })).status).toBe(201);
    }
    expect((await send(valid, { ip: "", headers })).status).toBe(429);
    expect((await send(valid, { ip: "", headers: { "x-forwarded-for": "192.0.2.10" } })).status).toBe(201);
  });

  it("answers other methods with 405", async () => {
    const res = await call(handler, "/contact", { method: "GET" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
  });
});

describe("the rate limit", () => {
  it("opens again when the window has passed", async () => {
    const rule = { bucket: "test", limit: 2, windowMs: 1000 };
    const start = 1_700_000_000_000;
    expect((await consumeRateLimit(rule, "x", start)).allowed).toBe(true);
    expect((await consumeRateLimit(rule, "x", start + 1)).allowed).toBe(true);
    expect(await consumeRateLimit(rule, "x", start + 2)).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 1 });
    expect((await consumeRateLimit(rule, "x", start + 1000)).allowed).toBe(true);
  });

  it("loses no attempt when many arrive at once", async () => {
    const rule = { bucket: "burst", limit: 5, windowMs: 60_000 };
    const results = await Promise.all(Array.from({ length: 8 }, () => consumeRateLimit(rule, "y")));
    expect(results.filter((result) => result.allowed)).toHaveLength(5);
  });

  it("never stores the visitor's address", async () => {
    const rows = await testDatabase().rows<{ client: string }>("SELECT client FROM counters WHERE bucket = $1", [CONTACT_RATE_LIMIT.bucket]);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => /^[0-9a-f]{32}$/.test(row.client))).toBe(true);
    const everything = JSON.stringify(await testDatabase().rows("SELECT * FROM counters"));
    expect(/203\.0\.113|192\.0\.2|198\.51\.100/.test(everything)).toBe(false);
  });
});

describe("the messages store", () => {
  it("lists messages newest first, and those received before an instant", async () => {
    const older = await saveMessage({ ...valid, phone: null, website: undefined }, new Date("2026-01-02T10:00:00Z"));
    const newer = await saveMessage({ ...valid, phone: null, website: undefined }, new Date("2026-01-03T10:00:00Z"));
    const all = await listMessages();
    expect(all.indexOf(all.find((m) => m.id === newer.id)!)).toBeLessThan(all.findIndex((m) => m.id === older.id));
    expect(all[0]!.createdAt >= all[all.length - 1]!.createdAt).toBe(true);
    expect((await listMessages({ before: new Date("2026-01-03T10:00:00Z") })).map((m) => m.id)).toEqual([older.id]);
    expect(await listMessages({ limit: 1 })).toHaveLength(1);
  });

  it("marks a message handled and back, and answers null for an unknown id", async () => {
    const saved = await saveMessage({ ...valid, phone: null, website: undefined });
    const handled = await markHandled(saved.id, true);
    expect(handled).toMatchObject({ id: saved.id, handled: true, message: valid.message });
    expect(handled?.handledAt).toBeDefined();
    expect((await listMessages()).find((m) => m.id === saved.id)?.handled).toBe(true);
    expect((await markHandled(saved.id, false))?.handled).toBe(false);
    expect(await markHandled("00000000-0000-0000-0000-000000000000", true)).toBeNull();
    expect(await markHandled("../../etc", true)).toBeNull();
  });

  it("lists a stored row the form's rules would refuse instead of failing the list, showing it as stored", async () => {
    // The database takes it (every column has its type), but no form could send it: a blank name,
    // no e-mail address, a right-to-left override in the text.
    const id = "00000000-0000-4000-8000-0000000000bd";
    await testDatabase().rows(
      "INSERT INTO contact_messages (id, first_name, last_name, email, phone, message, created_at) VALUES ($1, '', ' ', 'nobody', NULL, $2, $3)",
      [id, "Hi \u202Egnirts", new Date("2026-01-01T00:00:00Z")],
    );
    const all = await listMessages({ limit: 500 });
    expect(all.length).toBe(await storedCount());
    expect(all.find((m) => m.id === id)).toMatchObject({ firstName: "", email: "nobody", message: "Hi \u202Egnirts", handled: false });
  });

  it("answers staff a 500 without details when the database cannot be read, and the list again once it can", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const faults = databaseFaults();
    faults.failWhen((text) => text.includes("FROM contact_messages"));
    try {
      const res = await listPage();
      expect(res.status).toBe(500);
      const body = await jsonOf(res);
      expect(JSON.stringify(body)).not.toMatch(/injected|contact_messages|SELECT/);
      expect(faults.failed()).toBeGreaterThan(0);
    } finally {
      faults.heal();
    }
    expect((await listPage()).status).toBe(200);
  });
});

describe("POST /contact refuses what would hide or bend text in the console", () => {
  it("a first name of a NUL and a right-to-left override: 400, nothing stored", async () => {
    const before = await storedCount();
    const res = await send({ ...valid, firstName: "\u0000\u202E" });
    expect(res.status).toBe(400);
    expect(await storedCount()).toBe(before);
  });

  it("a name made only of invisible characters counts as empty", async () => {
    const res = await send({ ...valid, lastName: "\u200B\u200B\u00A0" });
    expect(res.status).toBe(400);
    expect((await jsonOf(res)).error).toBe(CONTACT_REQUIRED_MESSAGE);
  });

  it.each(["a@b.co?bcc=x@y.co", "a@b.co?bcc=x%40y.co", "a@b.co?subject=hi&body=x"])(
    "an e-mail carrying a mail-link query (%s) is not an e-mail",
    async (email) => {
      const before = await storedCount();
      const res = await send({ ...valid, email });
      expect(res.status).toBe(400);
      expect((await jsonOf(res)).error).toBe(CONTACT_EMAIL_MESSAGE);
      expect(await storedCount()).toBe(before);
    },
  );

  it("a phone of invisible characters is no phone, and the message is kept", async () => {
    const res = await send({ ...valid, phone: "\u200B" });
    expect(res.status).toBe(201);
  });
});

function listPage(before?: string): Promise<Response> {
  const path = before ? `/api/admin/messages?before=${encodeURIComponent(before)}` : "/api/admin/messages";
  return call(adminMessages, path, { headers: { cookie, origin: SITE_ORIGIN } });
}

describe("GET /api/admin/messages pages", () => {
  it("answers 50 messages a page, newest first, and nextBefore leads through every stored message exactly once", async () => {
    // 60 messages newer than all the others; four of them received in the same millisecond, at the
    // border of the first page.
    const base = Date.parse("2030-06-01T12:00:00Z");
    const at = (i: number) => new Date(base - (i >= 47 && i <= 50 ? 47 : i) * 60_000);
    const sent = [];
    for (let i = 0; i < 60; i++) sent.push(await saveMessage({ ...valid, phone: null, message: `Message ${i}` }, at(i)));

    const seen: string[] = [];
    let before: string | undefined;
    const sizes: number[] = [];
    for (let page = 0; page < 20; page++) {
      const res = await listPage(before);
      expect(res.status).toBe(200);
      const body = await jsonOf<{ messages: { id: string; createdAt: string }[]; nextBefore: string | null }>(res);
      sizes.push(body.messages.length);
      const times = body.messages.map((m) => Date.parse(m.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      if (before) expect(times.every((time) => time < Date.parse(before!))).toBe(true);
      seen.push(...body.messages.map((m) => m.id));
      if (!body.nextBefore) break;
      expect(body.nextBefore).toBe(body.messages.at(-1)!.createdAt);
      before = body.nextBefore;
    }

    expect(sizes[0]).toBeLessThanOrEqual(50);
    expect(sizes.at(-1)).toBeLessThan(50);
    expect(seen.slice(0, 47)).toEqual(sent.slice(0, 47).map((m) => m.id));
    expect(new Set(seen).size).toBe(seen.length);
    const stored = (await testDatabase().rows<{ id: string }>("SELECT id FROM contact_messages")).map((row) => row.id);
    expect([...seen].sort()).toEqual([...stored].sort());
  });

  it("refuses a before that is not an instant with 400", async () => {
    const res = await listPage("last tuesday");
    expect(res.status).toBe(400);
    expect((await jsonOf(res)).error).toMatch(/ISO 8601/);
  });
});
