// Diner accounts without passwords: a diner asks for a link by e-mail (the same answer for every e-mail,
// known or not), the link makes the account and signs them in once, they add a passkey with fresh proof
// (and hear of it by e-mail), sign in with it without typing anything, see and end their sessions, and
// delete the account with our data at once. Waits fall on a network and on (e-mail, network), never on
// an e-mail alone. The diner's cookie is its own: it opens no console, and the console's opens no account.
import { beforeAll, describe, expect, it } from "vitest";
import accountProfile from "../../netlify/functions/account-profile.mts";
import accountLink from "../../netlify/functions/account-link.mts";
import accountSession from "../../netlify/functions/account-session.mts";
import accountPasskeys from "../../netlify/functions/account-passkeys.mts";
import accountSessions from "../../netlify/functions/account-sessions.mts";
import adminSession from "../../netlify/functions/admin-session.mts";
import { deliverDueMail } from "../../src/server/mail/worker";
import { db } from "../../src/server/platform/database";
import { sql } from "../../src/server/platform/sql";
import { LINK_NETWORK_LIMIT, LINK_PAIR_LIMIT } from "../../src/server/accounts/links";
import { timedInPairs } from "../support/sameTime";
import { adminCookie } from "../support/admin";
import { call, jsonOf, SITE_ORIGIN } from "../support/functions";
import { SoftAuthenticator } from "../support/passkey";
import { useSiteMail } from "../support/siteMail";
import { ASKING_BROWSER } from "../support/linkAsker";

const mail = useSiteMail();
beforeAll(() => {
  // The development owner signs in to the console (the staff cookie of the test that keeps the doors apart).
  delete process.env.ADMIN_PASSWORD;
  delete process.env.OWNER_EMAIL;
});
const site = { origin: SITE_ORIGIN };
const cookieOf = (res: Response) => (res.headers.get("set-cookie") ?? "").split(";")[0]!;

let nextNetwork = 10;
const aNetwork = () => `198.51.100.${nextNetwork++}`;

