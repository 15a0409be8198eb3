// "First order" and per-diner caps look at the tender too: a new e-mail and phone on a card (or a gift
// card, known by its id) that paid here before is the same diner; a tender with no identity cannot take
// such a code. Such an order's payment is only authorized (Square's delayed capture), its tender compared
// with earlier paid orders, then completed, or cancelled with nothing charged and the code's use and the
// kitchen's room given back. Orders without such a code are paid exactly as before.
// A wallet is a tender like a card (the fake Square's wallets as Square models them: Apple Pay and Google Pay as
// their device card with its own fingerprint, Cash App Pay as a wallet with its cashtag).
import { randomUUID } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import ordersHandler from "../../netlify/functions/orders.mts";
import sale from "../../netlify/functions/gift-cards.mts";
import { adminHeaders } from "../support/admin";
import { testDatabase } from "../support/database";
import { cardToken } from "../support/fakeSquareCards";
import { VERIFICATION_REQUIRED_TOKEN } from "../support/fakeSquare";
import { TEST_WALLET_TOKENS } from "../../src/domain/payment";
import { call, jsonOf } from "../support/functions";
import { createOffer, newDiner } from "../support/offerCodes";
import { PICKUP_ORDER, useOrderServices } from "../support/orderServices";
import { forgetKnownReadings } from "../../src/server/platform/squareReadings";

const running = useOrderServices();
let admin: Record<string, string>;
beforeAll(async () => {
  process.env.SQUARE_TIMEOUT_SECONDS = "5";
  admin = await adminHeaders();
});
beforeEach(async () => {
  await testDatabase().rows("DELETE FROM slot_bookings");
  // What the site learnt of Square's gift card reads belongs to the test that taught it.
  await testDatabase().rows("DELETE FROM square_readings");
  forgetKnownReadings();
});

const ONE_PM = "2026-11-21T13:00:00-05:00";
const FLATBREAD = [{ id: 1, name: "Hot Maple Flatbread", price: 16, quantity: 1 }];
/** Two cards of the diners' own (Square's sandbox accepts any Visa test number). */
const CARD_A = "4000 0000 0000 0002";
const CARD_B = "4000 0566 5566 5556";

const offer = (fields: Record<string, unknown>) => createOffer(admin, "CARD", fields);

const someone = () => newDiner("guest");

