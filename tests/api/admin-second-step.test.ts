// Many networks guessing the owner's password meet the /48 they share, and once the account's alarm has
// rung a right password from a stranger's browser and network needs a second step: a 6-digit code
// e-mailed to the person (once, 10 minutes, 5 tries) or a passkey; a wrong one gets the same answer, with
// no code e-mailed. The owner's known browsers, and her own network in a browser the site knows, sign in as
// before; failures from her own /48 ring the alarm rather than make her wait; nothing ever locks the account. The slow password hash is counted where it
// runs (crypto's scrypt, which every password check calls once), so a refused guess is seen to cost none.
import crypto from "node:crypto";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

// Counted on crypto's own object, which the password module reads at each hash, whatever loaded it first.
const hashes = { count: 0 };
const realScrypt = crypto.scrypt;
vi.spyOn(crypto, "scrypt").mockImplementation(((...args: Parameters<typeof realScrypt>) => {
  hashes.count++;
  return realScrypt(...args);
}) as typeof realScrypt);

const { default: session } = await import("../../netlify/functions/admin-session.mts");
const { default: sessionCode } = await import("../../netlify/functions/admin-session-code.mts");
const { default: passkeys } = await import("../../netlify/functions/admin-passkeys.mts");
const { default: passkeySession } = await import("../../netlify/functions/admin-passkey-session.mts");
const { DEVELOPMENT_OWNER_EMAIL, DEVELOPMENT_PASSWORD } = await import("../../src/server/staff/adminSession");
const { FREE_FAILURES } = await import("../../src/server/staff/signInLimits");
const { CODE_LIFETIME_MS, CODE_TRIES, SIGN_IN_CODE_EVENT } = await import("../../src/server/staff/signInCodes");
const { hashPassword } = await import("../../src/server/staff/passwords");
const { SoftAuthenticator } = await import("../support/passkey");
const { call, jsonOf, SITE_ORIGIN } = await import("../support/functions");
const { testDatabase } = await import("../support/database");
const { useSiteMail } = await import("../support/siteMail");
const { deliverDueMail } = await import("../../src/server/mail/worker");
const deliverDueMailNow = () => deliverDueMail({ budgetMs: 5_000 });

const mail = useSiteMail();
/** The code mails read, by their text. */
const read = new Set<string>();
const OWNER_PASSWORD = "griddle smoke at six every morning";
const WRONG = { error: "Wrong e-mail or password. Please try again." };

beforeAll(() => {
  delete process.env.ADMIN_PASSWORD;
  delete process.env.OWNER_EMAIL;
});
// Each case starts an hour and a minute after the one before, on a clock that stands still unless the case
// moves it: the waits (at most 15 minutes) and the hourly allowances of codes the earlier cases used have run
// out, the account's alarm (quiet for a day) has not, and a slow machine never sees a wait run out mid-case.
let clock = Date.now();
beforeEach(() => {
  hashes.count = 0;
  clock = Math.max(clock, Date.now()) + 61 * 60 * 1000;
  vi.useFakeTimers({ toFake: ["Date"], now: clock });
});
afterEach(() => {
  vi.useRealTimers();
});

const signIn = (password: string, ip: string, cookie?: string, email = DEVELOPMENT_OWNER_EMAIL) =>
  call(session, "/api/admin/session", { body: { email, password }, ip, headers: cookie ? { cookie } : {} });
const enterCode = (challenge: string, code: string, ip: string) => call(sessionCode, "/api/admin/session/code", { body: { challenge, code }, ip });
/** The session and known-browser cookies of an answer, as a browser sends them back. */
const cookiesOf = (res: Response) => res.headers.getSetCookie().map((line) => line.split(";")[0]!).join("; ");
const whoAmI = (cookie: string) => call(session, "/api/admin/session", { headers: { cookie } });

/** The code in the sign-in code e-mail to the owner, asked from `ip`, not read before. */
async function codeFromMail(ip: string): Promise<string> {
  const caught = await mail.catcher.waitFor(
    (m) => m.subject.includes("sign-in code") && m.to.includes(DEVELOPMENT_OWNER_EMAIL) && m.text.includes(`network address ${ip})`) && !read.has(m.text),
  );
  read.add(caught.text);
  const found = /your sign-in code(?::| is) (\d{6})/i.exec(caught.text);
  if (!found) throw new Error(`no code in: ${caught.subject} / ${caught.text}`);
  return found[1]!;
}

