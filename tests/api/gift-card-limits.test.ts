// A gift card sale is money out, and a balance look-up is a call to Square: each is limited as a card
// tester or a flood would meet it. A sale passes an order's decline limits and brake, needs the bank's
// check (verifyBuyer) for a card, and stops at a site-wide hourly cap the owner sets in the console;
// balance look-ups have a site-wide budget and places in flight of their own, never a charge's.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import sale from "../../netlify/functions/gift-cards.mts";
import balance from "../../netlify/functions/gift-card-balance.mts";
import adminGiftCards from "../../netlify/functions/admin-gift-cards.mts";
import adminActivity from "../../netlify/functions/admin-activity.mts";
import orders from "../../netlify/functions/orders.mts";
import { errorText } from "../../src/domain/i18n/ui/errors";
import { said } from "../../src/server/platform/errors";
import { SITE_BALANCE_BUDGET } from "../../src/server/giftcards";
import { adminHeaders } from "../support/admin";
import { testDatabase } from "../support/database";
import { call, jsonOf } from "../support/functions";
import { PICKUP_ORDER, postOrder, useOrderServices } from "../support/orderServices";

const running = useOrderServices();
beforeAll(() => {
  process.env.SQUARE_TIMEOUT_SECONDS = "5";
});
afterAll(() => {
  delete process.env.SQUARE_CALLS_IN_FLIGHT;
});
beforeEach(async () => {
  await testDatabase().rows("DELETE FROM counters");
  await testDatabase().rows("DELETE FROM settings WHERE key = 'gift_card_hourly_cap'");
  await testDatabase().rows("DELETE FROM mail_outbox");
  await testDatabase().rows("DELETE FROM gift_card_sales");
});

const PURCHASE = {
  amount: 25,
  recipient: { name: "Ana Pérez", email: "ana@example.com" },
  buyer: { name: "Luis Gómez", email: "luis@example.com" },
  paymentToken: "cnon:card-nonce-ok",
  verificationToken: "verf:bank-said-yes-0001",
};

function buy(body: unknown = PURCHASE, ip = `198.51.100.${Math.floor(Math.random() * 200) + 1}`, headers: Record<string, string> = {}) {
  return call(sale, "/api/gift-cards", { body, ip, headers: { "idempotency-key": randomUUID(), ...headers } });
}

