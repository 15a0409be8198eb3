// A burst of sign-ins from one client cannot try more passwords than the limit: each attempt is
// counted before its password is compared. Compares are counted where they happen (crypto's
// timingSafeEqual, which the password check calls once per comparison). The count is one upsert of a
// row of counters, so simultaneous attempts each get a number of their own.
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

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
const { clientKey, clientNetwork } = await import("../../src/server/rateLimit");
const { call } = await import("../support/functions");
const { testDatabase } = await import("../support/database");

beforeAll(() => {
  delete process.env.ADMIN_PASSWORD;
});

/** The sign-in counter of a client ("all-clients": the failures of everyone), 0 when there is none. */
async function counted(client: string): Promise<number> {
  const [row] = await testDatabase().rows<{ count: number }>("SELECT count FROM counters WHERE bucket = 'sign-in' AND client = $1", [client]);
  return row?.count ?? 0;
}
beforeEach(() => {
  compares.count = 0;
});

const signIn = (password: string, ip: string) => call(session, "/api/admin/session", { body: { password }, ip });

describe("60 simultaneous sign-ins from one client", () => {
  it("compare at most 8 passwords, and the right one sent among them does not get in past the limit", async () => {
    const ip = "198.51.100.60";
    // Warm the development secret, which the first sign-in of a run creates, so the burst meets a settled database.
    await call(session, "/api/admin/session", { ip: "198.51.100.59" });
    compares.count = 0;
    const sessionsBefore = await testDatabase().count("admin_sessions");
    const attempts = Array.from({ length: 60 }, (_, i) => (i === 40 ? DEVELOPMENT_PASSWORD : `wrong-${i}`));
    const answers = await Promise.all(attempts.map((password) => signIn(password, ip)));
    const statuses = answers.map((res) => res.status);

    expect(compares.count).toBeLessThanOrEqual(REFUSE_AT);
    expect(compares.count).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(60 - REFUSE_AT);
    // Only a compared attempt can be answered 200 or 401: the right password got in only if it was
    // one of the eight attempts counted first.
    const compared = statuses.filter((s) => s === 200 || s === 401).length;
    expect(compared).toBeLessThanOrEqual(REFUSE_AT);
    expect(compared).toBeLessThanOrEqual(compares.count);
    // One session at most was opened, and only by a 200.
    const opened = statuses.filter((s) => s === 200).length;
    expect(opened).toBeLessThanOrEqual(1);
    expect(await testDatabase().count("admin_sessions")).toBe(sessionsBefore + opened);
    // No attempt was lost to a race: all 60 are counted, less the one a right password gives back.
    expect(await counted(clientKey(ip))).toBe(60 - opened);
    // Everyone's failures grew by the wrong passwords compared, never by the refused ones.
    expect(await counted("all-clients")).toBe(compares.count - opened);
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
