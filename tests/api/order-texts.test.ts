// Texts when it matters: a signed-in diner proves a phone by a code on the account page and chooses texts;
// then the one running-late message of their order goes by text (Twilio Messaging), not by e-mail, once. A
// number that replied STOP, or a text Twilio refuses, turns the news back into the e-mail. A stranger and a
// number outside the US are refused.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDatabase } from "../support/database";
import { call, jsonOf, makeContext, SITE_ORIGIN } from "../support/functions";
import { setRestaurantClock } from "../support/clock";
import { startFakeVerify, type FakeVerify } from "../support/fakeVerify";
import { startFakeTwilioMessages, type FakeTwilioMessages } from "../support/fakeTwilioMessages";
import { signedInDiner } from "../support/linkAsker";
import { PICKUP_ORDER, useOrderServices } from "../support/orderServices";
import accountTexts from "../../netlify/functions/account-texts.mts";
import kitchenLate from "../../netlify/functions/kitchen-late.mts";
import ordersHandler from "../../netlify/functions/orders.mts";

useOrderServices();
const KEYS = ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_VERIFY_SERVICE_SID", "TWILIO_VERIFY_BASE_URL", "TWILIO_MESSAGING_SERVICE_SID", "TWILIO_API_BASE_URL"] as const;
let verify: FakeVerify;
let messages: FakeTwilioMessages;

beforeAll(async () => {
  verify = await startFakeVerify();
  messages = await startFakeTwilioMessages(verify.accountSid, verify.authToken);
});
afterAll(async () => {
  for (const key of KEYS) delete process.env[key];
  await Promise.all([verify.stop(), messages.stop()]);
});
beforeEach(() => {
  verify.reset();
  messages.reset();
  Object.assign(process.env, {
    TWILIO_ACCOUNT_SID: verify.accountSid,
    TWILIO_AUTH_TOKEN: verify.authToken,
    TWILIO_VERIFY_SERVICE_SID: verify.serviceSid,
    TWILIO_VERIFY_BASE_URL: verify.url,
    TWILIO_MESSAGING_SERVICE_SID: messages.messagingServiceSid,
    TWILIO_API_BASE_URL: messages.url,
  });
});

const texts = (path: string, cookie: string, init: { method?: string; body?: unknown } = {}) =>
  call(accountTexts, path, { ...init, headers: { cookie, origin: SITE_ORIGIN } });

/** A diner who chose texts for `phone` (E.164), proving it by the code texted to it: their cookie. */
async function dinerWithTexts(phone: string): Promise<string> {
  const cookie = await signedInDiner(`texts-${randomUUID().slice(0, 8)}@example.com`);
  expect((await texts("/api/account/texts/phone", cookie, { body: { phone } })).status).toBe(200);
  const chosen = await texts("/api/account/texts/code", cookie, { body: { phone, code: verify.sentCode(phone) } });
  expect(chosen.status, await chosen.clone().text()).toBe(200);
  expect(await jsonOf(chosen)).toEqual({ available: true, phone });
  return cookie;
}

/** A signed-in pickup at 14:00 on a Saturday: its id and promise. */
async function orderAsDiner(cookie: string): Promise<{ id: string; promisedAt: Date }> {
  setRestaurantClock("2026-11-21T14:00:00-05:00");
  const res = await call(ordersHandler, "/api/orders", { body: { ...PICKUP_ORDER, items: [{ id: 1, quantity: 1 }] }, headers: { "idempotency-key": randomUUID(), cookie } });
  expect(res.status, await res.clone().text()).toBe(201);
  const { orderId } = await jsonOf<{ orderId: string }>(res);
  const [row] = await testDatabase().rows<{ promised_at: Date }>("SELECT promised_at FROM orders WHERE id = $1", [orderId]);
  return { id: orderId, promisedAt: row!.promised_at };
}

