// A burst of sign-ins from one client cannot try more passwords than the limit: each attempt is
// counted before its password is compared. Compares are counted where they happen (crypto's
// timingSafeEqual, which the password check calls once per comparison).
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

const compares = vi.hoisted(() => ({ count: 0 }));
vi.mock("node:crypto", async (importOriginal) => {
  const crypto = await importOriginal<typeof import("node:crypto")>();
  return {
    ...crypto,
    timingSafeEqual: (a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => {
      compares.count++;
      return crypto.timingSafeEqual(a, b);
    },
  };
});

const { default: session } = await import("../../netlify/functions/admin-session.mts");
const { DEVELOPMENT_PASSWORD, GLOBAL_FAILURE_BUDGET, REFUSE_AT } = await import("../../src/server/adminSession");
const { clientNetwork } = await import("../../src/server/rateLimit");
const { startLocalBlobs } = await import("../support/blobs");
const { call } = await import("../support/functions");

let blobs: { stop(): Promise<void> };
beforeAll(async () => {
  blobs = await startLocalBlobs();
  delete process.env.ADMIN_PASSWORD;
});
afterAll(() => blobs.stop());
beforeEach(() => {
  compares.count = 0;
});

const signIn = (password: string, ip: string) => call(session, "/api/admin/session", { body: { password }, ip });

describe("60 simultaneous sign-ins from one client", () => {
  it("compare at most 8 passwords, and the right one sent among them does not get in past the limit", async () => {
    const ip = "198.51.100.60";
    // Warm the development secret, which the first sign-in of a run creates, so the burst meets a settled store.
    await call(session, "/api/admin/session", { ip: "198.51.100.59" });
    compares.count = 0;
    const attempts = Array.from({ length: 60 }, (_, i) => (i === 40 ? DEVELOPMENT_PASSWORD : `wrong-${i}`));
    const answers = await Promise.all(attempts.map((password) => signIn(password, ip)));
    const statuses = answers.map((res) => res.status);

    expect(compares.count).toBeLessThanOrEqual(REFUSE_AT);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(60 - REFUSE_AT);
    // Only a compared attempt can be answered 200 or 401: the right password got in only if it was
    // one of the eight attempts counted first.
    expect(statuses.filter((s) => s === 200 || s === 401).length).toBeLessThanOrEqual(REFUSE_AT);
    // And after the burst the client is refused without any comparison.
    compares.count = 0;
    expect((await signIn(DEVELOPMENT_PASSWORD, ip)).status).toBe(429);
    expect(compares.count).toBe(0);
  });
});

describe("an IPv6 client", () => {
  it("is counted by its /64: changing the last 64 bits does not buy more attempts", async () => {
    expect(clientNetwork("2001:db8:aa:bb:1:2:3:4")).toBe("2001:db8:aa:bb::/64");
    expect(clientNetwork("2001:0db8:00aa:00bb::ffff")).toBe("2001:db8:aa:bb::/64");
    expect(clientNetwork("203.0.113.9")).toBe("203.0.113.9");
    const answers = [];
    for (let i = 1; i <= REFUSE_AT + 2; i++) answers.push((await signIn("wrong", `2001:db8:aa:bb::${i.toString(16)}`)).status);
    expect(answers.slice(REFUSE_AT - 1)).toEqual([429, 429, 429]);
  });
});

describe("the failure budget of all clients together", () => {
  it("refuses every sign-in once spent, even the right password from a new client", async () => {
    const spent = [];
    for (let i = 0; i < GLOBAL_FAILURE_BUDGET; i++) spent.push(signIn("wrong", `10.${Math.floor(i / 200)}.${i % 200}.1`));
    await Promise.all(spent);
    compares.count = 0;
    const res = await signIn(DEVELOPMENT_PASSWORD, "192.0.2.77");
    expect(res.status).toBe(429);
    expect(compares.count).toBe(0);
  });
});
