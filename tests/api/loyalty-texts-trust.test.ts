// Texted codes only to the restaurant's diners, within budgets: Verify codes go only to US numbers (any other
// gets 400 in the diner's language and no text); sends are counted per account (3 a day), per phone, per /64
// and per /48, and against the site's hourly budget the owner sets (30 unless set), past which texts stop,
// diners read one sentence and the owner is alarmed once; tries at a code are limited, and a code is checked
// only for the account that asked for it. Against a fake Twilio Verify written from Twilio's published API.
import { randomUUID } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import loyaltyAccount from "../../netlify/functions/loyalty-account.mts";
import adminBudgets from "../../netlify/functions/admin-budgets.mts";
import { openDinerSession } from "../../src/server/accounts/sessions";
import { forgetLoyaltyProgram } from "../../src/server/loyalty/program";
import { db } from "../../src/server/platform/database";
import { sql } from "../../src/server/platform/sql";
import { adminHeaders } from "../support/admin";
import { useLoyaltyKeys } from "../support/loyaltyKeys";
import { testDatabase } from "../support/database";
import { call, jsonOf, SITE_ORIGIN } from "../support/functions";
import { useOrderServices } from "../support/orderServices";

const running = useOrderServices();
const keys = useLoyaltyKeys();
let owner: Record<string, string>;
beforeAll(async () => {
  owner = await adminHeaders();
});
beforeEach(async () => {
  forgetLoyaltyProgram();
  running.square.loyalty.seedProgram();
  await testDatabase().rows("DELETE FROM counters");
  await testDatabase().rows("DELETE FROM settings WHERE key = 'texts_hourly_budget'");
  await testDatabase().rows("DELETE FROM mail_outbox");
});

async function signedIn(): Promise<{ cookie: string; id: string }> {
  const id = randomUUID();
  await db.run(sql`INSERT INTO diner_accounts (id, email, name) VALUES (${id}::uuid, ${`diner-${id.slice(0, 8)}@example.com`}, 'Ana')`);
  const setCookie = await openDinerSession(new Request(`${SITE_ORIGIN}/api/account/loyalty`), id, "email-link");
  return { cookie: setCookie.split(";")[0]!, id };
}

let nextNetwork = 0;
/** An IPv6 /64 of its own, in a /48 of its own unless one is named. */
const aNetwork = (block = `2001:db8:${(++nextNetwork).toString(16)}`) => `${block}:${(++nextNetwork).toString(16)}::1`;

const ask = (cookie: string, phone: string, options: { ip?: string; locale?: string } = {}) =>
  call(loyaltyAccount, "/api/account/loyalty/phone", { body: { phone }, headers: { cookie, origin: SITE_ORIGIN, "x-site-locale": options.locale ?? "en" }, ip: options.ip ?? aNetwork() });
const check = (cookie: string, phone: string, code: string, ip = aNetwork()) =>
  call(loyaltyAccount, "/api/account/loyalty/code", { body: { phone, code }, headers: { cookie, origin: SITE_ORIGIN }, ip });

describe("texted codes go only to US numbers", () => {
  it("refuses satellite, premium, Caribbean, territory and Canadian numbers with 400 in the diner's language, and texts none", async () => {
    const diner = await signedIn();
    const abroad = ["+882 1234 5678 90", "+44 909 876 5432", "+1 876 555 0142", "+1 649 555 0142", "+1 787 555 0142", "+1 416 555 0142", "+1 900 555 0142"];
    for (const phone of abroad) {
      const res = await ask(diner.cookie, phone);
      expect(res.status, phone).toBe(400);
      expect((await jsonOf(res)).error).toBe("We can text codes only to US mobile numbers. Enter a US number, for example (305) 555-0142.");
    }
    const spanish = await ask(diner.cookie, "+1 876 555 0142", { locale: "es" });
    expect((await jsonOf(spanish)).error).toMatch(/^Solo podemos enviar códigos a celulares de EE. UU./);
    expect(keys.twilio.totalSms()).toBe(0);
    // A Miami number still gets its code.
    expect((await ask(diner.cookie, "(305) 555-0142")).status).toBe(200);
    expect(keys.twilio.totalSms()).toBe(1);
  });
});

