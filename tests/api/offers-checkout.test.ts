// Promo codes from the owner's console to the diner's charge, against the fake Square (which applies
// discounts from Square's own pages, ./support/squareDiscounts.ts): the totals the check answers are the
// ones Square's order comes to and the card is charged, the order page shows the discount, a code that
// gives nothing costs no Square call, tries are limited, and a use follows its order (paid: redeemed;
// declined: given back; fully refunded: given back when the owner says so).
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import adminOffers from "../../netlify/functions/admin-offers.mts";
import adminActivity from "../../netlify/functions/admin-activity.mts";
import offerCheck from "../../netlify/functions/offer-check.mts";
import orderHandler from "../../netlify/functions/order.mts";
import ordersHandler from "../../netlify/functions/orders.mts";
import refunds from "../../netlify/functions/admin-refunds.mts";
import { adminCookie } from "../support/admin";
import { releaseAbandonedUses } from "../../src/server/offers/uses";
import { SATURDAY_NOON } from "../support/orderServices";
import { databaseFaults } from "../support/databaseFaults";
import { call, jsonOf, SITE_ORIGIN } from "../support/functions";
import { cardToken } from "../support/fakeSquareCards";
import { PICKUP_ORDER, postOrder, useOrderServices } from "../support/orderServices";

const orderServices = useOrderServices();
let owner: Record<string, string>;

beforeAll(async () => {
  owner = { cookie: await adminCookie(), origin: SITE_ORIGIN };
});

/** A code of this test's own: the database outlives one test. */
const codeOf = (stem: string) => `${stem}${randomUUID().replaceAll("-", "").slice(0, 8).toUpperCase()}`;
const email = () => `diner-${randomUUID().slice(0, 8)}@example.com`;

const OFFER = {
  kind: "amount",
  amountCents: 500,
  scope: "order",
  dishIds: [],
  minSubtotalCents: 2500,
  firstOrderOnly: false,
  singleUse: false,
  labelEn: "$5 off brunch",
  labelEs: "$5 de descuento en el brunch",
  paused: false,
  combinesWithRewards: false,
};

async function createOffer(fields: Record<string, unknown>): Promise<any> {
  const res = await call(adminOffers, "/api/admin/offers", { body: { ...OFFER, ...fields }, headers: owner });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await jsonOf(res)).offer;
}

async function offerNamed(code: string): Promise<any> {
  const { offers } = await jsonOf(await call(adminOffers, "/api/admin/offers", { headers: owner }));
  return offers.find((offer: any) => offer.code === code);
}

function check(code: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}, ip?: string) {
  return call(offerCheck, "/api/offers/check", { body: { code, items: PICKUP_ORDER.items, ...body }, headers, ip });
}

const orderWith = (promoCode: string, fields: Record<string, unknown> = {}) =>
  postOrder({ ...PICKUP_ORDER, customerInfo: { ...PICKUP_ORDER.customerInfo, email: email() }, promoCode, ...fields });

const squareCalls = () => orderServices.square.requests.length;
/** Calls that make or charge something at Square: everything but its previews of an order (CalculateOrder). */
const squareWork = () => orderServices.square.requests.filter((request) => request.path !== "/v2/orders/calculate").length;

