// Staff sign-in: each person signs in as themselves with an e-mail and password checked by the server;
// the session lives in the database (only a hash of its token), behind an HttpOnly, SameSite=Strict
// cookie; it ends after 12 idle hours or 7 days, at sign-out, or everywhere at once.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { call, jsonOf, SITE_ORIGIN } from "../support/functions";
import session from "../../netlify/functions/admin-session.mts";
import sessions from "../../netlify/functions/admin-sessions.mts";
import upload from "../../netlify/functions/objects-upload.mts";
import { DEVELOPMENT_OWNER_EMAIL, DEVELOPMENT_PASSWORD } from "../../src/server/staff/adminSession";
import { hashPassword } from "../../src/server/staff/passwords";
import { setDeployContext } from "../support/deployContext";
import { testDatabase } from "../support/database";

beforeAll(() => {
  delete process.env.ADMIN_PASSWORD;
  delete process.env.OWNER_EMAIL;
});

const sessionIds = async () => (await testDatabase().rows<{ id: string }>("SELECT id FROM admin_sessions WHERE revoked_at IS NULL")).map((row) => row.id);

/** The `name=value` of the session cookie (the first Set-Cookie), as a browser would send it back. */
function cookieOf(res: Response): string {
  return (res.headers.get("set-cookie") ?? "").split(";")[0]!;
}

const owner = { email: DEVELOPMENT_OWNER_EMAIL, password: DEVELOPMENT_PASSWORD };
const signIn = (body: unknown, ip = "198.51.100.1", headers: Record<string, string> = {}) =>
  call(session, "/api/admin/session", { body, ip, headers });
const whoAmI = (cookie: string) => call(session, "/api/admin/session", { headers: { cookie } });

