// "Once per diner" and "first order only" as an owner means them: a signed-in diner is known by their
// account whatever e-mail or phone they type; a guest by the normalised e-mail and phone of earlier orders;
// one diner sending the same code many times at once is given it once; and an account guessing codes is
// stopped after 10 tries, from whatever network.
import { randomUUID } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import adminOffers from "../../netlify/functions/admin-offers.mts";
import offerCheck from "../../netlify/functions/offer-check.mts";
import ordersHandler from "../../netlify/functions/orders.mts";
import { adminHeaders } from "../support/admin";
import { testDatabase } from "../support/database";
import { call, jsonOf, SITE_ORIGIN } from "../support/functions";
import { cardToken } from "../support/fakeSquareCards";
import { PICKUP_ORDER, useOrderServices } from "../support/orderServices";
import { signedInDiner } from "../support/linkAsker";

const running = useOrderServices();
let admin: Record<string, string>;
beforeAll(async () => {
  admin = await adminHeaders();
});
beforeEach(async () => {
  await testDatabase().rows("DELETE FROM slot_bookings");
});

const ONE_PM = "2026-11-21T13:00:00-05:00";
const unique = () => randomUUID().replaceAll("-", "").slice(0, 8);

async function offer(fields: Record<string, unknown>): Promise<string> {
  const code = `DINER${unique().toUpperCase()}`;
  const body = { code, kind: "percent", percent: 10, scope: "order", labelEn: "10% off", labelEs: "10% de descuento", ...fields };
  const res = await call(adminOffers, "/api/admin/offers", { body, headers: admin });
  expect(res.status).toBe(201);
  return code;
}

type Who = { email: string; phone: string };

/** Each order paid with a card of its own (Square tells cards apart by their fingerprint): the diner here is the e-mail, phone or account. */
const anotherCard = () => cardToken(`4000${String(Math.floor(Math.random() * 1e12)).padStart(12, "0")}`);

function order(code: string, who: Who, cookie?: string): Promise<Response> {
  const body = { ...PICKUP_ORDER, items: [{ id: 1, name: "Hot Maple Flatbread", price: 16, quantity: 1 }], slot: ONE_PM, promoCode: code, customerInfo: { name: "Ana", ...who }, paymentToken: anotherCard() };
  return call(ordersHandler, "/api/orders", { body, headers: { "idempotency-key": randomUUID(), ...(cookie ? { cookie } : {}) } });
}

function check(code: string, who: Partial<Who>, cookie?: string, ip?: string): Promise<Response> {
  return call(offerCheck, "/api/offers/check", { body: { code, items: PICKUP_ORDER.items, ...who }, headers: cookie ? { cookie, origin: SITE_ORIGIN } : {}, ...(ip ? { ip } : {}) });
}

const someone = (): Who => ({ email: `guest-${unique()}@example.com`, phone: `(786) 555-${String(1000 + Math.floor(Math.random() * 8999))}` });

describe("a code once per diner", () => {
  it("knows a signed-in diner by their account, whatever e-mail and phone they type", async () => {
    const code = await offer({ perDinerCap: 1 });
    const cookie = await signedInDiner(`member-${unique()}@example.com`);
    const firstRes = await order(code, someone(), cookie);
    expect(firstRes.status, await firstRes.clone().text()).toBe(201);

    const again = await order(code, someone(), cookie);
    expect(again.status).toBe(422);
    expect((await jsonOf<{ error: string }>(again)).error).toBe("You have already used that code.");
    expect((await check(code, someone(), cookie)).status).toBe(422);
    expect(running.square.charges()).toHaveLength(1);
  });

  it("knows a guest by the e-mail in any capitals, and by the phone however it is written", async () => {
    const code = await offer({ perDinerCap: 1 });
    const first = someone();
    expect((await order(code, first)).status).toBe(201);
    const digits = first.phone.replace(/\D/g, "");
    for (const who of [
      { email: first.email.toUpperCase(), phone: someone().phone },
      { email: someone().email, phone: `+1 ${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}` },
    ]) {
      const res = await order(code, who);
      expect(res.status).toBe(422);
      expect((await jsonOf<{ error: string }>(res)).error).toBe("You have already used that code.");
    }
    // Someone else may use it.
    expect((await order(code, someone())).status).toBe(201);
  });

  it("gives it once to one diner sending it five times at once", async () => {
    const code = await offer({ perDinerCap: 1 });
    const who = someone();
    const answers = await Promise.all(Array.from({ length: 5 }, () => order(code, who)));
    expect(answers.map((res) => res.status).sort()).toEqual([201, 422, 422, 422, 422]);
    // The e-mail is judged once each card is known: the others' authorizations are cancelled, one is taken.
    expect(running.square.charges().filter((payment) => payment.status === "COMPLETED")).toHaveLength(1);
  });
});

