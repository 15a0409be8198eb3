// A signed-in diner links their loyalty through the account page's endpoints, against the fake Square's
// Loyalty and a fake Twilio Verify: a phone proved by a texted code links the counter's loyalty account
// of that phone (both customer ids kept); with none, an account is enrolled only after the diner agrees to
// the terms shown in their language; nothing in Square's directory stands in for the code; without the
// Verify keys loyalty stays off; tiers are worded from their pricing rules.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import loyaltyAccount from "../../netlify/functions/loyalty-account.mts";
import loyaltyPublic from "../../netlify/functions/loyalty.mts";
import { openDinerSession } from "../../src/server/accounts/sessions";
import { forgetLoyaltyProgram } from "../../src/server/loyalty/program";
import { sweepLoyalty } from "../../src/server/loyalty/sweep";
import { db } from "../../src/server/platform/database";
import { sql } from "../../src/server/platform/sql";
import { startFakeVerify, type FakeVerify } from "../support/fakeVerify";
import { testDatabase } from "../support/database";
import { call, jsonOf, SITE_ORIGIN } from "../support/functions";
import { useOrderServices } from "../support/orderServices";

const running = useOrderServices();
let twilio: FakeVerify;
const KEYS = ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_VERIFY_SERVICE_SID", "TWILIO_VERIFY_BASE_URL"] as const;
beforeAll(async () => {
  twilio = await startFakeVerify();
});
afterAll(async () => {
  for (const key of KEYS) delete process.env[key];
  await twilio.stop();
});
beforeEach(async () => {
  forgetLoyaltyProgram();
  twilio.reset();
  Object.assign(process.env, { TWILIO_ACCOUNT_SID: twilio.accountSid, TWILIO_AUTH_TOKEN: twilio.authToken, TWILIO_VERIFY_SERVICE_SID: twilio.serviceSid, TWILIO_VERIFY_BASE_URL: twilio.url });
  await testDatabase().rows("DELETE FROM counters WHERE bucket LIKE 'phone-code-%'");
});

async function signedIn(): Promise<{ cookie: string; email: string; id: string }> {
  const id = randomUUID();
  const email = `diner-${id.slice(0, 8)}@example.com`;
  await db.run(sql`INSERT INTO diner_accounts (id, email, name) VALUES (${id}::uuid, ${email}, 'Ana')`);
  const setCookie = await openDinerSession(new Request(`${SITE_ORIGIN}/api/account/link/use`), id, "email-link");
  return { cookie: setCookie.split(";")[0]!, email, id };
}

const send = (cookie: string, action: string, body?: unknown, locale = "en") =>
  call(loyaltyAccount, `/api/account/loyalty${action ? `/${action}` : ""}`, {
    method: body === undefined ? "GET" : "POST",
    ...(body === undefined ? {} : { body }),
    headers: { cookie, origin: SITE_ORIGIN, "x-site-locale": locale },
  });
const linkOf = async (id: string) => (await testDatabase().rows<any>("SELECT * FROM diner_loyalty_links WHERE account_id = $1", [id]))[0];

