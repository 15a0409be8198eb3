// Password guessing is slowed per pair of account and client network and per network, never per account
// nor by a budget of everyone: the attack of five networks guessing at each wait's end, then forty at
// once, leaves the first owner signing in with the set-up password from any new browser after every
// round (after the alarm, with the second step's e-mailed code); it rings the account's alarm once (an
// e-mail and an Activity row) and makes no one wait more than 15 minutes. Compares are counted where they happen (crypto's timingSafeEqual, which every
// password check calls once).
import crypto from "node:crypto";
import { afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";

// Counted on crypto's own object, which the password module reads at each compare, whatever loaded it first.
const compares = { count: 0 };
const realCompare = crypto.timingSafeEqual;
vi.spyOn(crypto, "timingSafeEqual").mockImplementation((a, b) => {
  compares.count++;
  return realCompare(a, b);
});

const { default: session } = await import("../../netlify/functions/admin-session.mts");
const { DEVELOPMENT_OWNER_EMAIL, DEVELOPMENT_PASSWORD } = await import("../../src/server/staff/adminSession");
const { ALARM_FAILURES, FREE_FAILURES, MAX_WAIT_SECONDS } = await import("../../src/server/staff/signInLimits");
const { default: passkeys } = await import("../../netlify/functions/admin-passkeys.mts");
const { default: passkeySession } = await import("../../netlify/functions/admin-passkey-session.mts");
const { default: sessionCode } = await import("../../netlify/functions/admin-session-code.mts");
const { SoftAuthenticator } = await import("../support/passkey");
const { clientAddress, clientNetwork } = await import("../../src/server/platform/rateLimit");
const { setDeployContext } = await import("../support/deployContext");
const { call, jsonOf, SITE_ORIGIN } = await import("../support/functions");
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

const OWNER_NETWORK = (n: number) => `192.0.2.${n}`;
/** The owner's right password from a browser never seen before, on a network never seen before. */
let ownerNetworks = 100;
const ownerFromNewBrowser = () => ownerSignsIn(OWNER_NETWORK(++ownerNetworks));
/** The owner's right password from a new browser on `ip`, through the second step when it is asked. */
async function ownerSignsIn(ip: string): Promise<Response> {
  const res = await signIn(DEVELOPMENT_OWNER_EMAIL, DEVELOPMENT_PASSWORD, ip);
  if (res.status !== 202) return res;
  // After the alarm: the second step, with the code the e-mail carries (mail goes nowhere here, so it waits in the outbox).
  const { challenge, emailed } = (await jsonOf(res)).secondStep;
  expect(emailed).toBe(true);
  const [mail] = await testDatabase().rows<{ code: string }>(
    "SELECT payload->>'token' AS code FROM mail_outbox WHERE payload->>'event' = 'sign-in-code' ORDER BY id DESC LIMIT 1",
  );
  return call(sessionCode, "/api/admin/session/code", { body: { challenge, code: mail!.code }, ip });
}

/** A wrong guess refused: 401, or once the account's alarm has rung the second step's 202, the same answer a
 * right password from a stranger's browser gets, which opens no session without the e-mailed code. */
const refusedGuess = (status: number) => (status === 202 ? 401 : status);

describe("an attack on the first owner's account from many networks", () => {
  it("slows each guessing network, never the owner's right password from a new network, and raises one alarm", async () => {
    process.env.SMTP_URL = "smtp://127.0.0.1:9";
    try {
      const attackers = Array.from({ length: 5 }, (_, n) => `10.66.${n}.1`);
      const guess = (ip: string, i: number) => signIn(DEVELOPMENT_OWNER_EMAIL, `wrong-guess-${ip}-${i}`, ip);
      // Five networks guess until each is made to wait; no e-mail is needed, it defaults to the owner's.
      for (const ip of attackers) {
        const statuses = [];
        for (let i = 0; i <= FREE_FAILURES; i++) statuses.push(refusedGuess((await guess(ip, i)).status));
        expect(statuses).toEqual([...Array(FREE_FAILURES).fill(401), 429]);
      }
      expect((await ownerFromNewBrowser()).status).toBe(200);

      // Then one counted guess whenever the wait ends, ten rounds (the first network's; the others wait on).
      let lastWait = 0;
      for (let round = 1; round <= 10; round++) {
        const refused = await guess(attackers[0]!, 100 + round);
        expect(refused.status).toBe(429);
        const wait = Number(refused.headers.get("retry-after"));
        expect(wait).toBeGreaterThanOrEqual(lastWait);
        expect(wait).toBeLessThanOrEqual(MAX_WAIT_SECONDS);
        lastWait = wait;
        vi.setSystemTime(Date.now() + wait * 1000);
        expect(refusedGuess((await guess(attackers[0]!, round)).status)).toBe(401);
        const owner = await ownerFromNewBrowser();
        expect(owner.status, `round ${round}`).toBe(200);
      }
      // The waits grew to the ceiling and no further.
      const last = await guess(attackers[0]!, 999);
      expect(last.status).toBe(429);
      expect(Number(last.headers.get("retry-after"))).toBe(MAX_WAIT_SECONDS);

      // A burst of 40 networks at once, the owner signing in among them.
      const burst = await Promise.all([
        ...Array.from({ length: 40 }, (_, n) => guess(`10.77.${n}.1`, 0)),
        ownerFromNewBrowser(),
      ]);
      expect(burst.slice(0, 40).every((res) => refusedGuess(res.status) === 401)).toBe(true);
      expect(burst[40]!.status).toBe(200);
      expect((await ownerFromNewBrowser()).status).toBe(200);

      // The account's failures are an alarm: one Activity row and one e-mail to the owner, not one per failure.
      const alarms = await testDatabase().rows<{ target: string; actor: string }>("SELECT target, actor FROM staff_activity WHERE action = 'sign-in.alarm'");
      expect(alarms).toEqual([{ target: DEVELOPMENT_OWNER_EMAIL, actor: "Sign-in guard" }]);
      const mails = await testDatabase().rows<{ recipient: string; payload: { event: string; failures: number } }>(
        "SELECT recipient, payload FROM mail_outbox WHERE kind = 'staff_security_notice' AND payload->>'event' = 'sign-in-alarm'",
      );
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ recipient: DEVELOPMENT_OWNER_EMAIL, payload: { event: "sign-in-alarm", failures: ALARM_FAILURES } });
    } finally {
      delete process.env.SMTP_URL;
    }
    // Each guess is compared through the slow hash (about half a second, more on a busy machine).
  }, 600_000);

  it("keeps a known browser signing in on the attacker's own network, and never holds a passkey back", async () => {
    // Mail is set up (going nowhere): a new browser's second step has its code e-mailed.
    process.env.SMTP_URL = "smtp://127.0.0.1:9";
    onTestFinished(() => {
      delete process.env.SMTP_URL;
    });
    const tablet = await ownerSignsIn("192.0.2.10");
    expect(tablet.status).toBe(200);
    const tabletCookies = cookiesOf(tablet);
    // The guest Wi-Fi: a stranger guesses from the restaurant's own network until it must wait.
    for (let i = 0; i <= FREE_FAILURES; i++) await signIn(DEVELOPMENT_OWNER_EMAIL, `guest-guess-${i}`, "192.0.2.77");
    expect((await signIn(DEVELOPMENT_OWNER_EMAIL, "guest-guess", "192.0.2.77")).status).toBe(429);
    // The session opened before works through it, and the tablet signs in again on that network.
    expect((await whoAmI(tabletCookies)).status).toBe(200);
    expect((await signIn(DEVELOPMENT_OWNER_EMAIL, DEVELOPMENT_PASSWORD, "192.0.2.77", tabletCookies)).status).toBe(200);
    // Another person's account is not touched by an attack on the owner.
    await testDatabase().rows("INSERT INTO staff_accounts (id, name, email, role, password_hash) VALUES ($1, 'Luis', 'luis@jealousfork.test', 'staff', $2)", [
      randomUUID(),
      await hashPassword("luis's long kitchen passphrase"),
    ]);
    expect((await signIn("luis@jealousfork.test", "luis's long kitchen passphrase", "192.0.2.12")).status).toBe(200);
    // A passkey signs in from the waiting network.
    const owner = { cookie: cookiesOf(await ownerSignsIn("192.0.2.13")), origin: SITE_ORIGIN };
    const phone = new SoftAuthenticator(SITE_ORIGIN);
    const started = await jsonOf(await call(passkeys, "/api/admin/passkeys/options", { method: "POST", headers: owner }));
    expect((await call(passkeys, "/api/admin/passkeys", { body: { ceremonyId: started.ceremonyId, response: phone.register(started.options), label: "Phone" }, headers: owner })).status).toBe(201);
    const options = await jsonOf(await call(passkeySession, "/api/admin/session/passkey/options", { method: "POST", headers: { origin: SITE_ORIGIN }, ip: "192.0.2.77" }));
    const answer = { ceremonyId: options.ceremonyId, response: phone.authenticate(options.options) };
    expect((await call(passkeySession, "/api/admin/session/passkey", { body: answer, headers: { origin: SITE_ORIGIN }, ip: "192.0.2.77" })).status).toBe(200);
  }, 120_000);
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
