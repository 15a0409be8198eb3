// Sign-in links a stranger can neither spend nor kill: a link signs in at once only the browser that asked for
// it (its asker cookie); anywhere else, and over another diner's session, the API answers the question "Sign
// in as a•••@example.com?" and opens nothing until the diner says yes. At most 3 links an e-mail an hour are
// sent (a 4th gets the same 202 and sends nothing), up to 3 live ones coexist, the site has an hourly budget
// with the owner's alarm, the /48 is counted next to the /64, and link mail waits behind order mail.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import accountLink from "../../netlify/functions/account-link.mts";
import accountProfile from "../../netlify/functions/account-profile.mts";
import adminBudgets from "../../netlify/functions/admin-budgets.mts";
import { LINK_NETWORK_LIMIT } from "../../src/server/accounts/links";
import { claimDue } from "../../src/server/mail/outbox";
import { db } from "../../src/server/platform/database";
import { sql } from "../../src/server/platform/sql";
import { adminHeaders } from "../support/admin";
import { testDatabase } from "../support/database";
import { call, jsonOf, SITE_ORIGIN } from "../support/functions";
import { PICKUP_ORDER, postOrder, useOrderServices } from "../support/orderServices";

useOrderServices();
const site = { origin: SITE_ORIGIN };
const cookieOf = (res: Response) => (res.headers.get("set-cookie") ?? "").split(";")[0]!;
let owner: Record<string, string>;

beforeAll(async () => {
  owner = await adminHeaders();
  // The outbox keeps what is queued (no immediate sending): the tests read the links as their e-mails carry them.
  delete process.env.SMTP_URL;
});
beforeEach(async () => {
  await testDatabase().rows("DELETE FROM counters");
  await testDatabase().rows("DELETE FROM mail_outbox");
  await testDatabase().rows("DELETE FROM settings WHERE key = 'diner_links_hourly_budget'");
});

let nextNetwork = 0;
/** An IPv6 /64 of its own, in a /48 of its own unless one is named. */
const aNetwork = (block = `2001:db8:${(++nextNetwork).toString(16)}`) => `${block}:${(++nextNetwork).toString(16)}::1`;

/** Asks for a link as a browser would: answers the response and the asker cookie it now holds. */
async function askForLink(email: string, options: { ip?: string; browser?: string } = {}): Promise<{ res: Response; browser: string }> {
  const headers = { ...site, ...(options.browser ? { cookie: options.browser } : {}) };
  const res = await call(accountLink, "/api/account/link", { body: { email }, headers, ip: options.ip ?? aNetwork() });
  const set = cookieOf(res);
  return { res, browser: set.startsWith("jf_link_asker=") ? set : (options.browser ?? "") };
}

/** The tokens of the links queued for `email`, oldest first (as the e-mails carry them). */
async function tokensFor(email: string): Promise<string[]> {
  const rows = await db.all<{ payload: { token: string } }>(sql`SELECT payload FROM mail_outbox WHERE kind = 'diner_sign_in_link' AND recipient = ${email} ORDER BY id`);
  return rows.map((row) => row.payload.token);
}

function useLink(token: string, cookies: string[] = [], confirm?: boolean): Promise<Response> {
  const cookie = cookies.filter(Boolean).join("; ");
  return call(accountLink, "/api/account/link/use", { body: { token, ...(confirm === undefined ? {} : { confirm }) }, headers: { ...site, ...(cookie ? { cookie } : {}) } });
}

const sessionsOf = async (email: string) =>
  Number((await db.one<{ n: string }>(sql`SELECT count(*) AS n FROM diner_sessions s JOIN diner_accounts a ON a.id = s.account_id WHERE lower(a.email) = ${email}`))!.n);