describe("texts within budgets", () => {
  it("sends one account at most 3 codes a day, whatever the phones and networks", async () => {
    const diner = await signedIn();
    for (let i = 0; i < 3; i++) expect((await ask(diner.cookie, `(305) 555-01${10 + i}`)).status).toBe(200);
    const fourth = await ask(diner.cookie, "(305) 555-0120");
    expect(fourth.status).toBe(429);
    expect((await jsonOf(fourth)).error).toBe("You have asked for 3 codes today. Please try again tomorrow.");
    expect(keys.twilio.totalSms()).toBe(3);
  });

  it("counts the /48 next to the /64: 20 /64s of one /48 send 10 codes, not 100", async () => {
    const block = "2001:db8:4848";
    let sent = 0;
    for (let net = 0; net < 20; net++) {
      const ip = aNetwork(block);
      for (let i = 0; i < 5; i++) if ((await ask((await signedIn()).cookie, `(305) 555-${String(1000 + net * 5 + i)}`, { ip })).status === 200) sent++;
    }
    expect(sent).toBe(10);
    expect(keys.twilio.totalSms()).toBe(10);
  });

  it("stops texts past the owner's hourly budget: one sentence to diners, one alarm to the owner (an e-mail and a banner)", async () => {
    expect((await call(adminBudgets, "/api/admin/budgets", { headers: owner }).then(jsonOf)).textsPerHour).toBe(30);
    expect((await call(adminBudgets, "/api/admin/budgets", { method: "PUT", body: { textsPerHour: 4 }, headers: owner })).status).toBe(200);
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await ask((await signedIn()).cookie, `(305) 555-02${10 + i}`));
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 429, 429, 429]);
    expect((await jsonOf(answers[4]!)).error).toBe("Texted codes are paused for now because of unusual demand. Please try again in an hour.");
    expect(keys.twilio.totalSms()).toBe(4);
    expect(await testDatabase().count("mail_outbox", "kind = 'staff_budget_alarm'")).toBe(1);
    const view = await jsonOf(await call(adminBudgets, "/api/admin/budgets", { headers: owner }));
    expect(view.alarms).toEqual([expect.objectContaining({ budget: "texts", limit: 4 })]);
    expect(view.textsSentThisHour).toBeGreaterThanOrEqual(4);
  });
});

describe("tries at a code", () => {
  it("checks a code only for the account that asked for it: a stranger cannot spend the diner's tries", async () => {
    const diner = await signedIn();
    const stranger = await signedIn();
    expect((await ask(diner.cookie, "(305) 555-0300")).status).toBe(200);
    for (let i = 0; i < 5; i++) {
      const guess = await check(stranger.cookie, "(305) 555-0300", String(100000 + i));
      expect(guess.status).toBe(400);
      expect((await jsonOf(guess)).error).toBe("Ask for a code to this number first, then type the code you receive.");
    }
    const right = await check(diner.cookie, "(305) 555-0300", keys.twilio.sentCode("+13055550300")!);
    expect(await jsonOf(right)).toMatchObject({ proven: true, by: "code" });
  });

  it("limits tries per account, per network and per phone", async () => {
    const diner = await signedIn();
    expect((await ask(diner.cookie, "(305) 555-0301")).status).toBe(200);
    const statuses = [];
    for (let i = 0; i < 12; i++) statuses.push((await check(diner.cookie, "(305) 555-0301", String(200000 + i))).status);
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // One network's tries over many accounts stop as well.
    const ip = aNetwork();
    const fromOneNetwork = [];
    for (let i = 0; i < 11; i++) fromOneNetwork.push((await check((await signedIn()).cookie, `(305) 555-04${10 + i}`, "123456", ip)).status);
    expect(fromOneNetwork.at(-1)).toBe(429);
  });
});