describe("a code the owner makes, priced by Square", () => {
  it("answers the discount and Square's totals in the diner's language, and the order is charged exactly that", async () => {
    const code = codeOf("BRUNCH");
    await createOffer({ code: code.toLowerCase() });
    // $50.00 of dishes, $5 off: tax is 7.5% of $45.00 = $3.375, half to even $3.38.
    const res = await check(code.toLowerCase());
    expect(res.status).toBe(200);
    expect(await jsonOf(res)).toEqual({
      code,
      label: "$5 off brunch",
      discount: 500,
      totals: { subtotal: 5000, discount: 500, tax: 338, deliveryFee: 0, total: 4838 },
    });
    const spanish = await jsonOf(await check(code, {}, { "x-site-locale": "es" }));
    expect(spanish.label).toBe("$5 de descuento en el brunch");
    // The totals are Square's preview of the cart (CalculateOrder), kept for the same cart: Pay asks for none.
    const previews = orderServices.square.requestsTo("POST", "/v2/orders/calculate").length;
    expect(previews).toBeGreaterThan(0);
    expect(squareWork()).toBe(0);

    const placed = await orderWith(` ${code.toLowerCase()} `, { total: 48.38 });
    expect(placed.status, await placed.clone().text()).toBe(201);
    const { orderId } = await jsonOf(placed);
    const [created] = orderServices.square.requestsTo("POST", "/v2/orders");
    expect(created!.body.order.discounts).toEqual([
      { uid: "promo-code", name: code, type: "FIXED_AMOUNT", amount_money: { amount: 500, currency: "USD" }, scope: "ORDER" },
    ]);
    expect(orderServices.square.charges()[0].amount_money.amount).toBe(4838);
    expect(orderServices.square.requestsTo("POST", "/v2/orders/calculate")).toHaveLength(previews);

    const view = await jsonOf(await call(orderHandler, `/api/orders/${orderId}`, { params: { id: orderId } }));
    expect(view).toMatchObject({ subtotal: 50, discount: { code, label: "$5 off brunch", amount: 5 }, tax: 3.38, total: 48.38 });
    expect((await offerNamed(code)).stats).toEqual({ uses: 1, reserved: 0, discountGiven: 500, firstTimeDiners: 1 });
  });

  it("prices an odd-dollar percentage as Square does, and the charge agrees to the cent", async () => {
    const code = codeOf("FIFTEEN");
    await createOffer({ code, kind: "percent", percent: 15, amountCents: null, minSubtotalCents: 0 });
    const items = [{ id: 7, quantity: 1 }];
    // 15% of $17.00 = $2.55; tax 7.5% of $14.45 = $1.08375 -> $1.08.
    const checked = await jsonOf(await check(code, { items }));
    expect(checked.totals).toEqual({ subtotal: 1700, discount: 255, tax: 108, deliveryFee: 0, total: 1553 });
    const placed = await orderWith(code, { items, total: 15.53 });
    expect(placed.status, await placed.clone().text()).toBe(201);
    expect(orderServices.square.charges()[0].amount_money.amount).toBe(1553);
  });

  it("never discounts the delivery fee", async () => {
    const code = codeOf("HALF");
    await createOffer({ code, kind: "percent", percent: 50, amountCents: null, minSubtotalCents: 0 });
    const checked = await jsonOf(await check(code, { orderType: "delivery" }));
    expect(checked.totals).toEqual({ subtotal: 5000, discount: 2500, tax: 188, deliveryFee: 499, total: 2500 + 188 + 499 });
  });

  it("gives one of a dish free as a line-item discount on that dish's line", async () => {
    const code = codeOf("FREEBITE");
    await createOffer({ code, kind: "free_dish", freeDishId: "7", amountCents: null, minSubtotalCents: 0 });
    const checked = await jsonOf(await check(code));
    expect(checked.discount).toBe(1700);
    const placed = await orderWith(code, { total: checked.totals.total / 100 });
    expect(placed.status, await placed.clone().text()).toBe(201);
    const [created] = orderServices.square.requestsTo("POST", "/v2/orders");
    const lines = created!.body.order.line_items;
    expect(lines.filter((line: any) => line.applied_discounts)).toHaveLength(1);
    expect(created!.body.order.discounts[0]).toMatchObject({ name: code, type: "FIXED_AMOUNT", scope: "LINE_ITEM" });
    expect(orderServices.square.charges()[0].amount_money.amount).toBe(checked.totals.total);
  });
});

