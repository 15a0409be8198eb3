// Password guessing is slowed per account and per client network, never by a budget of everyone: an
// attack of 500 failures from 50 networks leaves the owner able to sign in from their own browser, keeps
// the sessions opened before it working, and makes no one wait more than 15 minutes. Compares are
// counted where they happen (crypto's timingSafeEqual, which every password check calls once).
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

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
const { DEVELOPMENT_OWNER_EMAIL, DEVELOPMENT_PASSWORD } = await import("../../src/server/adminSession");
const { FREE_FAILURES, MAX_WAIT_SECONDS } = await import("../../src/server/staff/signInLimits");
const { clientAddress, clientNetwork } = await import("../../src/server/rateLimit");
const { setDeployContext } = await import("../support/deployContext");
const { call } = await import("../support/functions");
const { testDatabase } = await import("../support/database");
const { hashPassword } = await import("../../src/server/staff/passwords");
const { randomUUID } = await import("node:crypto");

beforeAll(() => {
  delete process.env.ADMIN_PASSWORD;
  delete process.env.OWNER_EMAIL;
});
// The clock stands still in each test unless a test moves it: a slow machine taking seconds over a burst
// must not see waits run out that a fast one would not.
beforeEach(() => {
  compares.count = 0;
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
});
afterEach(() => {
  vi.useRealTimers();
});

const signIn = (email: string, password: string, ip: string, cookie?: string) =>
  call(session, "/api/admin/session", { body: { email, password }, ip, headers: cookie ? { cookie } : {} });
/** The session and known-browser cookies of an answer, as a browser would send them back. */
const cookiesOf = (res: Response) => res.headers.getSetCookie().map((line) => line.split(";")[0]!).join("; ");
const whoAmI = (cookie: string) => call(session, "/api/admin/session", { headers: { cookie } });

describe("60 simultaneous guesses from one network", () => {
  it(`compare at most ${FREE_FAILURES} passwords; the rest wait, told how long in Retry-After`, async () => {
    const ip = "198.51.100.60";
    const email = "someone@jealousfork.test";
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => signIn(email, `wrong-guess-${i}`, ip)));
    const statuses = answers.map((res) => res.status);
    expect(compares.count).toBeLessThanOrEqual(FREE_FAILURES);
    expect(statuses.filter((s) => s === 401)).toHaveLength(FREE_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - FREE_FAILURES);
    for (const res of answers.filter((r) => r.status === 429)) {
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(Number(res.headers.get("retry-after"))).toBeLessThanOrEqual(MAX_WAIT_SECONDS);
    }
  });
});

describe("an attack of 500 failures from 50 networks on the owner's account", () => {
  it("leaves the owner signing in from their own browser, keeps earlier sessions, and holds no one back past 15 minutes", async () => {
    // Before the attack: the owner signed in on the restaurant's tablet, and a session is open.
    const tablet = await signIn(DEVELOPMENT_OWNER_EMAIL, DEVELOPMENT_PASSWORD, "192.0.2.10");
    expect(tablet.status).toBe(200);
    const tabletCookies = cookiesOf(tablet);

    const statuses: number[] = [];
    const retryAfters: number[] = [];
    for (let round = 0; round < 10; round++) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, network) => signIn(DEVELOPMENT_OWNER_EMAIL, `guess-${round}-${network}`, `10.66.${network}.${round + 1}`)),
      );
      for (const res of answers) {
        statuses.push(res.status);
        if (res.status === 429) retryAfters.push(Number(res.headers.get("retry-after")));
      }
    }
    expect(statuses).toHaveLength(500);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    // The account compared only its free guesses, whatever the number of networks: then the wait began.
    expect(statuses.filter((status) => status === 401)).toHaveLength(FREE_FAILURES);
    expect(Math.max(...retryAfters)).toBeLessThanOrEqual(MAX_WAIT_SECONDS);

    // The session opened before the attack works through it.
    expect((await whoAmI(tabletCookies)).status).toBe(200);
    // The owner signs in again from the tablet, even sharing a network with the attacker.
    const again = await signIn(DEVELOPMENT_OWNER_EMAIL, DEVELOPMENT_PASSWORD, "10.66.7.1", tabletCookies);
    expect(again.status).toBe(200);
    // Another person's account is not touched by an attack on the owner.
    await testDatabase().rows("INSERT INTO staff_accounts (id, name, email, role, password_hash) VALUES ($1, 'Luis', 'luis@jealousfork.test', 'staff', $2)", [
      randomUUID(),
      await hashPassword("luis's long kitchen passphrase"),
    ]);
    expect((await signIn("luis@jealousfork.test", "luis's long kitchen passphrase", "192.0.2.12")).status).toBe(200);
    // A new browser of the owner waits, at most 15 minutes, then signs in.
    const newBrowser = await signIn(DEVELOPMENT_OWNER_EMAIL, DEVELOPMENT_PASSWORD, "192.0.2.11");
    expect(newBrowser.status).toBe(429);
    vi.setSystemTime(Date.now() + MAX_WAIT_SECONDS * 1000 + 1000);
    expect((await signIn(DEVELOPMENT_OWNER_EMAIL, DEVELOPMENT_PASSWORD, "192.0.2.11")).status).toBe(200);
  });
});

describe("client networks", () => {
  it("count an IPv6 client by its /64 and an IPv4-mapped address as the IPv4 address", async () => {
    expect(clientNetwork("2001:db8:aa:bb:1:2:3:4")).toBe("2001:db8:aa:bb::/64");
    expect(clientNetwork("2001:0db8:00aa:00bb::ffff")).toBe("2001:db8:aa:bb::/64");
    expect(clientNetwork("203.0.113.9")).toBe("203.0.113.9");
    expect(clientNetwork("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(clientNetwork("::FFFF:203.0.113.9")).toBe("203.0.113.9");
    // Changing the last 64 bits, or the e-mail tried, buys no more guesses.
    const answers = [];
    for (let i = 1; i <= FREE_FAILURES + 2; i++) {
      answers.push((await signIn(`guess-${i}@example.com`, "wrong-password", `2001:db8:aa:bb::${i.toString(16)}`)).status);
    }
    expect(answers.slice(FREE_FAILURES)).toEqual([429, 429]);
    const mapped = [];
    for (let i = 1; i <= FREE_FAILURES + 1; i++) {
      mapped.push((await signIn(`mapped-${i}@example.com`, "wrong-password", i % 2 ? "203.0.113.77" : "::ffff:203.0.113.77")).status);
    }
    expect(mapped.at(-1)).toBe(429);
  });

  it("never takes a client-sent X-Forwarded-For when deployed: only Netlify's own address counts", () => {
    const spoofed = new Request("https://jealousfork.com/api/admin/session", { headers: { "x-forwarded-for": "192.0.2.99" } });
    expect(clientAddress(spoofed)).toBe("192.0.2.99");
    setDeployContext("production");
    try {
      expect(clientAddress(spoofed, "203.0.113.5")).toBe("203.0.113.5");
      expect(clientAddress(spoofed)).toBe("unknown");
      const edge = new Request("https://jealousfork.com/", { headers: { "x-forwarded-for": "192.0.2.99", "x-nf-client-connection-ip": "203.0.113.6" } });
      expect(clientAddress(edge)).toBe("203.0.113.6");
    } finally {
      setDeployContext("dev");
    }
  });
});
