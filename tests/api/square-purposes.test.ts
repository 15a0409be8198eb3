// Square's calls by purpose: only charges, their checks and refunds take the charges' places in flight;
// the loyalty panel's and status's look-ups have places and budgets of their own (per account, per
// network and site-wide), and a member's balance is kept about a minute. A member looping the checkout's
// points panel while Square is slow never turns another network's card order away.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import loyaltyAccount from "../../netlify/functions/loyalty-account.mts";
import loyaltyCheckout from "../../netlify/functions/loyalty-checkout.mts";
import orders from "../../netlify/functions/orders.mts";
import { forgetLoyaltyProgram } from "../../src/server/loyalty";
import { testDatabase } from "../support/database";
import { call, jsonOf, SITE_ORIGIN } from "../support/functions";
import { PICKUP_ORDER, useOrderServices } from "../support/orderServices";
import { useLoyaltyKeys } from "../support/loyaltyKeys";
import { aLoyaltyMember } from "../support/loyaltyMembers";

const running = useOrderServices();
useLoyaltyKeys();

/** PICKUP_ORDER's lines as the checkout page prices them. */
const CART = { lines: [{ id: 7, name: "Billionaire Brunch Bites", quantity: 2, unitPriceCents: 1700 }, { id: 1, name: "Hot Maple Flatbread", quantity: 1, unitPriceCents: 1600 }], deliveryFeeCents: 0 };

const kept: Record<string, string | undefined> = {};
beforeAll(() => {
  for (const key of ["SQUARE_CALLS_IN_FLIGHT", "SQUARE_TIMEOUT_SECONDS"]) kept[key] = process.env[key];
});
afterAll(() => {
  for (const [key, value] of Object.entries(kept)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});
beforeEach(async () => {
  forgetLoyaltyProgram();
  await testDatabase().rows("DELETE FROM counters");
  await testDatabase().rows("UPDATE square_call_slots SET holder = NULL, leased_until = NULL");
});

/** A signed-in diner linked to a counter regular's loyalty account with `balance` points. */
const aMember = (balance: number) => aLoyaltyMember(running.square, balance);

const panel = (cookie: string, ip: string, cart: object = CART) => call(loyaltyCheckout, "/api/loyalty/checkout", { body: cart, ip, headers: { cookie, origin: SITE_ORIGIN } });
const status = (cookie: string, ip: string) => call(loyaltyAccount, "/api/account/loyalty", { ip, headers: { cookie, origin: SITE_ORIGIN } });
const balanceReads = () => running.square.requests.filter((request) => request.method === "GET" && request.path.startsWith("/v2/loyalty/accounts/")).length;

describe("a member looping the checkout's points panel while Square is slow", () => {
  it("never turns away card orders from other networks: 16 of 16 are paid, each within 3 s", { timeout: 90_000 }, async () => {
    Object.assign(process.env, { SQUARE_CALLS_IN_FLIGHT: "2", SQUARE_TIMEOUT_SECONDS: "8" });
    let looping = true;
    let loops: Promise<void>[] = [];
    try {
      running.square.loyalty.seedProgram({ tiers: [{ points: 100, name: "$5 off your order" }] });
      const member = await aMember(500);
      const tierId = running.square.loyalty.program.reward_tiers[0].id;
      // Square takes 2.5 s to answer CalculateOrder (the panel's total with a reward), and keeps doing so.
      running.square.fault("POST /v2/orders/calculate", { delayMs: 2_500 }, 100_000);
      let asked = 0;
      const loopAnswers: number[] = [];
      // Each pass a cart of its own, so nothing kept answers it: every one must be admitted to ask Square.
      loops = Array.from({ length: 24 }, async () => {
        while (looping) {
          const cart = { ...CART, tierId, lines: [{ ...CART.lines[0]!, unitPriceCents: 1700 + (asked++ % 1000) }] };
          const answer = await panel(member.cookie, "2001:db8:5::7", cart);
          loopAnswers.push(answer.status);
          await answer.body?.cancel();
        }
      });
      // Let the loops fill whatever places they can take first.
      await expect.poll(() => running.square.requestsTo("POST", "/v2/orders/calculate").length, { timeout: 30_000 }).toBeGreaterThan(0);

      const times: number[] = [];
      const statuses: number[] = [];
      for (let wave = 0; wave < 4; wave++) {
        const answers = await Promise.all(
          Array.from({ length: 4 }, async (_, index) => {
            const started = Date.now();
            const answer = await call(orders, "/api/orders", { body: PICKUP_ORDER, ip: `198.51.${100 + wave}.${10 + index}`, headers: { "idempotency-key": randomUUID() } });
            times.push(Date.now() - started);
            return answer;
          }),
        );
        statuses.push(...answers.map((answer) => answer.status));
      }
      looping = false;
      await Promise.all(loops);
      expect(statuses).toEqual(Array(16).fill(201));
      expect(Math.max(...times)).toBeLessThan(3_000);
      // The member met their own look-up budget, in a sentence, long before the site's.
      expect(loopAnswers).toContain(429);
    } finally {
      // A failed step must not leave the loops running into the next test.
      looping = false;
      await Promise.allSettled(loops);
      running.square.clearFaults();
    }
  });
});

describe("the loyalty look-ups' own budgets", () => {
  it("keep a member's balance about a minute: ten status reads ask Square once", async () => {
    running.square.loyalty.seedProgram();
    const member = await aMember(40);
    const before = balanceReads();
    for (let i = 0; i < 10; i++) {
      const answer = await status(member.cookie, "192.0.2.61");
      expect(answer.status).toBe(200);
      expect(await jsonOf(answer)).toMatchObject({ member: true, balance: 40 });
    }
    expect(balanceReads() - before).toBe(1);
  });

  it("refuse one account past its look-ups a minute with a sentence in its language, while another member is served", async () => {
    running.square.loyalty.seedProgram({ accrual: { type: "SPEND", points: 1, spendCents: 100 } });
    const member = await aMember(40);
    const answers: Response[] = [];
    for (let i = 0; i < 40; i++) answers.push(await panel(member.cookie, `192.0.2.${70 + (i % 20)}`, { ...CART, lines: [{ ...CART.lines[0]!, unitPriceCents: 1700 + i }] }));
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]!.headers.get("retry-after")).toBeTruthy();
    const spanish = await call(loyaltyCheckout, "/api/loyalty/checkout", { body: CART, ip: "192.0.2.99", headers: { cookie: member.cookie, origin: SITE_ORIGIN, "x-site-locale": "es" } });
    expect(spanish.status).toBe(429);
    expect((await jsonOf(spanish)).error).toMatch(/puntos/i);
    const other = await aMember(10);
    expect(await jsonOf(await panel(other.cookie, "192.0.2.100"))).toMatchObject({ available: true, member: true, balance: 10 });
  });

  it("refuse one IPv6 /48 past its look-ups, whichever /64s and accounts it rotates", async () => {
    running.square.loyalty.seedProgram();
    const members = await Promise.all(Array.from({ length: 12 }, () => aMember(5)));
    const answers: number[] = [];
    for (let i = 0; i < 120; i++) {
      const member = members[i % members.length]!;
      answers.push((await panel(member.cookie, `2001:db8:77:${(i % 60).toString(16)}::1`, { ...CART, lines: [{ ...CART.lines[0]!, unitPriceCents: 1700 + i }] })).status);
    }
    expect(answers.filter((code) => code === 429).length).toBeGreaterThan(0);
    const stranger = await aMember(5);
    expect((await panel(stranger.cookie, "2001:db8:99::1")).status).toBe(200);
  });
});