/** A right password from a stranger's browser and network: the 202 of the second step. */
async function askedForCode(ip: string): Promise<string> {
  const res = await signIn(OWNER_PASSWORD, ip);
  expect(res.status).toBe(202);
  return (await jsonOf(res)).secondStep.challenge as string;
}

let laptop = "";

describe("300 guesses from 300 IPv6 /64s at the owner's password", () => {
  it("meet the waits of the /48s they share, cost no slow hash once refused, and leave the owner's devices signing in", async () => {
    // The owner's laptop signs in at the restaurant before the attack, and the owner sets a password.
    const first = await signIn(DEVELOPMENT_PASSWORD, "192.0.2.10");
    expect(first.status).toBe(200);
    laptop = cookiesOf(first);
    await testDatabase().rows("UPDATE staff_accounts SET password_hash = $1 WHERE email = $2", [await hashPassword(OWNER_PASSWORD), DEVELOPMENT_OWNER_EMAIL]);
    hashes.count = 0;

    // Six /48s, fifty /64s in each, taken in turn: every guess from a /64 never seen before.
    const blocks = 6;
    const statuses: number[][] = Array.from({ length: blocks }, () => []);
    for (let i = 0; i < 300; i++) {
      const block = i % blocks;
      const res = await signIn(`guess number ${i} of the night`, `2001:db8:${(0xa0 + block).toString(16)}:${Math.floor(i / blocks).toString(16)}::${(i % 7) + 1}`);
      statuses[block]!.push(res.status);
    }
    // Each /48 has its free failures answered (401, or after the alarm the step's 202), then waits.
    for (const inBlock of statuses) expect(inBlock.map((status) => (status === 429 ? 429 : "answered"))).toEqual([...Array(FREE_FAILURES).fill("answered"), ...Array(50 - FREE_FAILURES).fill(429)]);
    expect(statuses.flat().filter((status) => status === 202).length).toBeGreaterThan(0);
    // One slow hash for each guess compared, none for the 270 the /48's wait refused.
    expect(hashes.count).toBe(blocks * FREE_FAILURES);

    // The alarm rang once: the owner heard of it.
    const alarms = await testDatabase().rows("SELECT 1 FROM staff_activity WHERE action = 'sign-in.alarm'");
    expect(alarms).toHaveLength(1);

    // The known laptop signs in with the password from a café's network; at the restaurant, a new tablet
    // without the site's device cookie meets the step (guest Wi-Fi shares the restaurant's address).
    const fromCafe = await signIn(OWNER_PASSWORD, "198.51.100.20", laptop);
    expect(fromCafe.status).toBe(200);
    laptop = cookiesOf(fromCafe);
    expect((await signIn(OWNER_PASSWORD, "192.0.2.10")).status).toBe(202);
    await codeFromMail("192.0.2.10");

    // The same password from a browser and network never seen: no session, but the second step.
    const stranger = await signIn(OWNER_PASSWORD, "2001:db8:77:1::5");
    expect(stranger.status).toBe(202);
    expect(stranger.headers.get("set-cookie")).toBeNull();
    const step = (await jsonOf(stranger)).secondStep;
    expect(step).toMatchObject({ emailed: true, passkey: false });
    const code = await codeFromMail("2001:db8:77:1::5");
    const opened = await enterCode(step.challenge, code, "2001:db8:77:1::5");
    expect(opened.status).toBe(200);
    expect((await jsonOf(opened)).account).toMatchObject({ email: DEVELOPMENT_OWNER_EMAIL, role: "owner" });
    const phone = cookiesOf(opened);
    expect((await whoAmI(phone)).status).toBe(200);
    const signIns = await testDatabase().rows<{ after: { secondStep?: string } }>("SELECT after FROM staff_activity WHERE action = 'sign-in' ORDER BY id DESC LIMIT 1");
    expect(signIns[0]!.after.secondStep).toBe("e-mailed code");

    // The code works once; the browser that used it is known from now on.
    expect((await enterCode(step.challenge, code, "2001:db8:77:1::5")).status).toBe(401);
    expect((await signIn(OWNER_PASSWORD, "2001:db8:78:1::5", phone)).status).toBe(200);
    // The code lives in the outbox only until it is sent.
    const kept = await testDatabase().rows("SELECT 1 FROM mail_outbox WHERE payload ? 'token' AND status = 'sent'");
    expect(kept).toEqual([]);
  }, 300_000);

  it("after the alarm answers a stranger's right and wrong password alike: 202, the same shape and time, the code e-mailed only for the right one", async () => {
    const mailsBefore = mail.catcher.messages().filter((m) => m.subject.includes("sign-in code")).length;
    const shapeOf = (body: { authenticated: boolean; secondStep: Record<string, unknown> }) => ({
      authenticated: body.authenticated,
      step: Object.fromEntries(Object.entries(body.secondStep).map(([key, value]) => [key, key === "challenge" ? String(value).length : key === "expiresAt" ? "time" : value])),
    });
    type Answer = { ms: number; hashes: number; status: number; shape: ReturnType<typeof shapeOf>; cookie: string | null };
    const right: Answer[] = [];
    const wrong: Answer[] = [];
    for (let i = 0; i < 6; i++) {
      for (const [password, into] of [[OWNER_PASSWORD, right], [`not it ${i}`, wrong]] as const) {
        const [started, hashed] = [performance.now(), hashes.count];
        const res = await signIn(password, `198.51.100.${120 + i * 2 + (into === right ? 0 : 1)}`);
        const ms = performance.now() - started;
        into.push({ ms, hashes: hashes.count - hashed, status: res.status, shape: shapeOf(await jsonOf(res)), cookie: res.headers.get("set-cookie") });
      }
    }
    for (const answer of [...right, ...wrong]) {
      expect(answer.status).toBe(202);
      expect(answer.cookie).toBeNull();
      // The same slow work for each: one password hash compared.
      expect(answer.hashes).toBe(1);
      expect(answer.shape).toEqual(right[0]!.shape);
    }
    const median = (rows: { ms: number }[]) => rows.map((r) => r.ms).sort((a, b) => a - b)[rows.length >> 1]!;
    const [a, b] = [median(right), median(wrong)];
    expect(Math.abs(a - b)).toBeLessThan(Math.max(40, Math.max(a, b) * 0.5));
    // Codes went out for the six right passwords only: six queued with the answers, six received, none left.
    const queued = await testDatabase().rows("SELECT 1 FROM mail_outbox WHERE payload->>'event' = $1 AND payload->>'at' = $2", [SIGN_IN_CODE_EVENT, new Date().toISOString()]);
    expect(queued).toHaveLength(6);
    for (let i = 0; i < 6; i++) await codeFromMail(`198.51.100.${120 + i * 2}`);
    await deliverDueMailNow();
    expect(mail.catcher.messages().filter((m) => m.subject.includes("sign-in code")).length - mailsBefore).toBe(6);
    // A wrong password's step takes a code as a real one does: one try gone, never a way in.
    const decoy = await signIn("still not it", "198.51.100.140");
    const { challenge } = (await jsonOf(decoy)).secondStep;
    const tried = await enterCode(challenge, "123456", "198.51.100.140");
    expect(tried.status).toBe(401);
    expect((await jsonOf(tried)).error).toBe("That code is not right. 4 tries left.");
    // These codes were only read: they leave the account's codes an hour to the tests after.
    await testDatabase().rows("UPDATE staff_sign_in_codes SET used_at = now() WHERE used_at IS NULL");
  }, 180_000);

  it("answers a wrong password with 401 for an account whose alarm has not rung, and lets its right one in", async () => {
    await testDatabase().rows("INSERT INTO staff_accounts (id, name, email, role, password_hash) VALUES (gen_random_uuid(), 'Luis', 'luis@jealousfork.test', 'staff', $1)", [
      await hashPassword("luis's long kitchen passphrase"),
    ]);
    hashes.count = 0;
    const stepOff = await signIn("not the password at all", "198.51.100.32", undefined, "luis@jealousfork.test");
    expect(stepOff.status).toBe(401);
    expect(await jsonOf(stepOff)).toEqual(WRONG);
    expect(hashes.count).toBe(1);
    // The step is only for the account whose alarm rang.
    expect((await signIn("luis's long kitchen passphrase", "198.51.100.33", undefined, "luis@jealousfork.test")).status).toBe(200);
  });

  it("ends a code after 5 wrong tries and refuses one that has run out", async () => {
    const challenge = await askedForCode("198.51.100.41");
    const code = await codeFromMail("198.51.100.41");
    const wrong = code === "000000" ? "111111" : "000000";
    const answers = [];
    for (let i = 0; i < CODE_TRIES; i++) answers.push((await jsonOf(await enterCode(challenge, wrong, "198.51.100.41"))).error as string);
    expect(answers[0]).toBe("That code is not right. 4 tries left.");
    expect(answers[3]).toBe("That code is not right. 1 try left.");
    expect(answers[4]).toMatch(/it has now ended/);
    const late = await enterCode(challenge, code, "198.51.100.41");
    expect(late.status).toBe(401);
    expect((await jsonOf(late)).error).toMatch(/run out or was already used/);

    const next = await askedForCode("198.51.100.42");
    const nextCode = await codeFromMail("198.51.100.42");
    vi.setSystemTime(Date.now() + CODE_LIFETIME_MS + 1000);
    expect((await enterCode(next, nextCode, "198.51.100.42")).status).toBe(401);
  });

  it("limits codes tried from one network, never the owner's own code from another", async () => {
    // Someone who knows the password tries codes from one network until it must wait.
    const statuses: number[] = [];
    for (let round = 0; round < 3; round++) {
      const challenge = await askedForCode("198.51.100.66");
      await codeFromMail("198.51.100.66");
      for (let i = 0; i < CODE_TRIES && statuses.at(-1) !== 429; i++) statuses.push((await enterCode(challenge, "123450", "198.51.100.66")).status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    // The owner, on a new phone elsewhere, gets through with her code.
    const mine = await askedForCode("198.51.100.67");
    expect((await enterCode(mine, await codeFromMail("198.51.100.67"), "198.51.100.67")).status).toBe(200);
  });

  it("offers a passkey at the step, lets it through, and knows its network afterwards", async () => {
    const owner = { cookie: cookiesOf(await signIn(OWNER_PASSWORD, "192.0.2.10", laptop)), origin: SITE_ORIGIN };
    const key = new SoftAuthenticator(SITE_ORIGIN);
    const started = await jsonOf(await call(passkeys, "/api/admin/passkeys/options", { method: "POST", headers: owner }));
    expect((await call(passkeys, "/api/admin/passkeys", { body: { ceremonyId: started.ceremonyId, response: key.register(started.options), label: "Phone" }, headers: owner })).status).toBe(201);
    const stranger = await signIn(OWNER_PASSWORD, "198.51.100.91");
    expect((await jsonOf(stranger)).secondStep).toMatchObject({ passkey: true });
    const options = await jsonOf(await call(passkeySession, "/api/admin/session/passkey/options", { method: "POST", headers: { origin: SITE_ORIGIN }, ip: "198.51.100.91" }));
    const answer = { ceremonyId: options.ceremonyId, response: key.authenticate(options.options) };
    expect((await call(passkeySession, "/api/admin/session/passkey", { body: answer, headers: { origin: SITE_ORIGIN }, ip: "198.51.100.91" })).status).toBe(200);
    // That network is the owner's own from now on, but only in a browser the site knows: another browser
    // there without the device cookie still meets the step.
    expect((await signIn(OWNER_PASSWORD, "198.51.100.91")).status).toBe(202);
  });

  it("lets failures from the owner's own /48 ring the alarm, never make her wait there", async () => {
    // The owner signs in from her office's network (its /48), where others share the building's addresses.
    const office = await signIn(OWNER_PASSWORD, "2001:db8:0ffe:1::10", laptop);
    expect(office.status).toBe(200);
    for (let i = 0; i < 2 * FREE_FAILURES; i++) await signIn(`a neighbour's guess ${i}`, `2001:db8:0ffe:${(0x100 + i).toString(16)}::7`);
    // Her phone, on another /64 of the same /48, is not held back: the alarm's step asks for her code instead.
    const phone = await signIn(OWNER_PASSWORD, "2001:db8:0ffe:2::5");
    expect(phone.status).toBe(202);
    // A /48 she never signed in from still waits.
    for (let i = 0; i < 2 * FREE_FAILURES; i++) await signIn(`a stranger's guess ${i}`, `2001:db8:0bad:${(0x100 + i).toString(16)}::7`);
    expect((await signIn(OWNER_PASSWORD, "2001:db8:0bad:2::5")).status).toBe(429);
  }, 180_000);

  it("without mail set up, makes no code and points to a passkey", async () => {
    const smtp = process.env.SMTP_URL;
    delete process.env.SMTP_URL;
    try {
      const res = await signIn(OWNER_PASSWORD, "198.51.100.95");
      expect(res.status).toBe(202);
      expect((await jsonOf(res)).secondStep).toMatchObject({ emailed: false, passkey: true });
    } finally {
      process.env.SMTP_URL = smtp;
    }
  });

  it("clears after a day without failures", async () => {
    vi.setSystemTime(Date.now() + 24 * 60 * 60 * 1000 + 60_000);
    expect((await signIn(OWNER_PASSWORD, "198.51.100.99")).status).toBe(200);
  });
});