async function sweepAt(instant: Date) {
  setRestaurantClock(instant.toISOString());
  expect((await kitchenLate(new Request("http://localhost/.netlify/functions/kitchen-late"), makeContext())).status).toBe(204);
}
const lateMails = (orderId: string) => testDatabase().count("mail_outbox", "kind = 'order_running_late' AND order_id = $1", [orderId]);
const after = (instant: Date, minutes: number) => new Date(instant.getTime() + minutes * 60_000);

describe("choosing texts on the account page", () => {
  it("proves the phone by its code before texts go to it; refuses a stranger, a number outside the US and a wrong code", async () => {
    expect((await call(accountTexts, "/api/account/texts", { headers: { origin: SITE_ORIGIN } })).status).toBe(401);
    const cookie = await signedInDiner(`choose-${randomUUID().slice(0, 8)}@example.com`);
    expect(await jsonOf(await texts("/api/account/texts", cookie))).toEqual({ available: true, phone: null });
    expect((await texts("/api/account/texts/phone", cookie, { body: { phone: "+44 20 7946 0958" } })).status).toBe(400);
    expect((await texts("/api/account/texts/phone", cookie, { body: { phone: "(305) 555-0177" } })).status).toBe(200);
    const sentCode = verify.sentCode("+13055550177")!;
    const wrongCode = sentCode.replace(/.$/, (digit) => String((Number(digit) + 1) % 10));
    const wrong = await texts("/api/account/texts/code", cookie, { body: { phone: "(305) 555-0177", code: wrongCode } });
    expect(wrong.status).toBe(400);
    expect(await jsonOf(await texts("/api/account/texts", cookie))).toEqual({ available: true, phone: null });
    const right = await texts("/api/account/texts/code", cookie, { body: { phone: "(305) 555-0177", code: sentCode } });
    expect(await jsonOf(right)).toEqual({ available: true, phone: "+13055550177" });
    expect(await jsonOf(await texts("/api/account/texts", cookie, { method: "DELETE" }))).toEqual({ available: true, phone: null });
  });
});

describe("the running-late message by text", () => {
  it("goes by text, once, to the diner who chose texts, in place of the e-mail", async () => {
    const phone = "+13055550188";
    const order = await orderAsDiner(await dinerWithTexts(phone));
    await sweepAt(after(order.promisedAt, 1));
    const [sent] = messages.sent(phone);
    expect(sent).toMatch(/^Jealous Fork: order #\w+ is running late, ready around \d{1,2}:\d{2} PM\. Sorry! http/);
    expect(await lateMails(order.id)).toBe(0);
    const [notice] = await testDatabase().rows<{ channel: string; text_status: string }>("SELECT channel, text_status FROM order_late_notices WHERE order_id = $1", [order.id]);
    expect(notice).toEqual({ channel: "text", text_status: "sent" });
    await sweepAt(after(order.promisedAt, 8));
    expect(messages.sent(phone)).toHaveLength(1);
  });

  it("becomes the e-mail when the number replied STOP, and the choice is dropped", async () => {
    const phone = "+13055550199";
    const cookie = await dinerWithTexts(phone);
    messages.optOut(phone);
    const order = await orderAsDiner(cookie);
    await sweepAt(after(order.promisedAt, 1));
    expect(messages.sent(phone)).toEqual([]);
    expect(await lateMails(order.id)).toBe(1);
    expect(await jsonOf(await texts("/api/account/texts", cookie))).toEqual({ available: true, phone: null });
  });

  it("is tried again when Twilio is busy, then goes by e-mail after three tries", async () => {
    const phone = "+13055550166";
    const order = await orderAsDiner(await dinerWithTexts(phone));
    messages.fault(503, 3);
    await sweepAt(after(order.promisedAt, 1));
    await sweepAt(after(order.promisedAt, 2));
    expect(await lateMails(order.id)).toBe(0);
    await sweepAt(after(order.promisedAt, 3));
    expect(messages.sent(phone)).toEqual([]);
    expect(await lateMails(order.id)).toBe(1);
  });
});