function askForLink(email: string, options: { name?: string; ip?: string; locale?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = { ...site, cookie: ASKING_BROWSER, ...(options.locale ? { "x-site-locale": options.locale } : {}) };
  return call(accountLink, "/api/account/link", { body: { email, ...(options.name ? { name: options.name } : {}) }, headers, ip: options.ip ?? aNetwork() });
}

/** The token of the newest link e-mailed to `email`, read from the e-mail as the diner would. */
async function linkFromInbox(email: string): Promise<string> {
  await deliverDueMail();
  const message = await mail.catcher.waitFor((caught) => caught.to.includes(email) && /#link=/.test(caught.text) && !usedTokens.has(tokenIn(caught.text)));
  const token = tokenIn(message.text);
  usedTokens.add(token);
  return token;
}
const usedTokens = new Set<string>();
const tokenIn = (text: string) => /#link=([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? "";

/** Uses a link in the browser that asked for it (its asker cookie beside any other). */
function useLink(token: string, headers: Record<string, string> = {}): Promise<Response> {
  const cookie = [ASKING_BROWSER, headers.cookie].filter(Boolean).join("; ");
  return call(accountLink, "/api/account/link/use", { body: { token }, headers: { ...site, ...headers, cookie } });
}

async function signUp(email: string, name = "Ana"): Promise<string> {
  expect((await askForLink(email, { name })).status).toBe(202);
  const res = await useLink(await linkFromInbox(email));
  expect(res.status).toBe(200);
  return cookieOf(res);
}

const accountOf = (cookie: string) => call(accountProfile, "/api/account", { headers: { ...site, cookie } });

async function addPasskey(cookie: string, authenticator: SoftAuthenticator): Promise<Response> {
  const start = await call(accountPasskeys, "/api/account/passkeys/options", { method: "POST", headers: { ...site, cookie } });
  if (start.status !== 200) return start;
  const { ceremonyId, options } = await jsonOf(start);
  return call(accountPasskeys, "/api/account/passkeys", { body: { ceremonyId, response: authenticator.register(options), label: "Phone" }, headers: { ...site, cookie } });
}

async function passkeySignIn(authenticator: SoftAuthenticator): Promise<Response> {
  const { ceremonyId, options } = await jsonOf(await call(accountSession, "/api/account/session/options", { method: "POST", headers: site }));
  return call(accountSession, "/api/account/session", { body: { ceremonyId, response: authenticator.authenticate(options) }, headers: site });
}

describe("a diner's account without a password", () => {
  it("is made by the e-mailed link, which signs the diner in once, with a cookie of its own", async () => {
    const ask = await askForLink("ana@example.com", { name: "Ana" });
    expect(ask.status).toBe(202);
    const token = await linkFromInbox("ana@example.com");
    expect(await db.one(sql`SELECT 1 FROM diner_accounts WHERE email = 'ana@example.com'`)).toBeNull();

    const used = await useLink(token);
    expect(used.status).toBe(200);
    expect(await jsonOf(used)).toEqual({ signedIn: true, created: true });
    expect(used.headers.get("set-cookie")).toMatch(/^jf_diner=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=\d+/);
    const account = await jsonOf(await accountOf(cookieOf(used)));
    expect(account.account).toMatchObject({ email: "ana@example.com", name: "Ana" });
    expect(account.passkeys).toEqual([]);
    expect(account.sessions).toHaveLength(1);

    const again = await useLink(token);
    expect(again.status).toBe(404);
    expect(again.headers.get("set-cookie")).toBeNull();
    // Only a hash of the token is kept.
    expect(await db.one(sql`SELECT 1 FROM diner_links WHERE token_hash = ${token}`)).toBeNull();
  });

  it("gives known and unknown e-mails the same answer, after the same work, in about the same time", async () => {
    // Known accounts, each asked for within its 3 links an hour (past them nothing is sent, for known and unknown alike).
    for (let i = 0; i < 12; i++) await db.run(sql`INSERT INTO diner_accounts (id, email, name) VALUES (gen_random_uuid(), ${`known${i}@example.com`}, 'Kim')`);
    const answer = async (email: string) => {
      const res = await askForLink(email);
      return `${res.status} ${await res.text()}`;
    };
    const timed = await timedInPairs(12, (i) => answer(`known${i}@example.com`), (i) => answer(`nobody${i}@example.com`));
    expect(new Set([...timed.firsts, ...timed.seconds])).toEqual(new Set(['202 {"sent":true}']));
    expect(Math.abs(timed.pairGap)).toBeLessThan(Math.max(20, timed.typical * 0.5));
    // One link e-mail queued for each request, known or not.
    const queued = await db.one<{ known: string; unknown: string }>(sql`
      SELECT count(*) FILTER (WHERE recipient LIKE 'known%') AS known,
             count(*) FILTER (WHERE recipient LIKE 'nobody%') AS unknown
      FROM mail_outbox WHERE kind = 'diner_sign_in_link'`);
    expect(Number(queued!.unknown)).toBe(12);
    expect(Number(queued!.known)).toBe(12);
  });

  it("lets no stranger lock a diner out: waits fall on the stranger's network and its pair with the e-mail", async () => {
    const stranger = aNetwork();
    for (let i = 0; i < LINK_PAIR_LIMIT; i++) expect((await askForLink("victim@example.com", { ip: stranger })).status).toBe(202);
    const refused = await askForLink("victim@example.com", { ip: stranger });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // The diner, at home, still gets a link.
    expect((await askForLink("victim@example.com", { ip: aNetwork() })).status).toBe(202);

    const flooder = aNetwork();
    for (let i = 0; i < LINK_NETWORK_LIMIT; i++) expect((await askForLink(`spray${i}@example.com`, { ip: flooder })).status).toBe(202);
    expect((await askForLink("another@example.com", { ip: flooder })).status).toBe(429);
    expect((await askForLink("another@example.com", { ip: aNetwork() })).status).toBe(202);
  });

  it("refuses a link after its 15 minutes", async () => {
    await askForLink("late@example.com");
    const token = await linkFromInbox("late@example.com");
    await db.run(sql`UPDATE diner_links SET expires_at = now() - interval '1 second', created_at = now() - interval '16 minutes' WHERE email = 'late@example.com'`);
    expect((await useLink(token)).status).toBe(404);
  });

  it("writes the link e-mail in the diner's language, to the Spanish account page", async () => {
    await askForLink("lucia@example.com", { locale: "es" });
    await deliverDueMail();
    const message = await mail.catcher.waitFor((caught) => caught.to.includes("lucia@example.com"));
    expect(message.subject).toBe("Tu enlace para entrar a Jealous Fork");
    expect(message.text).toContain("https://jealousfork.example/es/cuenta#link=");
  });
});

describe("passkeys of a diner", () => {
  it("are added with fresh proof and an e-mailed notice, then sign the diner in without an e-mail", async () => {
    const cookie = await signUp("pablo@example.com", "Pablo");
    const phone = new SoftAuthenticator(SITE_ORIGIN);
    const added = await addPasskey(cookie, phone);
    expect(added.status).toBe(201);
    await deliverDueMail();
    const notice = await mail.catcher.waitFor((caught) => caught.to.includes("pablo@example.com") && caught.subject.includes("passkey"));
    expect(notice.text).toContain("Phone");

    const signedIn = await passkeySignIn(phone);
    expect(signedIn.status).toBe(200);
    const account = await jsonOf(await accountOf(cookieOf(signedIn)));
    expect(account.account.email).toBe("pablo@example.com");
    expect(account.passkeys.map((p: { label: string }) => p.label)).toEqual(["Phone"]);
  });

  it("need a session opened in the last 5 minutes to be added", async () => {
    const cookie = await signUp("stale@example.com");
    await db.run(sql`UPDATE diner_sessions SET created_at = now() - interval '6 minutes' WHERE account_id = (SELECT id FROM diner_accounts WHERE email = 'stale@example.com')`);
    const refused = await addPasskey(cookie, new SoftAuthenticator(SITE_ORIGIN));
    expect(refused.status).toBe(403);
    expect(await db.one(sql`SELECT 1 FROM diner_passkeys p JOIN diner_accounts a ON a.id = p.account_id WHERE a.email = 'stale@example.com'`)).toBeNull();
  });

  it("open nothing when replayed, made for another site, or without user verification", async () => {
    const cookie = await signUp("rita@example.com");
    const phone = new SoftAuthenticator(SITE_ORIGIN);
    expect((await addPasskey(cookie, phone)).status).toBe(201);
    const { ceremonyId, options } = await jsonOf(await call(accountSession, "/api/account/session/options", { method: "POST", headers: site }));
    const answer = { ceremonyId, response: phone.authenticate(options) };
    expect((await call(accountSession, "/api/account/session", { body: answer, headers: site })).status).toBe(200);
    expect((await call(accountSession, "/api/account/session", { body: answer, headers: site })).status).toBe(400);

    expect((await addPasskey(cookie, new SoftAuthenticator("https://jealousfork-login.example"))).status).toBe(400);
    expect((await addPasskey(cookie, new SoftAuthenticator(SITE_ORIGIN, { userVerified: false }))).status).toBe(400);
  });
});

describe("sessions of a diner", () => {
  it("are listed on the account and can be ended from another device", async () => {
    const laptop = await signUp("sofia@example.com");
    await askForLink("sofia@example.com");
    const phone = cookieOf(await useLink(await linkFromInbox("sofia@example.com")));
    const { sessions } = await jsonOf(await accountOf(laptop));
    expect(sessions).toHaveLength(2);
    const other = sessions.find((s: { current: boolean }) => !s.current);
    const ended = await call(accountSessions, `/api/account/sessions/${other.id}`, { method: "DELETE", params: { id: other.id }, headers: { ...site, cookie: laptop } });
    expect(ended.status).toBe(200);
    expect((await accountOf(phone)).status).toBe(401);
    expect((await accountOf(laptop)).status).toBe(200);

    const out = await call(accountSession, "/api/account/session", { method: "DELETE", headers: { ...site, cookie: laptop } });
    expect(out.headers.get("set-cookie")).toMatch(/^jf_diner=; Path=\/; HttpOnly; SameSite=Strict; Max-Age=0/);
    expect((await accountOf(laptop)).status).toBe(401);
  });

  it("are apart from the staff's: neither cookie opens the other's door", async () => {
    const diner = await signUp("tomas@example.com");
    expect((await call(adminSession, "/api/admin/session", { headers: { cookie: diner } })).status).toBe(401);
    const staff = await adminCookie();
    expect((await accountOf(staff)).status).toBe(401);
  });

  it("refuse a change sent from another site", async () => {
    const cookie = await signUp("eva@example.com");
    const res = await call(accountProfile, "/api/account", { method: "DELETE", headers: { cookie, origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    expect((await accountOf(cookie)).status).toBe(200);
  });
});

describe("changes that need a sign-in of the last 5 minutes", () => {
  it("refuses a 90-day-old session deleting the account, removing a passkey or changing the phone, with a sentence to sign in again", async () => {
    const cookie = await signUp("old@example.com");
    const phone = new SoftAuthenticator(SITE_ORIGIN);
    expect((await addPasskey(cookie, phone)).status).toBe(201);
    const [passkey] = (await jsonOf(await accountOf(cookie))).passkeys;
    await db.run(sql`UPDATE diner_sessions SET created_at = now() - interval '89 days' WHERE account_id = (SELECT id FROM diner_accounts WHERE email = 'old@example.com')`);
    const stale = [
      await call(accountProfile, "/api/account", { method: "DELETE", headers: { ...site, cookie } }),
      await call(accountPasskeys, `/api/account/passkeys/${passkey.id}`, { method: "DELETE", params: { id: passkey.id }, headers: { ...site, cookie } }),
      await call(accountProfile, "/api/account", { method: "PATCH", body: { name: "Ana", phone: "(305) 555-0177" }, headers: { ...site, cookie } }),
    ];
    for (const res of stale) {
      expect(res.status).toBe(403);
      expect((await jsonOf(res)).error).toBe("For your safety, please sign in again (with a passkey or an e-mailed link), then make this change within 5 minutes.");
    }
    const account = await jsonOf(await accountOf(cookie));
    expect(account.passkeys).toHaveLength(1);
    expect(account.account.phone).toBe("");
    // The name alone may change on an old session; with a fresh sign-in the phone may too.
    expect((await call(accountProfile, "/api/account", { method: "PATCH", body: { name: "Ana María", phone: "" }, headers: { ...site, cookie } })).status).toBe(200);
    const fresh = cookieOf(await passkeySignIn(phone));
    expect((await call(accountProfile, "/api/account", { method: "PATCH", body: { name: "Ana", phone: "(305) 555-0177" }, headers: { ...site, cookie: fresh } })).status).toBe(200);
    expect((await call(accountProfile, "/api/account", { method: "DELETE", headers: { ...site, cookie: fresh } })).status).toBe(200);
  });
});

describe("deleting an account", () => {
  it("removes the account, its passkeys, sessions, links and account e-mails at once", async () => {
    const cookie = await signUp("gone@example.com");
    const phone = new SoftAuthenticator(SITE_ORIGIN);
    expect((await addPasskey(cookie, phone)).status).toBe(201);
    await askForLink("gone@example.com");
    const res = await call(accountProfile, "/api/account", { method: "DELETE", headers: { ...site, cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/^jf_diner=; /);
    expect(await db.one(sql`SELECT 1 FROM diner_accounts WHERE lower(email) = 'gone@example.com'`)).toBeNull();
    expect(await db.one(sql`SELECT 1 FROM diner_links WHERE lower(email) = 'gone@example.com'`)).toBeNull();
    expect(await db.one(sql`SELECT 1 FROM mail_outbox WHERE kind LIKE 'diner%' AND recipient = 'gone@example.com'`)).toBeNull();
    expect((await accountOf(cookie)).status).toBe(401);
    expect((await passkeySignIn(phone)).status).toBe(401);
  });
});
