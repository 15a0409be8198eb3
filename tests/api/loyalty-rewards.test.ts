// Points at checkout and rewards spent on an order, through the functions a browser calls, against the fake
// Square's Loyalty (rewards that lock points and discount the order), under both readings of when Square
// accrues and redeems (once paid, or once the order is COMPLETED): the points an order will earn by what the
// diner pays, "discounted items earn no points" only for a program that earns by items; a chosen reward's total is Square's, and
// that is what the card is charged; a declined payment gives the points back; points spent at the counter
// meanwhile refuse it with a sentence and nothing is charged; one reward per order; the 15-minute sweeper;
// a promo code and a reward combine only when the owner lets that code combine with rewards.
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import adminOffers from "../../netlify/functions/admin-offers.mts";
import adminOrders from "../../netlify/functions/admin-orders.mts";
import loyaltyCheckout from "../../netlify/functions/loyalty-checkout.mts";
import orders from "../../netlify/functions/orders.mts";
import { accrualsInFlight } from "../../src/server/loyalty/accrual";
import { forgetLoyaltyProgram } from "../../src/server/loyalty/program";
import { ABANDONED_REWARD_MS, releaseAbandonedRewards } from "../../src/server/loyalty/rewards";
import { getOrder } from "../../src/server/orders/records";
import { fullOrderView } from "../../src/server/orders/views";
import { adminHeaders } from "../support/admin";
import { testDatabase } from "../support/database";
import { call, jsonOf, SITE_ORIGIN } from "../support/functions";
import { PICKUP_ORDER, useOrderServices } from "../support/orderServices";
import { useLoyaltyKeys } from "../support/loyaltyKeys";
import { aLoyaltyMember } from "../support/loyaltyMembers";
import { LOYALTY_READINGS } from "../support/fakeSquareReadings";

const running = useOrderServices();
useLoyaltyKeys();
beforeEach(() => forgetLoyaltyProgram());

/** PICKUP_ORDER's lines as the checkout page prices them. */
const CART = { lines: [{ id: 7, name: "Billionaire Brunch Bites", quantity: 2, unitPriceCents: 1700 }, { id: 1, name: "Hot Maple Flatbread", quantity: 1, unitPriceCents: 1600 }], deliveryFeeCents: 0 };

/** A signed-in diner linked to a counter regular's loyalty account with `balance` points. */
const aMember = (balance: number) => aLoyaltyMember(running.square, balance);

const OFFER = { kind: "amount", amountCents: 500, scope: "order", dishIds: [], minSubtotalCents: 0, firstOrderOnly: false, singleUse: false, labelEn: "$5 off", labelEs: "$5 de descuento", paused: false };
/** A $5-off code the owner made in the console, combining with rewards or not: its code. */
async function anOffer(combinesWithRewards: boolean, fields: Record<string, unknown> = {}): Promise<string> {
  const code = `PAIR${randomUUID().replaceAll("-", "").slice(0, 8).toUpperCase()}`;
  const res = await call(adminOffers, "/api/admin/offers", { body: { ...OFFER, ...fields, code, combinesWithRewards }, headers: await adminHeaders() });
  expect(res.status, await res.clone().text()).toBe(201);
  return code;
}

const panel = async (cookie: string, cart: object = CART) =>
  jsonOf(await call(loyaltyCheckout, "/api/loyalty/checkout", { body: cart, headers: { cookie, origin: SITE_ORIGIN } }));
const pay = (cookie: string, body: object, key = randomUUID()) => call(orders, "/api/orders", { body, headers: { cookie, origin: SITE_ORIGIN, "idempotency-key": key } });
const tierId = () => running.square.loyalty.program.reward_tiers[0].id;
const payments = () => running.square.requestsTo("POST", "/v2/payments");
/** The kitchen's "Picked up" on the console's order board, and the points it asks Square for again. */
async function pickedUp(orderId: string): Promise<void> {
  for (const status of ["preparing", "ready", "completed"]) {
    const res = await call(adminOrders, `/api/admin/orders/${orderId}`, { method: "PATCH", body: { status }, headers: await adminHeaders(), params: { id: orderId } });
    expect(res.status, await res.clone().text()).toBe(200);
  }
  await accrualsInFlight();
}

