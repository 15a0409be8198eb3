// Texts a diner asks for at the checkout ("Text me about this order", unticked unless they tick it): the
// consent is kept with its words, language and time; the order's texts go in its language (ready, curbside
// with the way to say "I'm here", the courier's pickup with the tracking link), each once. A reply of STOP,
// signed by Twilio, stops the next text at once; HELP answers the restaurant's name and phone; a forged
// signature is refused. Twilio's word that a text failed sends its words by e-mail, once. A number outside
// the US is refused before any order is made, in the diner's language; the budgets hold.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import site from "../../content/site.json";
import { orderTextMessages } from "../../src/domain/i18n/ui/orderTextMessages";
import adminBudgets from "../../netlify/functions/admin-budgets.mts";
import adminOrders from "../../netlify/functions/admin-orders.mts";
import kitchenLate from "../../netlify/functions/kitchen-late.mts";
import ordersHandler from "../../netlify/functions/orders.mts";
import textsInbound from "../../netlify/functions/texts-inbound.mts";
import textsStatus from "../../netlify/functions/texts-status.mts";
import textsSweep from "../../netlify/functions/texts-sweep.mts";
import { adminHeaders } from "../support/admin";
import { courierOrderBody, courierQuote, useFakeDoorDash } from "../support/courierServices";
import { testDatabase } from "../support/database";
import { startFakeTwilioMessages, type FakeTwilioMessages } from "../support/fakeTwilioMessages";
import { call, jsonOf, makeContext } from "../support/functions";
import { setRestaurantClock } from "../support/clock";
import { PICKUP_ORDER, SATURDAY_NOON, useOrderServices } from "../support/orderServices";

const running = useOrderServices();
const courier = useFakeDoorDash();
const ACCOUNT_SID = "AC00000000000000000000000000000001";
const AUTH_TOKEN = "twilio-auth-token-for-tests";
const SITE = "https://jealousfork.example";
const KEYS = ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_MESSAGING_SERVICE_SID", "TWILIO_API_BASE_URL", "SITE_URL"] as const;
let messages: FakeTwilioMessages;
let staff: Record<string, string>;

beforeAll(async () => {
  messages = await startFakeTwilioMessages(ACCOUNT_SID, AUTH_TOKEN);
  staff = await adminHeaders();
});
afterAll(async () => {
  for (const key of KEYS) delete process.env[key];
  await messages.stop();
});
beforeEach(() => {
  messages.reset();
  Object.assign(process.env, { TWILIO_ACCOUNT_SID: ACCOUNT_SID, TWILIO_AUTH_TOKEN: AUTH_TOKEN, TWILIO_MESSAGING_SERVICE_SID: messages.messagingServiceSid, TWILIO_API_BASE_URL: messages.url, SITE_URL: SITE });
});

/** A fresh US mobile number for each test, so one test's STOP or budget is not another's. */
let nextPhone = 100;
const aPhone = () => `+1305555${String(1000 + nextPhone++).padStart(4, "0")}`;
const CURBSIDE = { car: "red Civic" };

async function order(body: Record<string, unknown>, init: { locale?: "en" | "es"; ip?: string } = {}): Promise<Response> {
  return call(ordersHandler, "/api/orders", {
    body: { ...PICKUP_ORDER, items: [{ id: 1, quantity: 1 }], ...body },
    headers: { "idempotency-key": randomUUID(), ...(init.locale ? { "x-site-locale": init.locale } : {}) },
    ...(init.ip ? { ip: init.ip } : {}),
  });
}
async function paidOrder(phone: string, extra: Record<string, unknown> = {}, locale: "en" | "es" = "en"): Promise<{ orderId: string; orderNumber: string }> {
  const res = await order({ customerInfo: { ...PICKUP_ORDER.customerInfo, phone }, ...extra }, { locale });
  expect(res.status, await res.clone().text()).toBe(201);
  return jsonOf(res);
}
const moveTo = (orderId: string, status: string) => call(adminOrders, `/api/admin/orders/${orderId}`, { method: "PATCH", body: { status }, headers: staff, params: { id: orderId } });
/** Staff tap Start, then Ready, on the board. */
async function makeReady(orderId: string): Promise<void> {
  expect((await moveTo(orderId, "preparing")).status).toBe(200);
  expect((await moveTo(orderId, "ready")).status).toBe(200);
}
const fallbackMails = (orderId: string) => testDatabase().count("mail_outbox", "kind = 'order_text_failed' AND order_id = $1", [orderId]);
const inbound = (from: string, body: string, optOutType?: "STOP" | "START" | "HELP") => textsInbound(messages.reply(`${SITE}/api/texts/inbound`, from, body, optOutType), makeContext());

