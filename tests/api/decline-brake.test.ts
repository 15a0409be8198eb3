// Card testing from many networks at once: declines are also counted per IPv4 /24 and across the whole
// site. Past 20 declines in 10 minutes every card payment must carry its bank's check (Square's
// verifyBuyer token), the owners are e-mailed once and the console shows a notice; checkout itself stays
// open. An IPv4 address written as IPv4-mapped IPv6 in hex is the same client as its dotted form.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import ordersHandler from "../../netlify/functions/orders.mts";
import paymentConfig from "../../netlify/functions/payment-config.mts";
import squareStatus from "../../netlify/functions/square-status.mts";
import adminDeclineBrake from "../../netlify/functions/admin-decline-brake.mts";
import adminActivity from "../../netlify/functions/admin-activity.mts";
import giftCardSale from "../../netlify/functions/gift-cards.mts";
import { DEVELOPMENT_OWNER_EMAIL } from "../../src/server/staff/adminSession";
import { DECLINES_PER_BLOCK, DECLINES_PER_CLIENT } from "../../src/server/orders/orderAttempts";
import { SITE_DECLINES } from "../../src/server/payments/declineBrake";
import { TOKEN_LOOKUPS } from "../../src/server/giftcards/balance";
import { forgetKnownReadings } from "../../src/server/platform/squareReadings";
import { declineBrakeMail, type DeclineBrakeMailContext } from "../../src/server/mail/declineBrakeMail";
import { adminHeaders } from "../support/admin";
import { testDatabase } from "../support/database";
import { call, jsonOf } from "../support/functions";
import { PICKUP_ORDER, useOrderServices } from "../support/orderServices";

const running = useOrderServices();
let admin: Record<string, string>;
beforeAll(async () => {
  admin = await adminHeaders();
  // Square's card form is offered (its public application id is set), so the checkout reads its settings.
  process.env.PUBLIC_SQUARE_APPLICATION_ID = "sandbox-sq0idb-brake-test";
});
afterAll(() => {
  delete process.env.PUBLIC_SQUARE_APPLICATION_ID;
});
beforeEach(async () => {
  await testDatabase().rows("DELETE FROM counters");
  await testDatabase().rows("DELETE FROM mail_outbox");
  // What the site learnt of Square's gift card reads belongs to the test that taught it.
  await testDatabase().rows("DELETE FROM square_readings");
  forgetKnownReadings();
});

function attempt(ip: string, options: { token?: string; verificationToken?: string; giftCardToken?: string } = {}) {
  const body = {
    ...PICKUP_ORDER,
    customerInfo: { ...PICKUP_ORDER.customerInfo, email: `${randomUUID()}@example.com` },
    paymentToken: options.token ?? PICKUP_ORDER.paymentToken,
    ...(options.verificationToken ? { verificationToken: options.verificationToken } : {}),
    ...(options.giftCardToken ? { giftCardToken: options.giftCardToken } : {}),
  };
  return call(ordersHandler, "/api/orders", { body, ip, headers: { "idempotency-key": randomUUID() } });
}
const DECLINED = "cnon:card-nonce-declined";
/** A client of its own network: a /24 and an IPv6 /64 of its own each time. */
const stranger = (i: number) => (i % 2 ? `2001:db8:${i.toString(16)}::7` : `198.${18 + (i % 2)}.${i}.9`);