describe("a code that gives nothing", () => {
  it("is refused in one plain sentence each, without a single Square call", async () => {
    const paused = codeOf("PAUSED");
    await createOffer({ code: paused, paused: true });
    const over = codeOf("OVER");
    await createOffer({ code: over, startsAt: "2026-11-01T00:00", endsAt: "2026-11-20T00:00" });
    const later = codeOf("LATER");
    await createOffer({ code: later, startsAt: "2026-12-01T00:00" });
    const big = codeOf("BIG");
    await createOffer({ code: big, minSubtotalCents: 10_000 });
    const cases: [string, string][] = [
      ["NOSUCHCODE", "That code is not valid."],
      [paused, "That code is paused right now."],
      [over, "That code has expired."],
      [later, "That code is not active yet."],
      [big, "That code needs a subtotal of at least $100.00."],
    ];
    for (const [code, sentence] of cases) {
      const res = await check(code);
      expect(res.status).toBe(422);
      expect((await jsonOf(res)).error).toBe(sentence);
      const ordered = await orderWith(code);
      expect(ordered.status).toBe(422);
      expect((await jsonOf(ordered)).error).toBe(sentence);
    }
    expect(squareCalls()).toBe(0);
    const spanish = await check("NOSUCHCODE", {}, { "x-site-locale": "es" });
    expect((await jsonOf(spanish)).error).toBe("Ese código no es válido.");
  });

  it("never makes a pickup order free (a card cannot be charged nothing)", async () => {
    const code = codeOf("ALL");
    await createOffer({ code, kind: "percent", percent: 100, amountCents: null, minSubtotalCents: 0 });
    const res = await check(code);
    expect(res.status).toBe(422);
    expect((await jsonOf(res)).error).toBe("That code would cover the whole order, and a card cannot be charged nothing: add another dish.");
    // A delivery still pays its fee, which is never discounted.
    expect((await jsonOf(await check(code, { orderType: "delivery" }))).totals).toEqual({ subtotal: 5000, discount: 5000, tax: 0, deliveryFee: 499, total: 499 });
  });

  it("is used up once its cap is reached, and a used-up code costs no Square call", async () => {
    const code = codeOf("ONCE");
    await createOffer({ code, totalCap: 1, minSubtotalCents: 0 });
    expect((await orderWith(code, { total: 48.38 })).status).toBe(201);
    const calls = squareCalls();
    const again = await orderWith(code, { total: 48.38 });
    expect(again.status).toBe(422);
    expect((await jsonOf(again)).error).toBe("That code has been used up.");
    expect((await jsonOf(await check(code))).error).toBe("That code has been used up.");
    expect(squareCalls()).toBe(calls);
  });

  it("limits tries to 10 in 10 minutes per network", async () => {
    const ip = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
    for (let index = 0; index < 10; index += 1) expect((await check(`WRONG${index}`, {}, {}, ip)).status).toBe(422);
    const blocked = await check("WRONGAGAIN", {}, {}, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toBeTruthy();
    expect((await jsonOf(blocked)).error).toBe("Too many codes tried. Please wait a few minutes and try again.");
  });

  it("never counts a good code against the diner, however often the checkout checks it again", async () => {
    const code = codeOf("AGAIN");
    await createOffer({ code });
    const ip = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
    for (let index = 0; index < 15; index += 1) expect((await check(code, {}, {}, ip)).status).toBe(200);
    for (let index = 0; index < 10; index += 1) expect((await check(`WRONG${index}`, {}, {}, ip)).status).toBe(422);
    expect((await check("WRONGAGAIN", {}, {}, ip)).status).toBe(429);
  });

  it("gives a good code's try back once its order is placed: the network's ten guesses are still its own", async () => {
    const code = codeOf("PLACED");
    await createOffer({ code });
    const ip = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
    const placed = await call(ordersHandler, "/api/orders", {
      body: { ...PICKUP_ORDER, customerInfo: { ...PICKUP_ORDER.customerInfo, email: email() }, promoCode: code },
      headers: { "idempotency-key": randomUUID() },
      ip,
    });
    expect(placed.status, await placed.clone().text()).toBe(201);
    for (let index = 0; index < 10; index += 1) expect((await check(`WRONG${index}`, {}, {}, ip)).status).toBe(422);
    expect((await check("WRONGAGAIN", {}, {}, ip)).status).toBe(429);
  });

  it("counts codes sent with orders as tries too, so guessing through checkout is limited alike", async () => {
    const ip = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
    const order = (code: string) =>
      call(ordersHandler, "/api/orders", { body: { ...PICKUP_ORDER, promoCode: code }, headers: { "idempotency-key": randomUUID() }, ip });
    for (let index = 0; index < 10; index += 1) expect((await order(`GUESS${index}`)).status).toBe(422);
    expect((await order("GUESSAGAIN")).status).toBe(429);
    expect(squareCalls()).toBe(0);
  });
});

describe("who may use it", () => {
  it("keeps a first-order code to diners with no earlier paid order (by e-mail or phone), judged at Pay once the card is known", async () => {
    const code = codeOf("FIRST");
    await createOffer({ code, firstOrderOnly: true, minSubtotalCents: 0 });
    const regular = email();
    const phone = `(305) 555-${String(Math.floor(Math.random() * 9000) + 1000)}`;
    const first = await postOrder({ ...PICKUP_ORDER, customerInfo: { ...PICKUP_ORDER.customerInfo, email: regular, phone } });
    expect(first.status).toBe(201);
    // The check tells no one who has ordered here: the regular's e-mail is answered as a stranger's.
    expect((await check(code, { email: regular.toUpperCase() })).status).toBe(200);
    for (const customerInfo of [{ ...PICKUP_ORDER.customerInfo, email: regular.toUpperCase() }, { ...PICKUP_ORDER.customerInfo, email: email(), phone }]) {
      const refused = await postOrder({ ...PICKUP_ORDER, customerInfo, promoCode: code, paymentToken: cardToken(`4000${String(Math.floor(Math.random() * 1e12)).padStart(12, "0")}`) });
      expect((await jsonOf(refused)).error).toBe("That code is for a first order only.");
    }
    expect((await check(code, { email: email(), phone: "(305) 555-0999" })).status).toBe(200);
  });
});

describe("a use follows its order", () => {
  it("is given back when the card is declined", async () => {
    const code = codeOf("DECLINE");
    await createOffer({ code, totalCap: 1, minSubtotalCents: 0 });
    const declined = await orderWith(code, { total: 48.38, paymentToken: "cnon:card-nonce-declined" });
    expect(declined.status).toBe(402);
    expect((await offerNamed(code)).stats).toEqual({ uses: 0, reserved: 0, discountGiven: 0, firstTimeDiners: 0 });
    expect((await orderWith(code, { total: 48.38 })).status).toBe(201);
  });

  it("is given back within 15 minutes when its attempt was abandoned before Square was asked, never sooner", async () => {
    const code = codeOf("ABANDON");
    await createOffer({ code, totalCap: 1, minSubtotalCents: 0 });
    // The attempt's order and use are written, then its request dies before the charge: nothing at Square.
    const faults = databaseFaults();
    faults.failWhen((text) => /INSERT INTO payment_attempts/.test(text));
    let abandoned: Response;
    try {
      abandoned = await orderWith(code, { total: 48.38 });
    } finally {
      faults.heal();
    }
    expect(abandoned.status).toBe(503);
    expect(squareWork()).toBe(0);
    expect((await offerNamed(code)).stats.reserved).toBe(1);
    await releaseAbandonedUses(new Date(Date.parse(SATURDAY_NOON) + 2 * 60_000));
    expect((await offerNamed(code)).stats.reserved).toBe(1);
    // The reconciliation runs every 10 minutes: the first run after 5 minutes gives it back.
    await releaseAbandonedUses(new Date(Date.parse(SATURDAY_NOON) + 10 * 60_000));
    expect((await offerNamed(code)).stats).toMatchObject({ reserved: 0, uses: 0 });
    expect((await orderWith(code, { total: 48.38 })).status).toBe(201);
  });

  it("is given back on a full refund when the owner chooses so, and the change is logged", async () => {
    const code = codeOf("REFUND");
    await createOffer({ code, totalCap: 1, minSubtotalCents: 0 });
    const { orderId } = await jsonOf(await orderWith(code, { total: 48.38 }));
    const refunded = await call(refunds, `/api/admin/orders/${orderId}/refunds`, {
      body: { amount: 48.38, reason: "Cold food", giveBackOffer: true },
      params: { id: orderId },
      headers: { ...owner, "idempotency-key": randomUUID() },
    });
    expect(refunded.status, await refunded.clone().text()).toBe(201);
    expect((await offerNamed(code)).stats.uses).toBe(0);
    expect((await orderWith(code, { total: 48.38 })).status).toBe(201);
    const activity = await jsonOf(await call(adminActivity, "/api/admin/activity?action=offer", { headers: owner }));
    expect(activity.entries.map((entry: any) => entry.action)).toEqual(expect.arrayContaining(["offer.create", "offer.give-back"]));
  });
});

describe("the owner's offers", () => {
  it("pauses a code (logged), and refuses a guessable single-use code", async () => {
    const code = codeOf("PAUSE");
    const offer = await createOffer({ code });
    const paused = await call(adminOffers, `/api/admin/offers/${offer.id}`, { method: "PATCH", body: { paused: true }, params: { id: offer.id }, headers: owner });
    expect(paused.status).toBe(200);
    expect((await jsonOf(paused)).offer.paused).toBe(true);
    expect((await jsonOf(await check(code))).error).toBe("That code is paused right now.");

    const typo = await call(adminOffers, "/api/admin/offers", { body: { ...OFFER, code: codeOf("TYPO"), kind: "free_dish", freeDishId: "99999" }, headers: owner });
    expect(typo.status).toBe(400);
    expect((await jsonOf(typo)).error).toBe("No dish on the menu has the id 99999.");

    const guessable = await call(adminOffers, "/api/admin/offers", { body: { ...OFFER, code: "FREE", singleUse: true }, headers: owner });
    expect(guessable.status).toBe(400);
    const generated = await jsonOf(await call(adminOffers, "/api/admin/offers/code", { params: { id: "code" }, headers: owner }));
    expect(generated.code).toMatch(/^[A-Z2-9]{10}$/);
    await createOffer({ code: generated.code, singleUse: true });
  });

  it("is the owner's alone", async () => {
    const res = await call(adminOffers, "/api/admin/offers", { headers: { origin: SITE_ORIGIN } });
    expect(res.status).toBe(401);
  });
});
