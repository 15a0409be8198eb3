// Admin sign-in: the server checks the password, sets a signed HttpOnly cookie, slows and then
// refuses repeated failures, and signing out ends the session for good.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { call, jsonOf } from "../support/functions";
import session from "../../netlify/functions/admin-session.mts";
import upload from "../../netlify/functions/objects-upload.mts";
import { DEVELOPMENT_PASSWORD, REFUSE_AT } from "../../src/server/adminSession";
import { setDeployContext } from "../support/deployContext";
import { testDatabase } from "../support/database";

beforeAll(() => {
  delete process.env.ADMIN_PASSWORD;
});

const sessionIds = async () => (await testDatabase().rows<{ id: string }>("SELECT id FROM admin_sessions")).map((row) => row.id);
/** The session id a cookie carries (its value is id.expires.signature). */
const idOf = (cookie: string) => cookie.split("=")[1]!.split(".")[0]!;

/** The `name=value` part of a Set-Cookie header, as a browser would send it back. */
function cookieOf(res: Response): string {
  return (res.headers.get("set-cookie") ?? "").split(";")[0]!;
}

describe("admin sign-in", () => {
  it("opens a session with the right password and sets an HttpOnly, SameSite=Strict cookie", async () => {
    const res = await call(session, "/api/admin/session", { body: { password: DEVELOPMENT_PASSWORD }, ip: "198.51.100.1" });
    expect(res.status).toBe(200);
    const setCookie = res.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^jf_admin=[^;]+/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Strict");
    expect(setCookie).toContain("Path=/");
    expect(setCookie).toMatch(/Max-Age=43200/);
    // Plain http on 127.0.0.1 is the only place the cookie may go without Secure.
    expect(setCookie).not.toContain("Secure");
    const check = await call(session, "/api/admin/session", { headers: { cookie: cookieOf(res) } });
    expect(check.status).toBe(200);
    expect(await sessionIds()).toContain(idOf(cookieOf(res)));
  });

  it("marks the cookie Secure on any other origin", async () => {
    const req = new Request("https://jealousfork.com/api/admin/session", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ password: DEVELOPMENT_PASSWORD }),
    });
    const res = await session(req, { params: {}, ip: "198.51.100.9", requestId: "t" } as never);
    expect(res.headers.get("set-cookie")).toContain("Secure");
  });

  it("answers 401 with the console's message for a wrong password, and sets no cookie", async () => {
    const before = await testDatabase().count("admin_sessions");
    const res = await call(session, "/api/admin/session", { body: { password: "pancakes" }, ip: "198.51.100.2" });
    expect(res.status).toBe(401);
    expect(await jsonOf(res)).toEqual({ error: "Invalid password. Please try again." });
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(await testDatabase().count("admin_sessions")).toBe(before);
  });

  it("refuses an empty password as bad input", async () => {
    const res = await call(session, "/api/admin/session", { body: { password: "" }, ip: "198.51.100.3" });
    expect(res.status).toBe(400);
  });

  it("answers 401 to a forged or missing cookie", async () => {
    expect((await call(session, "/api/admin/session")).status).toBe(401);
    const forged = await call(session, "/api/admin/session", {
      headers: { cookie: `jf_admin=00000000-0000-0000-0000-000000000000.${Date.now() + 3600_000}.AAAA` },
    });
    expect(forged.status).toBe(401);
  });

  it("slows repeated failures from one client, then refuses them with 429, even the right password", async () => {
    const ip = "198.51.100.4";
    const statuses: number[] = [];
    const started = Date.now();
    for (let attempt = 0; attempt < REFUSE_AT; attempt++) {
      statuses.push((await call(session, "/api/admin/session", { body: { password: `guess-${attempt}` }, ip })).status);
    }
    expect(Date.now() - started).toBeGreaterThan(1000);
    expect(statuses.slice(0, REFUSE_AT - 1).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const right = await call(session, "/api/admin/session", { body: { password: DEVELOPMENT_PASSWORD }, ip });
    expect(right.status).toBe(429);
    // Another client is not affected.
    const other = await call(session, "/api/admin/session", { body: { password: DEVELOPMENT_PASSWORD }, ip: "198.51.100.5" });
    expect(other.status).toBe(200);
  });

  it("ends the session on sign-out: the same cookie no longer opens anything", async () => {
    const signedIn = await call(session, "/api/admin/session", { body: { password: DEVELOPMENT_PASSWORD }, ip: "198.51.100.6" });
    const cookie = cookieOf(signedIn);
    expect((await call(upload, "/api/objects/upload", { method: "POST", headers: { cookie } })).status).toBe(200);
    const out = await call(session, "/api/admin/session", { method: "DELETE", headers: { cookie } });
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toMatch(/^jf_admin=;.*Max-Age=0/);
    expect(await sessionIds()).not.toContain(idOf(cookie));
    expect((await call(session, "/api/admin/session", { headers: { cookie } })).status).toBe(401);
    expect((await call(upload, "/api/objects/upload", { method: "POST", headers: { cookie } })).status).toBe(401);
  });

  it("removes expired session records at the next sign-in, keeping the live ones", async () => {
    const sessionKeys = sessionIds;
    const signInFrom = (ip: string) => call(session, "/api/admin/session", { body: { password: DEVELOPMENT_PASSWORD }, ip });
    const before = new Set(await sessionKeys());
    const old = cookieOf(await signInFrom("198.51.100.20"));
    const [oldKey] = (await sessionKeys()).filter((key) => !before.has(key));
    expect(oldKey).toBe(idOf(old));

    // Thirteen hours on (sessions last twelve): only Date moves, so the database's timers still run.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 13 * 3600 * 1000 });
    try {
      const fresh = cookieOf(await signInFrom("198.51.100.21"));
      const keys = await sessionKeys();
      expect(keys).not.toContain(oldKey);
      expect(keys).toContain(idOf(fresh));
      expect((await call(session, "/api/admin/session", { headers: { cookie: fresh } })).status).toBe(200);
      expect((await call(session, "/api/admin/session", { headers: { cookie: old } })).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it("uses ADMIN_PASSWORD when it is set", async () => {
    process.env.ADMIN_PASSWORD = "a-real-secret-password";
    try {
      const dev = await call(session, "/api/admin/session", { body: { password: DEVELOPMENT_PASSWORD }, ip: "198.51.100.7" });
      expect(dev.status).toBe(401);
      const real = await call(session, "/api/admin/session", { body: { password: "a-real-secret-password" }, ip: "198.51.100.7" });
      expect(real.status).toBe(200);
    } finally {
      delete process.env.ADMIN_PASSWORD;
    }
  });

  it("keeps the console closed (503) in production until a password and secret are configured", async () => {
    setDeployContext("production");
    try {
      const res = await call(session, "/api/admin/session", { body: { password: DEVELOPMENT_PASSWORD }, ip: "198.51.100.8" });
      expect(res.status).toBe(503);
    } finally {
      setDeployContext("dev");
    }
  });
});