describe("staff sign-in", () => {
  it("signs the development owner in with an HttpOnly, SameSite=Strict cookie of 7 days, and says who is signed in", async () => {
    const res = await signIn(owner);
    expect(res.status).toBe(200);
    expect((await jsonOf(res)).account).toMatchObject({ email: DEVELOPMENT_OWNER_EMAIL, role: "owner" });
    const setCookie = res.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^jf_admin=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=604800/);
    // Plain http on 127.0.0.1 is the only place the cookie may go without Secure.
    expect(setCookie).not.toContain("Secure");
    const me = await whoAmI(cookieOf(res));
    expect(me.status).toBe(200);
    expect((await jsonOf(me)).account).toMatchObject({ name: "Owner", email: DEVELOPMENT_OWNER_EMAIL, role: "owner" });
    // The database holds a hash of the token, never the token a cookie carries.
    const token = cookieOf(res).split("=")[1]!;
    expect(await sessionIds()).not.toContain(token);
  });

  it("marks the cookie Secure on any other origin", async () => {
    const req = new Request("https://jealousfork.com/api/admin/session", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(owner),
    });
    const res = await session(req, { params: {}, ip: "198.51.100.9", requestId: "t" } as never);
    expect(res.headers.get("set-cookie")).toMatch(/^jf_admin=[^,]*Secure/);
  });

  it("answers the same 401 for a wrong password and for an e-mail with no account, and opens nothing", async () => {
    const before = (await sessionIds()).length;
    const wrong = await signIn({ ...owner, password: "pancakes-and-syrup" }, "198.51.100.2");
    const unknown = await signIn({ email: "nobody@example.com", password: DEVELOPMENT_PASSWORD }, "198.51.100.2");
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(await jsonOf(res)).toEqual({ error: "Wrong e-mail or password. Please try again." });
      expect(res.headers.get("set-cookie")).toBeNull();
    }
    expect((await sessionIds()).length).toBe(before);
  });

  it("refuses an empty password or a malformed e-mail as bad input", async () => {
    expect((await signIn({ ...owner, password: "" })).status).toBe(400);
    expect((await signIn({ email: "not an e-mail", password: DEVELOPMENT_PASSWORD })).status).toBe(400);
  });

  it("answers 401 to a forged or missing cookie", async () => {
    expect((await call(session, "/api/admin/session")).status).toBe(401);
    expect((await whoAmI(`jf_admin=${"A".repeat(43)}`)).status).toBe(401);
  });

  it("gives a fresh session at each sign-in and ends the one the browser carried", async () => {
    const first = cookieOf(await signIn(owner, "198.51.100.3"));
    const second = cookieOf(await signIn(owner, "198.51.100.3", { cookie: first }));
    expect(second).not.toBe(first);
    expect((await whoAmI(first)).status).toBe(401);
    expect((await whoAmI(second)).status).toBe(200);
  });

  it("ends the session on sign-out: the same cookie no longer opens anything", async () => {
    const cookie = cookieOf(await signIn(owner, "198.51.100.6"));
    expect((await call(upload, "/api/objects/upload", { method: "POST", headers: { cookie } })).status).toBe(200);
    const out = await call(session, "/api/admin/session", { method: "DELETE", headers: { cookie } });
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toMatch(/^jf_admin=;.*Max-Age=0/);
    expect((await whoAmI(cookie)).status).toBe(401);
    expect((await call(upload, "/api/objects/upload", { method: "POST", headers: { cookie } })).status).toBe(401);
  });

  it("ends a session after 12 idle hours", async () => {
    const cookie = cookieOf(await signIn(owner, "198.51.100.20"));
    // Only Date moves, so the database's timers still run.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 11 * 3600 * 1000 });
    try {
      expect((await whoAmI(cookie)).status).toBe(200);
      vi.setSystemTime(Date.now() + 12 * 3600 * 1000 + 60_000);
      expect((await whoAmI(cookie)).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it("ends a session 7 days after sign-in, however often it is used", async () => {
    const cookie = cookieOf(await signIn(owner, "198.51.100.21"));
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    try {
      for (let hours = 11; hours < 7 * 24; hours += 11) {
        vi.setSystemTime(start + hours * 3600 * 1000);
        expect((await whoAmI(cookie)).status).toBe(200);
      }
      vi.setSystemTime(start + 7 * 24 * 3600 * 1000 + 1000);
      expect((await whoAmI(cookie)).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it("lists the person's sessions and signs out everywhere at once", async () => {
    const laptop = cookieOf(await signIn(owner, "198.51.100.30", { "user-agent": "Laptop" }));
    const phone = cookieOf(await signIn(owner, "198.51.100.31", { "user-agent": "Phone" }));
    const list = await jsonOf(await call(sessions, "/api/admin/sessions", { headers: { cookie: phone } }));
    expect(list.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(list.sessions.map((s: { userAgent: string }) => s.userAgent)).toEqual(expect.arrayContaining(["Laptop", "Phone"]));
    const everywhere = await call(sessions, "/api/admin/sessions", { method: "DELETE", headers: { cookie: phone, origin: SITE_ORIGIN } });
    expect(everywhere.status).toBe(200);
    expect((await whoAmI(laptop)).status).toBe(401);
    expect((await whoAmI(phone)).status).toBe(401);
  });
});

describe("the first owner", () => {
  it("signs in with ADMIN_PASSWORD until they have a password of their own, then ADMIN_PASSWORD is refused", async () => {
    process.env.ADMIN_PASSWORD = "a-real-secret-password";
    process.env.OWNER_EMAIL = "maria@jealousfork.com";
    try {
      expect((await signIn({ email: "maria@jealousfork.com", password: DEVELOPMENT_PASSWORD }, "198.51.100.40")).status).toBe(401);
      // The set-up sign-in of older pages sends the password alone: it names the first owner.
      const first = await signIn({ password: "a-real-secret-password" }, "198.51.100.40");
      expect(first.status).toBe(200);
      expect((await jsonOf(first)).account).toMatchObject({ email: "maria@jealousfork.com", role: "owner" });
      await testDatabase().rows("UPDATE staff_accounts SET password_hash = $1 WHERE lower(email) = 'maria@jealousfork.com'", [
        await hashPassword("maria's own long passphrase"),
      ]);
      expect((await signIn({ email: "maria@jealousfork.com", password: "a-real-secret-password" }, "198.51.100.40")).status).toBe(401);
      expect((await signIn({ email: "MARIA@jealousfork.com", password: "maria's own long passphrase" }, "198.51.100.40")).status).toBe(200);
    } finally {
      delete process.env.ADMIN_PASSWORD;
      delete process.env.OWNER_EMAIL;
    }
  });

  it("keeps the console closed (503) in production until OWNER_EMAIL, ADMIN_PASSWORD and SESSION_SECRET are configured", async () => {
    setDeployContext("production");
    try {
      const res = await signIn(owner, "198.51.100.8");
      expect(res.status).toBe(503);
      expect((await jsonOf(res)).error).toMatch(/OWNER_EMAIL, ADMIN_PASSWORD \(at least 16 characters\) and SESSION_SECRET/);
      Object.assign(process.env, { OWNER_EMAIL: "chef@jealousfork.com", ADMIN_PASSWORD: "a-deployed-password-16+", SESSION_SECRET: "s".repeat(64) });
      // The development owner and password mean nothing deployed.
      expect((await signIn(owner, "198.51.100.8")).status).toBe(401);
      const req = new Request("https://jealousfork.com/api/admin/session", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "chef@jealousfork.com", password: "a-deployed-password-16+" }),
      });
      expect((await session(req, { params: {}, ip: "198.51.100.8", requestId: "t" } as never)).status).toBe(200);
    } finally {
      setDeployContext("dev");
      for (const name of ["OWNER_EMAIL", "ADMIN_PASSWORD", "SESSION_SECRET"]) delete process.env[name];
    }
  });
});