describe("declines across the whole site", () => {
  it(`past ${SITE_DECLINES.limit} in 10 minutes from as many networks, every card must pass its bank's check; checkout stays open`, async () => {
    for (let i = 0; i < SITE_DECLINES.limit; i++) expect((await attempt(stranger(i), { token: DECLINED })).status).toBe(402);
    const orders = await testDatabase().count("orders");
    const payments = running.square.requestsTo("POST", "/v2/payments").length;

    const unverified = await attempt("203.0.113.50");
    expect(unverified.status).toBe(422);
    expect(await jsonOf(unverified)).toMatchObject({ code: "verification_required" });
    expect(await testDatabase().count("orders")).toBe(orders);
    expect(running.square.requestsTo("POST", "/v2/payments")).toHaveLength(payments);

    const verified = await attempt("203.0.113.50", { verificationToken: "verf:bank-said-yes-0001" });
    expect(verified.status).toBe(201);
    expect(running.square.requestsTo("POST", "/v2/payments").at(-1)!.body.verification_token).toBe("verf:bank-said-yes-0001");

    // The checkout's card form is told to verify every buyer.
    const config = await jsonOf(await call(paymentConfig, "/api/payment-config"));
    expect(config).toMatchObject({ mode: "square", verifyEveryCard: true });
    // The console shows it to staff.
    const status = await jsonOf(await call(squareStatus, "/api/square-status", { headers: admin }));
    expect(status.declineBrake).toMatchObject({ since: expect.any(String), until: expect.any(String) });
  });

  it("e-mails the owners once when the brake trips, not once per decline, saying what the site does and what staff decide", async () => {
    for (let i = 0; i < SITE_DECLINES.limit + 5; i++) await attempt(stranger(100 + i), { token: DECLINED });
    const alarms = await testDatabase().rows<{ recipient: string; payload: DeclineBrakeMailContext }>(
      "SELECT recipient, payload FROM mail_outbox WHERE kind = 'staff_decline_brake'",
    );
    expect(alarms.map((alarm) => alarm.recipient)).toEqual([DEVELOPMENT_OWNER_EMAIL]);
    const text = (await declineBrakeMail(alarms[0]!.payload)).text.replace(/\s+/g, " ");
    expect(text).toContain(`${SITE_DECLINES.limit} card payments were declined`);
    expect(text).toContain("every card payment on the website must pass the bank's own check");
    expect(text).toContain("never closes ordering by itself");
  });

  it("below the threshold, nothing changes: a card pays without the bank's check, and no one is e-mailed", async () => {
    for (let i = 0; i < SITE_DECLINES.limit - 1; i++) await attempt(stranger(200 + i), { token: DECLINED });
    expect((await attempt("203.0.113.51")).status).toBe(201);
    expect(await testDatabase().count("mail_outbox", "kind = 'staff_decline_brake'")).toBe(0);
  });
});