describe("the checkout's box", () => {
  it("unticked, sends no text when the order is ready, and keeps no consent", async () => {
    const phone = aPhone();
    const { orderId } = await paidOrder(phone);
    await makeReady(orderId);
    expect(messages.sent(phone)).toEqual([]);
    expect(await testDatabase().count("order_text_consents", "order_id = $1", [orderId])).toBe(0);
  });

  it("ticked, keeps the consent's words, language and time, and texts ready once, in the order's language", async () => {
    const phone = aPhone();
    const { orderId, orderNumber } = await paidOrder(phone.replace("+1", ""), { textMe: true }, "es");
    const [consent] = await testDatabase().rows<{ phone: string; words: string; language: string; consented_at: Date }>("SELECT phone, words, language, consented_at FROM order_text_consents WHERE order_id = $1", [orderId]);
    expect(consent).toMatchObject({ phone, words: orderTextMessages.consent.es, language: "es" });
    expect(consent!.consented_at).toBeInstanceOf(Date);
    expect(messages.sent(phone)).toEqual([]);
    await makeReady(orderId);
    expect(messages.sent(phone)).toEqual([`${site.name}: tu pedido #${orderNumber} ya se puede recoger. ${SITE}/es/confirmacion-de-pedido/${orderId}`]);
    expect((await moveTo(orderId, "completed")).status).toBe(200);
    expect(messages.sent(phone)).toHaveLength(1);
  });

  it("for a curbside pickup, says to tap I'm here when you park, with the order page's link", async () => {
    const phone = aPhone();
    const { orderId, orderNumber } = await paidOrder(phone, { textMe: true, curbside: CURBSIDE });
    await makeReady(orderId);
    expect(messages.sent(phone)).toEqual([`${site.name}: order #${orderNumber} is ready. Tap I'm here when you park: ${SITE}/order-confirmation/${orderId}`]);
  });

  it("refuses a number outside the US with the box ticked, in the diner's language, and makes no order", async () => {
    const before = await testDatabase().count("orders", "true");
    const res = await order({ customerInfo: { ...PICKUP_ORDER.customerInfo, phone: "+44 20 7946 0958" }, textMe: true }, { locale: "es" });
    expect(res.status).toBe(400);
    expect((await jsonOf<{ error: string }>(res)).error).toMatch(/^Los mensajes sobre un pedido solo van a celulares de EE\. UU\./);
    expect(await testDatabase().count("orders", "true")).toBe(before);
    expect(running.square.requestsTo("POST", "/v2/payments")).toHaveLength(0);
  });

  it("counts a network's orders asking for texts: past ten in an hour it is refused (429) before any charge", async () => {
    const ip = "198.51.100.7";
    for (let i = 0; i < 10; i++) expect((await order({ textMe: true }, { ip })).status).toBe(201);
    const refused = await order({ textMe: true }, { ip });
    expect(refused.status).toBe(429);
    expect((await jsonOf<{ error: string }>(refused)).error).toMatch(/Untick "Text me about this order"/);
    expect((await order({}, { ip })).status).toBe(201);
  });
});

describe("running late", () => {
  it("is texted to the phone the box was ticked for, once, in the order's language", async () => {
    const phone = aPhone();
    setRestaurantClock("2026-11-21T14:00:00-05:00");
    try {
      const { orderId, orderNumber } = await paidOrder(phone, { textMe: true }, "es");
      const [row] = await testDatabase().rows<{ promised_at: Date }>("SELECT promised_at FROM orders WHERE id = $1", [orderId]);
      for (const minutes of [1, 2]) {
        setRestaurantClock(new Date(row!.promised_at.getTime() + minutes * 60_000).toISOString());
        expect((await kitchenLate(new Request("http://localhost/.netlify/functions/kitchen-late"), makeContext())).status).toBe(204);
      }
      expect(messages.sent(phone)).toHaveLength(1);
      expect(messages.sent(phone)[0]).toMatch(new RegExp(`^${site.name}: tu pedido #${orderNumber} va con retraso, listo hacia las .+ ¡Perdona! ${SITE}/es/confirmacion-de-pedido/${orderId}$`));
    } finally {
      setRestaurantClock(SATURDAY_NOON);
    }
  });
});

describe("the courier's pickup", () => {
  it("is texted with the courier's tracking link", async () => {
    const phone = aPhone();
    const shown = await courierQuote();
    const body = courierOrderBody(shown.quoteId, Number(shown.fee)) as Record<string, any>;
    const res = await call(ordersHandler, "/api/orders", { body: { ...body, customerInfo: { ...body.customerInfo, phone }, textMe: true }, headers: { "idempotency-key": randomUUID() } });
    expect(res.status, await res.clone().text()).toBe(201);
    const { orderNumber } = await jsonOf<{ orderNumber: string }>(res);
    await courier.doordash.advance(shown.quoteId, "DASHER_CONFIRMED");
    expect(messages.sent(phone)).toEqual([]);
    await courier.doordash.advance(shown.quoteId, "DASHER_PICKED_UP");
    expect(messages.sent(phone)).toEqual([`${site.name}: the courier picked up order #${orderNumber}. Track it: https://track.doordash.com/share/${shown.quoteId}/track`]);
  });
});