describe("a sign-in link signs in only the browser that asked", () => {
  it("sets a short-lived random asker cookie, and signs in at once in that browser", async () => {
    const { res, browser } = await askForLink("ana@example.com");
    expect(res.status).toBe(202);
    expect(res.headers.get("set-cookie")).toMatch(/^jf_link_asker=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=900/);
    const [token] = await tokensFor("ana@example.com");
    const used = await useLink(token!, [browser]);
    expect(await jsonOf(used)).toEqual({ signedIn: true, created: true });
    expect(cookieOf(used)).toMatch(/^jf_diner=/);
  });

  it("opened in another browser, asks 'Sign in as a•••@example.com?' and opens no session until the diner says yes", async () => {
    await askForLink("ana.b@example.com");
    const [token] = await tokensFor("ana.b@example.com");
    const elsewhere = await useLink(token!);
    expect(elsewhere.status).toBe(200);
    expect(await jsonOf(elsewhere)).toEqual({ signedIn: false, confirm: true, email: "a•••@example.com" });
    expect(elsewhere.headers.get("set-cookie")).toBeNull();
    expect(await db.one(sql`SELECT 1 FROM diner_accounts WHERE email = 'ana.b@example.com'`)).toBeNull();
    // Another browser's asker cookie is not this link's.
    const { browser: other } = await askForLink("someone@example.com");
    expect(await jsonOf(await useLink(token!, [other]))).toMatchObject({ signedIn: false, confirm: true });

    const yes = await useLink(token!, [], true);
    expect(await jsonOf(yes)).toEqual({ signedIn: true, created: true });
    expect(cookieOf(yes)).toMatch(/^jf_diner=/);
    expect(await sessionsOf("ana.b@example.com")).toBe(1);
  });

  it("never replaces a signed-in diner's session without the choice, even with a stranger's link in hand", async () => {
    const { browser: diner } = await askForLink("dina@example.com");
    const dinerSession = cookieOf(await useLink((await tokensFor("dina@example.com"))[0]!, [diner]));
    // The stranger asks for a link to their own e-mail in their own browser, and gets the diner to open it.
    await askForLink("mallory@example.com");
    const [strangers] = await tokensFor("mallory@example.com");
    const opened = await useLink(strangers!, [dinerSession, diner]);
    expect(await jsonOf(opened)).toEqual({ signedIn: false, confirm: true, email: "m•••@example.com" });
    expect(opened.headers.get("set-cookie")).toBeNull();
    const account = await jsonOf(await call(accountProfile, "/api/account", { headers: { ...site, cookie: dinerSession } }));
    expect(account.account.email).toBe("dina@example.com");
    expect(await sessionsOf("mallory@example.com")).toBe(0);
  });
});

describe("sign-in links a stranger cannot kill or flood", () => {
  it("keeps the diner's pending link working when a stranger asks for the same e-mail from another network", async () => {
    const { browser } = await askForLink("victim@example.com");
    const [mine] = await tokensFor("victim@example.com");
    await askForLink("victim@example.com", { ip: aNetwork() });
    const used = await useLink(mine!, [browser]);
    expect(used.status).toBe(200);
    expect(await jsonOf(used)).toEqual({ signedIn: true, created: true });
  });

  it("sends at most 3 links an e-mail an hour: the 4th gets the same 202 and sends nothing, and the 3 stay live", async () => {
    const answers = [];
    for (let i = 0; i < 5; i++) {
      const { res } = await askForLink("capped@example.com");
      answers.push(`${res.status} ${await res.text()}`);
    }
    expect(new Set(answers)).toEqual(new Set(['202 {"sent":true}']));
    expect(await tokensFor("capped@example.com")).toHaveLength(3);
    const live = await db.one<{ n: string }>(sql`SELECT count(*) AS n FROM diner_links WHERE email = 'capped@example.com' AND used_at IS NULL AND expires_at > now()`);
    expect(Number(live!.n)).toBe(3);
  });

  it("stops sending past the site's hourly budget and alarms the owner once, by e-mail and in the console", async () => {
    expect((await call(adminBudgets, "/api/admin/budgets", { method: "PUT", body: { linksPerHour: 5 }, headers: owner })).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await askForLink(`flood${i}@example.com`)).res.status).toBe(202);
    expect(await testDatabase().count("mail_outbox", "kind = 'diner_sign_in_link'")).toBe(5);
    expect(await testDatabase().count("mail_outbox", "kind = 'staff_budget_alarm'")).toBe(1);
    const view = await jsonOf(await call(adminBudgets, "/api/admin/budgets", { headers: owner }));
    expect(view.alarms).toEqual([expect.objectContaining({ budget: "sign-in-links", limit: 5 })]);
  });

  it("counts the /48 next to the /64: rotating /64s of one /48 does not multiply the network's limit", async () => {
    const block = "2001:db8:4848";
    let refused = 0;
    for (let i = 0; i < 5 * LINK_NETWORK_LIMIT; i++) {
      const { res } = await askForLink(`spray${i}@example.com`, { ip: aNetwork(block) });
      if (res.status === 429) refused++;
    }
    // 4 networks' worth from the /48, then 429s, though no /64 asked more than twice.
    expect(refused).toBe(LINK_NETWORK_LIMIT);
    expect((await askForLink("home@example.com", { ip: aNetwork() })).res.status).toBe(202);
  });

  it("queues link mail behind order mail: an order's confirmation is claimed before 2,000 waiting links", { timeout: 180_000 }, async () => {
    await call(adminBudgets, "/api/admin/budgets", { method: "PUT", body: { linksPerHour: 5000 }, headers: owner });
    process.env.MAIL_RATE_PER_MINUTE = "1";
    await testDatabase().rows("UPDATE mail_send_pace SET tokens = 0, refreshed_at = now()");
    for (let i = 0; i < 2000; i += 20) {
      await Promise.all(Array.from({ length: 20 }, (_, j) => askForLink(`rush${i + j}@example.com`)));
    }
    expect(await testDatabase().count("mail_outbox", "kind = 'diner_sign_in_link' AND status = 'waiting'")).toBe(2000);
    expect((await postOrder(PICKUP_ORDER)).status).toBe(201);
    const [next] = await claimDue(1);
    expect(next!.kind).toBe("order_confirmed");
  });
});