describe("a diner links loyalty by a proved phone", () => {
  it("proves the phone with the texted code and links the counter's account, keeping both customer ids", async () => {
    running.square.loyalty.seedProgram();
    const counter = running.square.loyalty.seedAccount("+13055550142", 120, "COUNTERCUSTOMER0000000001");
    const diner = await signedIn();
    const sent = await send(diner.cookie, "phone", { phone: "(305) 555-0142" });
    expect(sent.status).toBe(200);
    expect(await jsonOf(sent)).toEqual({ proven: false, codeSent: true });
    const wrong = await send(diner.cookie, "code", { phone: "(305) 555-0142", code: "000001" });
    expect(wrong.status).toBe(400);
    const proved = await send(diner.cookie, "code", { phone: "(305) 555-0142", code: twilio.sentCode("+13055550142")! });
    expect(await jsonOf(proved)).toEqual({ proven: true, by: "code", linked: true });
    expect(await linkOf(diner.id)).toMatchObject({ loyalty_account_id: counter.id, loyalty_customer_id: "COUNTERCUSTOMER0000000001" });
    const status = await jsonOf(await send(diner.cookie, ""));
    expect(status).toMatchObject({ available: true, member: true, balance: 120, phone: "(305) 555-0142" });
  });

  it("enrols only after the diner agrees to the terms shown in their language", async () => {
    const program = running.square.loyalty.seedProgram();
    const diner = await signedIn();
    await send(diner.cookie, "phone", { phone: "(305) 555-0199" });
    const proved = await jsonOf(await send(diner.cookie, "code", { phone: "(305) 555-0199", code: twilio.sentCode("+13055550199")! }));
    expect(proved).toEqual({ proven: true, by: "code", linked: false });
    const status = await jsonOf(await send(diner.cookie, "", undefined, "es"));
    expect(status).toMatchObject({ available: true, member: false });
    expect(status.terms).toMatch(/Square Loyalty/);
    expect(status.terms).toMatch(/tu número de teléfono/);

    const refused = await send(diner.cookie, "join", { agree: false });
    expect(refused.status).toBe(400);
    expect(running.square.requestsTo("POST", "/v2/loyalty/accounts")).toHaveLength(0);

    const joined = await send(diner.cookie, "join", { agree: true });
    expect(joined.status).toBe(200);
    expect(await jsonOf(joined)).toMatchObject({ member: true, balance: 0 });
    const [create] = running.square.requestsTo("POST", "/v2/loyalty/accounts");
    expect(create!.body.loyalty_account).toEqual({ program_id: program.id, mapping: { phone_number: "+13055550199" } });
    expect((await linkOf(diner.id)).loyalty_account_id).toBe([...running.square.loyalty.accounts.values()][0].id);
  });

  it("proves a phone only by its code: a Square customer holding the phone and the account's e-mail proves nothing", async () => {
    running.square.loyalty.seedProgram();
    const diner = await signedIn();
    // Anyone can write a phone and an e-mail into Square's directory (a POS sale, a Dashboard entry).
    running.square.customers.seedProfile({ email_address: diner.email.toUpperCase(), phone_number: "+13055550111", given_name: "Ana" });
    running.square.loyalty.seedAccount("+13055550111", 30);
    const answer = await jsonOf(await send(diner.cookie, "phone", { phone: "305-555-0111" }));
    expect(answer).toEqual({ proven: false, codeSent: true });
    expect(twilio.smsCount("+13055550111")).toBe(1);
    expect(running.square.requestsTo("POST", "/v2/customers/search")).toHaveLength(0);
    expect(await linkOf(diner.id)).toBeUndefined();
  });

  it("sends at most 5 codes an hour for one phone, whoever asks", async () => {
    running.square.loyalty.seedProgram();
    for (let i = 0; i < 5; i++) expect((await send((await signedIn()).cookie, "phone", { phone: "(305) 555-0133" })).status).toBe(200);
    const sixth = await send((await signedIn()).cookie, "phone", { phone: "(305) 555-0133" });
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get("retry-after")).toBeTruthy();
    expect(twilio.smsCount("+13055550133")).toBe(5);
  });

  it("stays off without the Verify keys: nothing offered, no code sent", async () => {
    running.square.loyalty.seedProgram();
    delete process.env.TWILIO_AUTH_TOKEN;
    const diner = await signedIn();
    expect(await jsonOf(await send(diner.cookie, ""))).toEqual({ available: false });
    expect((await send(diner.cookie, "phone", { phone: "(305) 555-0142" })).status).toBe(503);
    expect(await jsonOf(await call(loyaltyPublic, "/api/loyalty"))).toEqual({ enabled: false });
  });

  it("forgets a proved phone a day later, on the reconcile schedule", async () => {
    const diner = await signedIn();
    await db.run(sql`INSERT INTO loyalty_phone_proofs (account_id, phone, proof, proved_at) VALUES (${diner.id}::uuid, '+13055550144', 'code', now() - interval '25 hours')`);
    await sweepLoyalty();
    expect(await testDatabase().count("loyalty_phone_proofs", "account_id = $1", [diner.id])).toBe(0);
  });

  it("needs a signed-in diner", async () => {
    running.square.loyalty.seedProgram();
    expect((await send("", "")).status).toBe(401);
  });
});

describe("reward tiers worded from their pricing rules", () => {
  it("says each tier's discount in English and Spanish, from the rule's DISCOUNT object", async () => {
    running.square.loyalty.seedProgram({
      tiers: [
        { points: 200, name: "Big reward", discount: { type: "FIXED_PERCENTAGE", percentage: "10", maxCents: 800 } },
        { points: 100, name: "Small reward", discount: { type: "FIXED_AMOUNT", amountCents: 500 } },
      ],
    });
    const en = await jsonOf(await call(loyaltyPublic, "/api/loyalty"));
    expect(en.tiers.map((tier: any) => [tier.points, tier.name])).toEqual([
      [100, "$5 off your order"],
      [200, "10% off your order (up to $8)"],
    ]);
    const es = await jsonOf(await call(loyaltyPublic, "/api/loyalty?lang=es"));
    expect(es.tiers.map((tier: any) => tier.name)).toEqual(["$5 de descuento en tu pedido", "10 % de descuento en tu pedido (hasta $8)"]);
    expect(running.square.requests.filter((r) => r.path.startsWith("/v2/catalog/object/")).every((r) => r.query.include_related_objects === "true")).toBe(true);
  });
});