describe("replies, signed by Twilio", () => {
  it("STOP stops the next text at once; a forged signature is refused (403) and stops nothing; START lets texts go again", async () => {
    const phone = aPhone();
    const first = await paidOrder(phone, { textMe: true });
    const forged = messages.reply(`${SITE}/api/texts/inbound`, phone, "STOP");
    const tampered = new Request(forged.url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": "bm90IFR3aWxpbydzIHNpZ25hdHVyZQ==" }, body: await forged.text() });
    expect((await textsInbound(tampered, makeContext())).status).toBe(403);
    expect(await testDatabase().count("text_opt_outs", "phone = $1", [phone])).toBe(0);
    const stopped = await inbound(phone, "Stop");
    expect(stopped.status).toBe(200);
    expect(stopped.headers.get("content-type")).toMatch(/^text\/xml/);
    expect(await stopped.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    await makeReady(first.orderId);
    expect(messages.sent(phone)).toEqual([]);
    expect(await fallbackMails(first.orderId)).toBe(0);
    await inbound(phone, "START", "START");
    const second = await paidOrder(phone, { textMe: true });
    await makeReady(second.orderId);
    expect(messages.sent(phone)).toHaveLength(1);
  });

  it("HELP answers the restaurant's name and phone, in the language of the number's order", async () => {
    const phone = aPhone();
    await paidOrder(phone, { textMe: true }, "es");
    const res = await inbound(phone, " help ");
    expect(res.status).toBe(200);
    const answer = await res.text();
    expect(answer).toContain(`<Message>${site.name}: solo mensajes sobre tus pedidos. Nuestro teléfono: ${site.phone}.`);
    expect((await inbound(aPhone(), "HELP")).status).toBe(200);
  });
});

describe("a text that does not reach the diner", () => {
  it("goes by e-mail once when Twilio's status callback says it failed; a forged callback is refused", async () => {
    const phone = aPhone();
    const { orderId } = await paidOrder(phone, { textMe: true });
    await makeReady(orderId);
    const [sid] = messages.sids(phone);
    const forged = messages.callback(sid!, "failed", 30003);
    const tampered = new Request(forged.url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": forged.headers.get("x-twilio-signature")! }, body: `${await forged.text()}&Extra=1` });
    expect((await textsStatus(tampered, makeContext())).status).toBe(403);
    expect(await fallbackMails(orderId)).toBe(0);
    expect((await textsStatus(messages.callback(sid!, "sent"), makeContext())).status).toBe(204);
    expect((await textsStatus(messages.callback(sid!, "failed", 30003), makeContext())).status).toBe(204);
    expect((await textsStatus(messages.callback(sid!, "undelivered", 30005), makeContext())).status).toBe(204);
    expect(await fallbackMails(orderId)).toBe(1);
    const [mail] = await testDatabase().rows<{ payload: { body: string }; recipient: string }>("SELECT payload, recipient FROM mail_outbox WHERE kind = 'order_text_failed' AND order_id = $1", [orderId]);
    expect(mail).toEqual({ recipient: PICKUP_ORDER.customerInfo.email, payload: expect.objectContaining({ body: messages.sent(phone)[0] }) });
  });
});

describe("Twilio busy at the tap", () => {
  const sweep = async () => expect((await textsSweep(new Request("http://localhost/.netlify/functions/texts-sweep"), makeContext())).status).toBe(204);

  it("is tried again by the sweep each minute, and after three tries the words go by e-mail", async () => {
    const phone = aPhone();
    const { orderId } = await paidOrder(phone, { textMe: true });
    messages.fault(503, 1);
    await makeReady(orderId);
    expect(messages.sent(phone)).toEqual([]);
    await sweep();
    expect(messages.sent(phone)).toHaveLength(1);
    await sweep();
    expect(messages.sent(phone)).toHaveLength(1);

    const other = aPhone();
    const late = await paidOrder(other, { textMe: true });
    messages.fault(503, 3);
    await makeReady(late.orderId);
    await sweep();
    expect(await fallbackMails(late.orderId)).toBe(0);
    await sweep();
    expect(messages.sent(other)).toEqual([]);
    expect(await fallbackMails(late.orderId)).toBe(1);
  });
});

describe("the owner's monthly budget of texts", () => {
  it("past it, texts stop, their words go by e-mail, and the owners are alarmed once", async () => {
    const set = await call(adminBudgets, "/api/admin/budgets", { method: "PUT", body: { textsPerMonth: 0 }, headers: staff });
    expect(set.status, await set.clone().text()).toBe(200);
    expect(await jsonOf(set)).toMatchObject({ textsPerMonth: 0 });
    const phone = aPhone();
    const orders = [await paidOrder(phone, { textMe: true }), await paidOrder(aPhone(), { textMe: true })];
    for (const placed of orders) await makeReady(placed.orderId);
    expect(messages.total()).toBe(0);
    for (const placed of orders) expect(await fallbackMails(placed.orderId)).toBe(1);
    expect(await testDatabase().count("site_budget_alarms", "budget = 'texts-month'")).toBe(1);
    await call(adminBudgets, "/api/admin/budgets", { method: "PUT", body: { textsPerMonth: 500 }, headers: staff });
  });
});