describe("a first-order code", () => {
  it("is refused to a signed-in diner whose account has a paid order under another e-mail", async () => {
    const code = await offer({ firstOrderOnly: true });
    const cookie = await signedInDiner(`regular-${unique()}@example.com`);
    // An earlier paid order of theirs, without the code, typed with another e-mail and phone.
    const earlier = await call(ordersHandler, "/api/orders", {
      body: { ...PICKUP_ORDER, customerInfo: { name: "Ana", ...someone() } },
      headers: { "idempotency-key": randomUUID(), cookie },
    });
    expect(earlier.status).toBe(201);

    const res = await order(code, someone(), cookie);
    expect(res.status).toBe(422);
    expect((await jsonOf<{ error: string }>(res)).error).toBe("That code is for a first order only.");
    // A new diner may use it.
    expect((await order(code, someone())).status).toBe(201);
  });
});

describe("the code check keeps diners' secrets", () => {
  it("answers a past diner's e-mail and phone as it answers a new one's, for a first-order code and a once-per-diner code", async () => {
    const firstOrder = await offer({ firstOrderOnly: true });
    const once = await offer({ perDinerCap: 1 });
    const past = someone();
    expect((await order(once, past)).status).toBe(201);
    const stranger = someone();
    for (const code of [firstOrder, once]) {
      const [pastAnswer, newAnswer] = [await check(code, past), await check(code, stranger)];
      expect(pastAnswer.status).toBe(newAnswer.status);
      expect(pastAnswer.status).toBe(200);
      expect(await jsonOf(pastAnswer)).toEqual(await jsonOf(newAnswer));
    }
  });

  it("judges the e-mail and phone at Pay once the tender is known: a past diner's new card is refused in a sentence and charged nothing", async () => {
    const code = await offer({ firstOrderOnly: true });
    const past = someone();
    expect((await call(ordersHandler, "/api/orders", { body: { ...PICKUP_ORDER, customerInfo: { name: "Ana", ...past } }, headers: { "idempotency-key": randomUUID() } })).status).toBe(201);
    const res = await order(code, { email: past.email.toUpperCase(), phone: someone().phone });
    expect(res.status).toBe(422);
    expect((await jsonOf<{ error: string }>(res)).error).toBe("That code is for a first order only.");
    expect(running.square.charges().filter((payment) => payment.status === "COMPLETED")).toHaveLength(1);
    expect(running.square.requests.filter((request) => request.path.endsWith("/cancel"))).toHaveLength(1);
  });
});

describe("guessing codes while signed in", () => {
  it("stops an account after 10 tries in 10 minutes, whatever network each try comes from", async () => {
    const code = await offer({});
    const cookie = await signedInDiner(`guesser-${unique()}@example.com`);
    for (let i = 0; i < 10; i++) expect((await check(`GUESS${i}X`, {}, cookie, `203.0.${100 + i}.9`)).status).toBe(422);
    const refused = await check(code, {}, cookie, "203.0.120.9");
    expect(refused.status).toBe(429);
    // A guest on that last network is not held back by the account's tries.
    expect((await check(code, {}, undefined, "203.0.120.9")).status).toBe(200);
  });
});