describe("a gift card sale", () => {
  it("refuses a card without its bank's check (422, in the buyer's language), storing nothing and asking Square nothing; Apple Pay pays without it", async () => {
    const { verificationToken: _none, ...unverified } = PURCHASE;
    const english = await buy(unverified);
    expect(english.status).toBe(422);
    expect(await jsonOf(english)).toMatchObject({ code: "verification_required", error: errorText(said("verification_required"), "en") });
    const spanish = await buy(unverified, undefined, { "x-site-locale": "es" });
    expect((await jsonOf(spanish)).error).toBe(errorText(said("verification_required"), "es"));
    expect(await testDatabase().count("gift_card_sales")).toBe(0);
    expect(running.square.requests).toHaveLength(0);

    expect((await buy({ ...unverified, paymentToken: "wnon:test-apple-pay-ok" })).status).toBe(201);
  });

  it("is refused (429) to a network whose cards were declined five times, at checkout or here, before Square is asked", async () => {
    const network = "192.0.2.140";
    for (let i = 0; i < 3; i++) {
      expect((await call(orders, "/api/orders", { body: { ...PICKUP_ORDER, paymentToken: "cnon:card-nonce-declined" }, ip: network, headers: { "idempotency-key": randomUUID() } })).status).toBe(402);
    }
    for (let i = 0; i < 2; i++) expect((await buy({ ...PURCHASE, paymentToken: "cnon:card-nonce-declined" }, network)).status).toBe(402);
    const calls = running.square.requests.length;
    const refused = await buy(PURCHASE, network, { "x-site-locale": "es" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await jsonOf(refused)).toMatchObject({ code: "too_many_declines", error: errorText(said("too_many_declines"), "es") });
    expect(running.square.requests).toHaveLength(calls);
  });

  it("stops at the site-wide hourly cap the owner sets in the console (logged), with a sentence in the buyer's language", async () => {
    const owner = await adminHeaders();
    const set = await call(adminGiftCards, "/api/admin/gift-cards/hourly-cap", { method: "PUT", body: { limit: 2 }, headers: owner });
    expect(set.status).toBe(200);
    expect((await jsonOf(set)).hourlyCap).toEqual({ limit: 2, soldLastHour: 0 });
    expect((await buy()).status).toBe(201);
    expect((await buy()).status).toBe(201);
    const calls = running.square.requests.length;
    const refused = await buy(PURCHASE, "203.0.113.200", { "x-site-locale": "es" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await jsonOf(refused)).toEqual({ code: "gift_card_sold_out_hour", error: errorText(said("gift_card_sold_out_hour"), "es") });
    expect(running.square.requests).toHaveLength(calls);
    expect((await jsonOf(await call(adminGiftCards, "/api/admin/gift-cards", { headers: owner }))).hourlyCap).toEqual({ limit: 2, soldLastHour: 2 });

    const log = await jsonOf(await call(adminActivity, "/api/admin/activity?action=settings.gift-card-cap", { headers: owner }));
    expect(log.entries).toEqual(expect.arrayContaining([expect.objectContaining({ action: "settings.gift-card-cap", before: { limit: 20 }, after: { limit: 2 } })]));
    // Raised again, the next buyer is served.
    await call(adminGiftCards, "/api/admin/gift-cards/hourly-cap", { method: "PUT", body: { limit: 3 }, headers: owner });
    expect((await buy()).status).toBe(201);
  });
});

describe("balance look-ups", () => {
  it("in a flood from many networks never take the places a checkout's charge needs", { timeout: 30_000 }, async () => {
    process.env.SQUARE_CALLS_IN_FLIGHT = "2";
    // Each look-up is slow at Square: held places would hold a charge up for seconds.
    running.square.fault("POST /v2/gift-cards/from-gan", { delayMs: 1_500 }, 40);
    const lookups = Array.from({ length: 30 }, (_, i) => call(balance, "/api/gift-cards/balance", { body: { number: "7783000000000001" }, ip: `10.9.${i}.1` }));
    // The flood is at Square, holding every place look-ups may take (two), before the order comes.
    await expect.poll(() => running.square.requestsTo("POST", "/v2/gift-cards/from-gan").length, { timeout: 10_000, interval: 20 }).toBeGreaterThanOrEqual(2);
    const started = Date.now();
    const order = await postOrder(PICKUP_ORDER);
    expect(order.status).toBe(201);
    expect(Date.now() - started).toBeLessThan(1_500);
    await Promise.all(lookups);
    running.square.clearFaults();
    delete process.env.SQUARE_CALLS_IN_FLIGHT;
  });

  it(`have a site-wide budget: past ${SITE_BALANCE_BUDGET.limit} a minute, from any network, 429 with a sentence`, { timeout: 30_000 }, async () => {
    const answers = await Promise.all(
      Array.from({ length: SITE_BALANCE_BUDGET.limit }, (_, i) => call(balance, "/api/gift-cards/balance", { body: { number: "7783000000000001" }, ip: `10.8.${i}.1` })),
    );
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([404]));
    const calls = running.square.requestsTo("POST", "/v2/gift-cards/from-gan").length;
    const refused = await call(balance, "/api/gift-cards/balance", { body: { number: "7783000000000001" }, ip: "10.7.0.1", headers: { "x-site-locale": "es" } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await jsonOf(refused)).toEqual({ code: "gift_card_lookups_busy", error: errorText(said("gift_card_lookups_busy"), "es") });
    expect(running.square.requestsTo("POST", "/v2/gift-cards/from-gan")).toHaveLength(calls);
  });
});