/** The points Square accrued to a loyalty account so far (none yet, under the reading where it waits for the order to complete). */
const earned = (loyaltyAccountId: string) =>
  running.square.loyalty.events.filter((event) => event.type === "ACCUMULATE_POINTS" && event.loyalty_account_id === loyaltyAccountId).reduce((sum, event) => sum + event.accumulate_points.points, 0);

describe.each(LOYALTY_READINGS)("with Square accruing and redeeming once the order is %s", (reading) => {
beforeEach(() => {
  running.square.readings.loyalty = reading;
});

describe("points at checkout", () => {
  it("shows the points this order will earn by what the diner pays, and that discounted items earn none only under an item rule", async () => {
    running.square.loyalty.seedProgram({ accrual: { type: "SPEND", points: 1, spendCents: 100 } });
    const member = await aMember(40);
    expect(await panel(member.cookie)).toMatchObject({ available: true, member: true, balance: 40, pointsToEarn: 50, discountedItems: false });
    // $5 off the whole order: Square counts the $45 paid under its spend rule, and discounts matter only to item rules.
    const code = await anOffer(false);
    expect(await panel(member.cookie, { ...CART, promoCode: code })).toMatchObject({ pointsToEarn: 45, discountedItems: false });
    running.square.loyalty.seedProgram({ accrual: [{ type: "SPEND", points: 1, spendCents: 100 }, { type: "ITEM_VARIATION", points: 5, variationId: "FLATBREAD-REGULAR" }] });
    forgetLoyaltyProgram();
    expect(await panel(member.cookie, { ...CART, promoCode: code })).toMatchObject({ pointsToEarn: 45, discountedItems: true });
    const guest = await jsonOf(await call(loyaltyCheckout, "/api/loyalty/checkout", { body: CART, headers: { origin: SITE_ORIGIN } }));
    expect(guest).toEqual({ available: false });
  });

  it("grants the points shown once the signed-in diner's order is paid", async () => {
    running.square.loyalty.seedProgram({ accrual: { type: "SPEND", points: 1, spendCents: 100 } });
    const member = await aMember(40);
    const shown = (await panel(member.cookie)).pointsToEarn;
    const res = await pay(member.cookie, PICKUP_ORDER);
    expect(res.status).toBe(201);
    await accrualsInFlight();
    // Square may wait for the kitchen to finish the order: "Picked up" on the console asks again.
    if (reading === "completed") {
      expect(running.square.loyalty.accounts.get(member.loyalty.id).balance).toBe(40);
      await pickedUp((await jsonOf(res)).orderId);
    }
    expect(running.square.loyalty.accounts.get(member.loyalty.id).balance).toBe(40 + shown);
  });
});

describe("spending a reward on an order", () => {
  it("charges Square's total for the order with the reward, the total shown before Pay", async () => {
    running.square.loyalty.seedProgram({ tiers: [{ points: 100, name: "$5 off your order" }] });
    const member = await aMember(150);
    const quote = await panel(member.cookie, { ...CART, tierId: tierId() });
    // $50 less $5, then 7.5% tax.
    expect(quote.reward).toEqual({ tierId: tierId(), totalCents: 4838, discountCents: 500 });
    // The spend rule counts the $45 paid after the reward (Square: the rule that grants the most; only item rules skip discounted items).
    expect(quote).toMatchObject({ pointsToEarn: 45, discountedItems: false, balance: 150 });

    const res = await pay(member.cookie, { ...PICKUP_ORDER, loyaltyReward: { tierId: tierId(), shownTotalCents: quote.reward.totalCents } });
    expect(res.status).toBe(201);
    const order = await getOrder((await jsonOf(res)).orderId);
    expect(payments().at(-1)!.body.amount_money.amount).toBe(4838);
    expect(order?.payment.amountCents).toBe(4838);
    expect(order?.totals.total).toBe(4838);
    expect(order?.totals.discount).toBe(500);
    const [reward] = [...running.square.loyalty.rewards.values()];
    expect(reward).toMatchObject({ order_id: order!.payment.providerOrderId, points: 100 });
    // The reward took its 100 points; the order's own points may already be in (they accrue in the background).
    expect(running.square.loyalty.accounts.get(member.loyalty.id).balance).toBe(50 + earned(member.loyalty.id));
    // The order page and the receipt say what the points took off; the lines add up to what was charged.
    const view = await fullOrderView(order!, "en");
    expect(view).toMatchObject({ subtotal: 50, reward: 5, tax: 3.38, total: 48.38 });
    expect(view.discount).toBeUndefined();
    expect(await testDatabase().count("loyalty_rewards", "order_id = $1 AND deleted_at IS NULL", [order!.orderId])).toBe(1);
    // Paid, the pickup stays OPEN for the kitchen (its reward ISSUED under one reading): the sweeper leaves a paid order's reward alone.
    expect(await releaseAbandonedRewards(new Date(Date.now() + ABANDONED_REWARD_MS + 60_000))).toBe(0);
    expect(running.square.loyalty.rewards.has(reward.id)).toBe(true);
    await accrualsInFlight();
    expect(running.square.loyalty.accounts.get(member.loyalty.id).balance).toBe(50 + earned(member.loyalty.id));
    expect(earned(member.loyalty.id)).toBe(reading === "paid" ? 45 : 0);
  });

  it("deletes the reward when the card is declined, and the points come back", async () => {
    running.square.loyalty.seedProgram();
    const member = await aMember(150);
    const quote = await panel(member.cookie, { ...CART, tierId: tierId() });
    const res = await pay(member.cookie, { ...PICKUP_ORDER, paymentToken: "cnon:card-nonce-declined", loyaltyReward: { tierId: tierId(), shownTotalCents: quote.reward.totalCents } });
    expect(res.status).toBe(402);
    expect(running.square.loyalty.rewards.size).toBe(0);
    expect(running.square.loyalty.events.map((event) => event.type)).toEqual(["CREATE_REWARD", "DELETE_REWARD"]);
    expect(running.square.loyalty.accounts.get(member.loyalty.id).balance).toBe(150);
  });

  it("deletes the reward when Square refuses the payment (a card token it does not know), and the points come back", async () => {
    running.square.loyalty.seedProgram();
    const member = await aMember(150);
    const quote = await panel(member.cookie, { ...CART, tierId: tierId() });
    const res = await pay(member.cookie, { ...PICKUP_ORDER, paymentToken: "cnon:not-a-known-card", loyaltyReward: { tierId: tierId(), shownTotalCents: quote.reward.totalCents } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(running.square.loyalty.rewards.size).toBe(0);
    expect(running.square.loyalty.accounts.get(member.loyalty.id).balance).toBe(150);
    expect(await testDatabase().count("loyalty_rewards", "deleted_at IS NULL AND reward_id = ANY($1)", [running.square.loyalty.events.map((e) => e.create_reward?.reward_id).filter(Boolean)])).toBe(0);
  });

  it("refuses with a clear sentence, charging nothing, when the points were spent at the counter meanwhile", async () => {
    running.square.loyalty.seedProgram();
    const member = await aMember(120);
    const quote = await panel(member.cookie, { ...CART, tierId: tierId() });
    running.square.loyalty.spendAtCounter(member.loyalty.id, 100);
    const res = await pay(member.cookie, { ...PICKUP_ORDER, loyaltyReward: { tierId: tierId(), shownTotalCents: quote.reward.totalCents } });
    expect(res.status).toBe(409);
    expect((await jsonOf(res)).error).toMatch(/spent at the counter.*Nothing was charged/);
    expect(payments()).toHaveLength(0);
  });

  it("charges nothing when Square's total with the reward is not the one shown", async () => {
    running.square.loyalty.seedProgram();
    const member = await aMember(150);
    const res = await pay(member.cookie, { ...PICKUP_ORDER, loyaltyReward: { tierId: tierId(), shownTotalCents: 5375 } });
    expect(res.status).toBe(409);
    expect(payments()).toHaveLength(0);
    expect(running.square.loyalty.accounts.get(member.loyalty.id).balance).toBe(150);
  });

  it("puts one reward on an order, whatever the copies of the checkout request", async () => {
    running.square.loyalty.seedProgram();
    const member = await aMember(500);
    const quote = await panel(member.cookie, { ...CART, tierId: tierId() });
    const key = randomUUID();
    const body = { ...PICKUP_ORDER, loyaltyReward: { tierId: tierId(), shownTotalCents: quote.reward.totalCents } };
    const statuses = await Promise.all(Array.from({ length: 5 }, () => pay(member.cookie, body, key).then((res) => res.status)));
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(running.square.loyalty.events.filter((event) => event.type === "CREATE_REWARD")).toHaveLength(1);
    await accrualsInFlight();
    expect(running.square.loyalty.accounts.get(member.loyalty.id).balance).toBe(400 + earned(member.loyalty.id));
  });

  it("sweeps a reward left on an order still unpaid 15 minutes on, giving its points back", async () => {
    running.square.loyalty.seedProgram();
    const member = await aMember(150);
    const quote = await panel(member.cookie, { ...CART, tierId: tierId() });
    // Square never answers the payment: the order stays pending, holding the reward.
    running.square.fault("POST /v2/payments", { delayMs: 3000, process: false });
    const res = await pay(member.cookie, { ...PICKUP_ORDER, loyaltyReward: { tierId: tierId(), shownTotalCents: quote.reward.totalCents } });
    expect(res.status).toBeGreaterThanOrEqual(500);
    running.square.clearFaults();
    expect(running.square.loyalty.accounts.get(member.loyalty.id).balance).toBe(50);
    expect(await releaseAbandonedRewards(new Date())).toBe(0);
    expect(await releaseAbandonedRewards(new Date(Date.now() + ABANDONED_REWARD_MS + 60_000))).toBe(1);
    expect(running.square.loyalty.rewards.size).toBe(0);
    expect(running.square.loyalty.accounts.get(member.loyalty.id).balance).toBe(150);
  });
});

describe("a promo code and a reward together", () => {
  it("are refused with a sentence when the code does not combine with rewards (the default), charging nothing", async () => {
    running.square.loyalty.seedProgram();
    const member = await aMember(150);
    const code = await anOffer(false);
    // The checkout offers no reward beside such a code, and says why.
    const shown = await panel(member.cookie, { ...CART, promoCode: code, tierId: tierId() });
    expect(shown).toMatchObject({ codeBlocksRewards: true });
    expect(shown.reward).toBeUndefined();
    expect(shown.tiers.every((tier: any) => !tier.affordable)).toBe(true);
    const refused = await pay(member.cookie, { ...PICKUP_ORDER, promoCode: code, loyaltyReward: { tierId: tierId(), shownTotalCents: 4838 } });
    expect(refused.status).toBe(409);
    expect((await jsonOf(refused)).error).toMatch(/promo code and a reward cannot be used together/);
    expect(payments()).toHaveLength(0);
    expect(running.square.loyalty.events).toHaveLength(0);
  });

  it("both discount the order when the owner lets the code combine, and Square's total is charged", async () => {
    running.square.loyalty.seedProgram();
    const member = await aMember(150);
    const code = await anOffer(true);
    // $50 less the code's $5 and the reward's $5, then 7.5% tax: shown at checkout, then charged.
    const shown = await panel(member.cookie, { ...CART, promoCode: code, tierId: tierId() });
    expect(shown.reward).toMatchObject({ totalCents: 4300, discountCents: 1000 });
    const res = await pay(member.cookie, { ...PICKUP_ORDER, promoCode: code, loyaltyReward: { tierId: tierId(), shownTotalCents: shown.reward.totalCents } });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(payments().at(-1)!.body.amount_money.amount).toBe(4300);
    const order = await getOrder((await jsonOf(res)).orderId);
    expect(order?.totals).toMatchObject({ discount: 1000, total: 4300 });
    expect(await fullOrderView(order!, "en")).toMatchObject({ subtotal: 50, discount: { code, amount: 5 }, reward: 5, tax: 3, total: 43 });
  });
});
});