describe("declines from one IPv4 /24", () => {
  it(`are counted together: after ${DECLINES_PER_BLOCK.limit} from its addresses, a neighbour is refused too`, async () => {
    // Each address stays under its own limit.
    for (let i = 0; i < DECLINES_PER_BLOCK.limit; i++) {
      expect((await attempt(`192.0.2.${10 + i}`, { token: DECLINED })).status).toBe(402);
    }
    const neighbour = await attempt("192.0.2.200");
    expect(neighbour.status).toBe(429);
    expect(Number(neighbour.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another block is not.
    expect((await attempt("192.0.3.200")).status).toBe(201);
  });
});

describe("an IPv4 address written as IPv4-mapped IPv6 in hex", () => {
  it("is the same client as its dotted form: ::ffff:c000:201 is 192.0.2.1", async () => {
    for (let i = 0; i < DECLINES_PER_CLIENT.limit; i++) {
      expect((await attempt(i % 2 ? "::ffff:c000:201" : "0:0:0:0:0:ffff:c000:201", { token: DECLINED })).status).toBe(402);
    }
    expect((await attempt("192.0.2.1")).status).toBe(429);
  });
});

describe("the brake brakes card testing, not customers", () => {
  /** Trips the brake with real declines (Square's GENERIC_DECLINE) from as many networks. */
  async function tripBrake() {
    for (let i = 0; i < SITE_DECLINES.limit; i++) expect((await attempt(stranger(300 + i), { token: DECLINED })).status).toBe(402);
  }

  it("is never tripped by forged or unknown tokens, which Square refuses before any bank (INVALID_REQUEST_ERROR NOT_FOUND)", async () => {
    // Five networks, each up to its own limit: 25 refusals, more than the brake's 20.
    for (let network = 0; network < 5; network++) {
      for (let i = 0; i < DECLINES_PER_CLIENT.limit; i++) {
        expect((await attempt(`198.51.${network + 40}.9`, { token: `cnon:forged-${randomUUID()}` })).status).toBe(402);
      }
      // Each network is still held back by its own limit.
      expect((await attempt(`198.51.${network + 40}.9`)).status).toBe(429);
    }
    expect((await jsonOf(await call(squareStatus, "/api/square-status", { headers: admin }))).declineBrake).toBeNull();
    expect((await attempt("203.0.113.60")).status).toBe(201);
  });

  it("lets Apple Pay, Google Pay and Cash App Pay through without the bank's check while it is on; a card still needs it", async () => {
    await tripBrake();
    expect((await attempt("203.0.113.61")).status).toBe(422);
    for (const [index, token] of ["wnon:test-apple-pay-ok", "wnon:test-google-pay-ok", "wnon:test-cash-app-pay-ok"].entries()) {
      expect((await attempt(`203.0.113.${70 + index}`, { token })).status).toBe(201);
    }
  });

  /** A Square gift card ($100 unless said), bought with the bank's check before the brake trips: its number. */
  async function giftCard(dollars = 100): Promise<string> {
    const res = await call(giftCardSale, "/api/gift-cards", {
      body: {
        amount: dollars,
        recipient: { name: "Ana", email: "ana@example.com" },
        buyer: { name: "Luis", email: "luis@example.com" },
        paymentToken: "cnon:card-nonce-ok",
        verificationToken: "verf:bank-said-yes-0001",
      },
      ip: "203.0.113.30",
      headers: { "idempotency-key": randomUUID() },
    });
    expect(res.status).toBe(201);
    const { last4 } = await jsonOf(res);
    return [...running.square.giftCards.cards.values()].find((card) => card.gan.endsWith(last4)).gan;
  }
  const fromNonce = () => running.square.requestsTo("POST", "/v2/gift-cards/from-nonce");
  const paymentsAtSquare = () => running.square.requestsTo("POST", "/v2/payments");

  it("lets an order paid wholly by a Square gift card (its giftCard() field's token) pay while it is on, Square having said the token is an active gift card; a card's token is still refused and never reaches Square's payments", async () => {
    const gan = await giftCard();
    await tripBrake();
    const payments = paymentsAtSquare().length;

    const card = await attempt("203.0.113.62");
    expect(card.status).toBe(422);
    expect(await jsonOf(card)).toMatchObject({ code: "verification_required" });
    expect(paymentsAtSquare()).toHaveLength(payments);
    // Square was asked once about the card's token, and found no gift card behind it.
    expect(fromNonce().map((request) => request.body)).toEqual([{ nonce: PICKUP_ORDER.paymentToken }]);

    const token = running.square.giftCards.giftCardToken(gan);
    const paid = await attempt("203.0.113.63", { token });
    expect(paid.status).toBe(201);
    expect(fromNonce().at(-1)!.body).toEqual({ nonce: token });
    expect(paymentsAtSquare().at(-1)!.body).toMatchObject({ source_id: token });
    expect(running.square.giftCards.byGan(gan).balance_money.amount).toBeLessThan(10_000);
  });

  it("under the reading where Square's read uses the token up, refuses that order in a sentence, charging nothing, and reads no gift card token again", async () => {
    running.square.readings.fromNonce = "spends";
    const gan = await giftCard();
    await tripBrake();
    const spent = await attempt("203.0.113.67", { token: running.square.giftCards.giftCardToken(gan) });
    expect(spent.status).toBe(422);
    expect(await jsonOf(spent)).toMatchObject({ code: "gift_card_read_spent" });
    expect(running.square.giftCards.byGan(gan).balance_money.amount).toBe(10_000);
    // Learnt for every instance: the next gift card token is not read (it could not pay after), and is refused as a card.
    const reads = fromNonce().length;
    const next = await attempt("203.0.113.69", { token: running.square.giftCards.giftCardToken(gan) });
    expect(await jsonOf(next)).toMatchObject({ code: "verification_required" });
    expect(fromNonce()).toHaveLength(reads);
  });

  it("asks Square about at most 5 tokens a minute from one network while it is on, so a card tester cannot turn its refusals into calls", async () => {
    await tripBrake();
    for (let i = 0; i < 8; i++) expect((await attempt("203.0.113.68", { token: `cnon:stolen-${i}` })).status).toBe(422);
    expect(fromNonce()).toHaveLength(TOKEN_LOOKUPS.limit);
  });

  it("asks Square nothing about tokens while it is off: a gift card and a card pay as ever", async () => {
    const gan = await giftCard();
    expect((await attempt("203.0.113.64", { token: running.square.giftCards.giftCardToken(gan) })).status).toBe(201);
    expect((await attempt("203.0.113.65")).status).toBe(201);
    expect(fromNonce()).toHaveLength(0);
  });

  it("refuses a split tender (gift card and card) while it is on, since the card's part still needs its bank's check, and leaves no gift card authorization behind", async () => {
    // $25 of the $53.75 order on the card, the rest on a card.
    const gan = await giftCard(25);
    await tripBrake();
    const payments = paymentsAtSquare().length;
    const res = await attempt("203.0.113.66", { giftCardToken: running.square.giftCards.giftCardToken(gan) });
    expect(res.status).toBe(422);
    expect(await jsonOf(res)).toMatchObject({ code: "verification_required" });
    // Nothing was charged or held: no payment at Square, the card's balance whole.
    expect(paymentsAtSquare()).toHaveLength(payments);
    expect(running.square.charges().filter((payment) => payment.status === "APPROVED")).toHaveLength(0);
    expect(running.square.giftCards.byGan(gan).balance_money.amount).toBe(2_500);
    // With the bank's check the same split tender pays.
    const verified = await attempt("203.0.113.66", { giftCardToken: running.square.giftCards.giftCardToken(gan), verificationToken: "verf:bank-said-yes-0001" });
    expect(verified.status).toBe(201);
  });

  it("never lets a gift card's token buy a gift card, on or off, and asks Square nothing about it", async () => {
    const gan = await giftCard();
    const buy = () =>
      call(giftCardSale, "/api/gift-cards", {
        body: { amount: 25, recipient: { name: "Ana", email: "ana@example.com" }, buyer: { name: "Luis", email: "luis@example.com" }, paymentToken: running.square.giftCards.giftCardToken(gan) },
        ip: "203.0.113.67",
        headers: { "idempotency-key": randomUUID() },
      });
    expect((await buy()).status).toBe(422);
    await tripBrake();
    const refused = await buy();
    expect(refused.status).toBe(422);
    expect(await jsonOf(refused)).toMatchObject({ code: "verification_required" });
    expect(fromNonce()).toHaveLength(0);
    expect(running.square.giftCards.byGan(gan).balance_money.amount).toBe(10_000);
  });

  it("shows the owner why it tripped (declines by network, a short hash each, no address), and the owner turns it off in the console, in the activity log", async () => {
    // One network sends five, the rest one each.
    for (let i = 0; i < DECLINES_PER_CLIENT.limit; i++) await attempt("198.51.100.200", { token: DECLINED });
    for (let i = 0; i < SITE_DECLINES.limit - DECLINES_PER_CLIENT.limit; i++) await attempt(stranger(400 + i), { token: DECLINED });
    const shown = await call(adminDeclineBrake, "/api/admin/decline-brake", { headers: admin });
    const { declineBrake } = await jsonOf(shown);
    expect(declineBrake).toMatchObject({ declines: SITE_DECLINES.limit, since: expect.any(String), until: expect.any(String) });
    expect(declineBrake.networks[0]).toEqual({ network: expect.stringMatching(/^[0-9a-f]{8}$/), declines: DECLINES_PER_CLIENT.limit });
    expect(declineBrake.networks.length).toBeGreaterThan(1);
    expect(JSON.stringify(declineBrake)).not.toContain("198.51.100.200");

    const off = await call(adminDeclineBrake, "/api/admin/decline-brake", { method: "DELETE", headers: admin });
    expect(off.status).toBe(200);
    expect((await jsonOf(await call(squareStatus, "/api/square-status", { headers: admin }))).declineBrake).toBeNull();
    expect((await attempt("203.0.113.90")).status).toBe(201);
    const log = await jsonOf(await call(adminActivity, "/api/admin/activity?action=payments.decline-brake", { headers: admin }));
    expect(log.entries).toEqual([expect.objectContaining({ action: "payments.decline-brake", before: expect.objectContaining({ declines: SITE_DECLINES.limit }), after: { on: false } })]);
    // Off, it is off: a second switch says so.
    expect((await call(adminDeclineBrake, "/api/admin/decline-brake", { method: "DELETE", headers: admin })).status).toBe(409);
  });
});