function order(fields: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Response> {
  const body = { ...PICKUP_ORDER, items: FLATBREAD, slot: ONE_PM, customerInfo: someone(), ...fields };
  return call(ordersHandler, "/api/orders", { body, headers: { "idempotency-key": randomUUID(), ...headers } });
}

/** A payment as the fake Square holds it now (GetPayment). */
async function squarePayment(id: string): Promise<any> {
  const res = await fetch(`${running.square.url}/v2/payments/${id}`, { headers: { authorization: `Bearer ${running.square.accessToken}` } });
  return ((await res.json()) as { payment: any }).payment;
}

/** Payments that took money (the fake's list holds authorizations and cancelled ones too). */
const completed = () => running.square.charges().filter((payment) => payment.status === "COMPLETED");
const paymentsAsked = () => running.square.requestsTo("POST", "/v2/payments");
const verbs = (verb: "complete" | "cancel") => running.square.requests.filter((request) => request.method === "POST" && request.path.endsWith(`/${verb}`));

async function storedOrderOf(email: string) {
  const [row] = await testDatabase().rows<{ id: string; status: string; card_fingerprint: string | null }>(
    "SELECT id, status, card_fingerprint FROM orders WHERE customer_email = $1",
    [email],
  );
  return row!;
}

async function useOf(orderId: string): Promise<string | undefined> {
  return (await testDatabase().rows<{ state: string }>("SELECT state FROM offer_uses WHERE order_id = $1", [orderId]))[0]?.state;
}

async function roomTaken(): Promise<number> {
  const [row] = await testDatabase().rows<{ weight: number }>("SELECT coalesce(sum(weight), 0)::int AS weight FROM slot_bookings");
  return row!.weight;
}

/** An eGift card of `dollars` bought on the site: its number. */
async function giftCardOf(dollars: number): Promise<string> {
  const res = await call(sale, "/api/gift-cards", {
    body: { amount: dollars, recipient: { name: "Ana", email: "ana@example.com" }, buyer: { name: "Luis", email: "luis@example.com" }, paymentToken: cardToken(CARD_B), verificationToken: "verf:bank-said-yes-0001" },
    headers: { "idempotency-key": randomUUID() },
  });
  expect(res.status).toBe(201);
  const { last4 } = await jsonOf<{ last4: string }>(res);
  return [...running.square.giftCards.cards.values()].find((entry: any) => entry.gan.endsWith(last4)).gan;
}

describe("a first-order code and the diner's card", () => {
  it("refuses a second first order on the same card under a new e-mail and phone, charging nothing and giving the use and the room back", async () => {
    const { code, id } = await offer({ firstOrderOnly: true });
    const first = someone();
    expect((await order({ promoCode: code, customerInfo: first, paymentToken: cardToken(CARD_A) })).status).toBe(201);
    const firstStored = await storedOrderOf(first.email);
    expect(firstStored.card_fingerprint).toMatch(/^sq-1-/);
    const roomAfterFirst = await roomTaken();

    const second = someone();
    const before = paymentsAsked().length;
    const refused = await order({ promoCode: code, customerInfo: second, paymentToken: cardToken(CARD_A) });
    expect(refused.status).toBe(422);
    expect((await jsonOf<{ error: string }>(refused)).error).toBe("That code is for a first order, and this card has paid an order here before: nothing was charged.");

    // Square was asked for an authorization only, and it was cancelled: nothing taken from the card.
    const [asked] = paymentsAsked().slice(before);
    expect(asked!.body.autocomplete).toBe(false);
    const [cancelled] = verbs("cancel");
    const payment = await squarePayment(cancelled!.path.split("/")[3]!);
    expect(payment.status).toBe("CANCELED");
    expect(payment.card_details.status).toBe("VOIDED");
    expect(completed().filter((charge) => charge.id === payment.id)).toEqual([]);
    // The order ended unpaid: the code's use and the kitchen's room are free again.
    const secondStored = await storedOrderOf(second.email);
    expect(secondStored.status).toBe("payment_failed");
    expect(await useOf(secondStored.id)).toBe("released");
    expect(await roomTaken()).toBe(roomAfterFirst);
    const [stats] = (await testDatabase().rows<{ n: number }>("SELECT count(*)::int AS n FROM offer_uses WHERE offer_id = $1 AND state <> 'released'", [id]));
    expect(stats!.n).toBe(1);

    // The same diner with another card is a first order: authorized, checked, then completed.
    const other = await order({ promoCode: code, customerInfo: second, paymentToken: cardToken(CARD_B) });
    expect(other.status, await other.clone().text()).toBe(201);
    const [paidSecond] = await testDatabase().rows<{ receipt_url: string | null }>("SELECT receipt_url FROM orders WHERE customer_email = $1 AND status = 'confirmed'", [second.email]);
    expect(paidSecond!.receipt_url).toMatch(/^https:\/\/squareupsandbox\.com\/receipt\//);
    expect(verbs("complete")).toHaveLength(2);
    expect(completed()).toHaveLength(2);
  });

  it("tells a diner browsing in Spanish in Spanish", async () => {
    const { code } = await offer({ firstOrderOnly: true });
    // The card paid before, without any code.
    expect((await order({ paymentToken: cardToken(CARD_A) })).status).toBe(201);
    const refused = await order({ promoCode: code, paymentToken: cardToken(CARD_A) }, { "x-site-locale": "es" });
    expect(refused.status).toBe(422);
    expect((await jsonOf<{ error: string }>(refused)).error).toBe("Ese código es para un primer pedido, y esta tarjeta ya pagó un pedido aquí: no se cobró nada.");
    expect(completed()).toHaveLength(1);
  });
});

describe("a per-diner cap and the diner's card", () => {
  it("counts the card's earlier uses of the code whatever e-mail and phone come with it, and its earlier orders against 'first-time diners won'", async () => {
    const { code } = await offer({ perDinerCap: 1 });
    expect((await order({ promoCode: code, paymentToken: cardToken(CARD_A) })).status).toBe(201);
    // A paid order without the code does not use it up.
    expect((await order({ paymentToken: cardToken(CARD_B) })).status).toBe(201);
    const refused = await order({ promoCode: code, paymentToken: cardToken(CARD_A) });
    expect(refused.status).toBe(422);
    expect((await jsonOf<{ error: string }>(refused)).error).toBe("That code has already been used with this card: nothing was charged.");
    // CARD_B paid before (without the code): a new e-mail on it is no first-time diner won.
    const diner = someone();
    expect((await order({ promoCode: code, customerInfo: diner, paymentToken: cardToken(CARD_B) })).status).toBe(201);
    expect(completed()).toHaveLength(3);
    const [use] = await testDatabase().rows<{ first_time: boolean }>(
      "SELECT u.first_time FROM offer_uses u JOIN orders o ON o.id = u.order_id WHERE o.customer_email = $1",
      [diner.email],
    );
    expect(use!.first_time).toBe(false);
  });
});

describe("a first-order code with a gift card paying part", () => {
  it("cancels both authorizations before PayOrder when the card paid before: the gift card keeps its balance", async () => {
    const { code } = await offer({ firstOrderOnly: true });
    const gan = await giftCardOf(10);
    expect((await order({ paymentToken: cardToken(CARD_A) })).status).toBe(201);
    const charged = completed().length;

    const refused = await order({ promoCode: code, paymentToken: cardToken(CARD_A), giftCardToken: running.square.giftCards.giftCardToken(gan) });
    expect(refused.status).toBe(422);
    expect(running.square.requests.filter((request) => request.path.endsWith("/pay"))).toEqual([]);
    expect(verbs("cancel")).toHaveLength(2);
    expect(running.square.giftCards.byGan(gan).balance_money.amount).toBe(1000);
    expect(completed()).toHaveLength(charged);

    // A new card with the gift card: both completed together by PayOrder, the card's fingerprint kept.
    const diner = someone();
    const paid = await order({ promoCode: code, customerInfo: diner, paymentToken: cardToken("4111 1111 1111 1129"), giftCardToken: running.square.giftCards.giftCardToken(gan) });
    expect(paid.status, await paid.clone().text()).toBe(201);
    expect(running.square.giftCards.byGan(gan).balance_money.amount).toBe(0);
    expect((await storedOrderOf(diner.email)).card_fingerprint).toMatch(/^sq-1-/);
  });
});

describe("a first-order code paid by a gift card alone", () => {
  const balanceOf = (gan: string) => running.square.giftCards.byGan(gan).balance_money.amount as number;
  const paidBy = (code: string, token: string, locale = "en", customerInfo = someone()) => order({ promoCode: code, paymentToken: token, customerInfo }, { "x-site-locale": locale });

  it("is given once per gift card: of three guest orders with new e-mails and phones, one is discounted and two are refused in a sentence, charging nothing", async () => {
    const { code } = await offer({ firstOrderOnly: true });
    const gan = await giftCardOf(100);
    const answers: Response[] = [];
    const first = someone();
    for (const locale of ["en", "en", "es"]) answers.push(await paidBy(code, running.square.giftCards.giftCardToken(gan), locale, answers.length === 0 ? first : someone()));
    expect(answers.map((answer) => answer.status)).toEqual([201, 422, 422]);
    expect((await jsonOf(answers[1]!)).error).toBe("That code is for a first order, and this card has paid an order here before: nothing was charged.");
    expect((await jsonOf(answers[2]!)).error).toBe("Ese código es para un primer pedido, y esta tarjeta ya pagó un pedido aquí: no se cobró nada.");
    // The first order's $16 less $3, with 7.5% tax: $13.98 taken from the card, and nothing more.
    expect(balanceOf(gan)).toBe(10_000 - 1398);
    expect((await storedOrderOf(first.email)).card_fingerprint).toMatch(/^gift-card:/);
  });

  it("is refused in a sentence, nothing charged, when Square names no identity of the tender", async () => {
    const { code } = await offer({ firstOrderOnly: true });
    const gan = await giftCardOf(100);
    // Square cannot read the card behind the token (as for a tender it names nothing of).
    running.square.fault("POST /v2/gift-cards/from-nonce", { status: 404, body: { errors: [{ category: "INVALID_REQUEST_ERROR", code: "NOT_FOUND", detail: "Gift card not found" }] } });
    const refused = await paidBy(code, running.square.giftCards.giftCardToken(gan));
    expect(refused.status).toBe(422);
    expect((await jsonOf(refused)).error).toMatch(/^That code needs a card, a gift card or Cash App we can tell apart.*nothing was charged/);
    expect(balanceOf(gan)).toBe(10_000);
    expect(verbs("cancel")).toHaveLength(1);
  });
});

describe("a first-order code paid by a gift card alone, where Square's read uses the token up", () => {
  it("is refused in a sentence, nothing charged and the use free again; the next gift card is not read and is refused as one with no identity", async () => {
    running.square.readings.fromNonce = "spends";
    const { code } = await offer({ firstOrderOnly: true });
    const gan = await giftCardOf(100);
    const bought = completed().length;
    const spent = await order({ promoCode: code, paymentToken: running.square.giftCards.giftCardToken(gan) });
    expect(spent.status).toBe(422);
    expect(await jsonOf(spent)).toMatchObject({ code: "gift_card_read_spent" });
    expect(running.square.giftCards.byGan(gan).balance_money.amount).toBe(10_000);
    const reads = running.square.requestsTo("POST", "/v2/gift-cards/from-nonce").length;
    const next = await order({ promoCode: code, paymentToken: running.square.giftCards.giftCardToken(gan) });
    expect((await jsonOf(next)).error).toMatch(/^That code needs a card, a gift card or Cash App we can tell apart.*nothing was charged/);
    expect(running.square.requestsTo("POST", "/v2/gift-cards/from-nonce")).toHaveLength(reads);
    expect(running.square.giftCards.byGan(gan).balance_money.amount).toBe(10_000);
    expect(completed()).toHaveLength(bought);
    const uses = await testDatabase().rows<{ state: string }>("SELECT u.state FROM offer_uses u JOIN offers o ON o.id = u.offer_id WHERE o.code = $1", [code]);
    expect(uses.map((use) => use.state)).toEqual(["released", "released"]);
  });
});

describe("orders without a code that looks at the diner", () => {
  it("are paid as before: one payment completed at once, no authorization, and the card is kept", async () => {
    const plain = await offer({});
    const diner = someone();
    expect((await order({ customerInfo: diner, paymentToken: cardToken(CARD_A) })).status).toBe(201);
    expect((await order({ promoCode: plain.code, paymentToken: cardToken(CARD_A) })).status).toBe(201);
    expect(paymentsAsked().map((request) => request.body.autocomplete)).toEqual([true, true]);
    expect(verbs("complete")).toEqual([]);
    expect(verbs("cancel")).toEqual([]);
    expect(completed()).toHaveLength(2);
    expect((await storedOrderOf(diner.email)).card_fingerprint).toMatch(/^sq-1-/);
  });
});

const WALLETS = [
  { wallet: "Apple Pay", token: TEST_WALLET_TOKENS.applePay, verificationToken: undefined },
  { wallet: "Google Pay", token: VERIFICATION_REQUIRED_TOKEN, verificationToken: "verf:bank-said-yes" },
  { wallet: "Cash App Pay", token: TEST_WALLET_TOKENS.cashAppPay, verificationToken: undefined },
];

describe.each(WALLETS)("a first-order code paid with $wallet", ({ wallet, token, verificationToken }) => {
  it("is authorized, checked and then completed: one payment, captured; the same wallet (its device card, or its cashtag) under a new e-mail is no first order", async () => {
    const { code } = await offer({ firstOrderOnly: true });
    const extra = verificationToken ? { verificationToken } : {};
    const res = await order({ promoCode: code, paymentToken: token, ...extra });
    expect(res.status, await res.clone().text()).toBe(201);
    const [asked] = running.square.requestsTo("POST", "/v2/payments");
    expect(asked!.body).toMatchObject({ source_id: token, autocomplete: false });
    const [payment] = running.square.charges();
    expect(payment.status).toBe("COMPLETED");
    expect(running.square.requestsTo("POST", `/v2/payments/${payment.id}/complete`)).toHaveLength(1);
    if (wallet === "Cash App Pay") {
      expect(payment).toMatchObject({ source_type: "WALLET", wallet_details: { status: "CAPTURED", cash_app_details: { buyer_cashtag: expect.stringMatching(/^\$/) } } });
    } else {
      expect(payment).toMatchObject({ source_type: "CARD", card_details: { status: "CAPTURED", card: { fingerprint: expect.stringMatching(/^sq-1-/) } } });
    }
    // The device card's fingerprint (Apple Pay, Google Pay) or the cashtag (Cash App) is the diner's, whatever e-mail comes with it.
    const again = await order({ promoCode: code, paymentToken: token, ...extra });
    expect(again.status).toBe(422);
    expect((await jsonOf(again)).error).toBe("That code is for a first order, and this card has paid an order here before: nothing was charged.");
    expect(running.square.charges().filter((charge) => charge.status === "COMPLETED")).toHaveLength(1);
  });
});
