// Every tender is someone: a code for a first order or capped per diner knows a gift card by its id (read
// from its token before the payment, since Square's Payment names none), as it knows a card by its
// fingerprint; a tender Square names no identity of cannot take such a code, and nothing is charged.
import { randomUUID } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import ordersHandler from "../../netlify/functions/orders.mts";
import sale from "../../netlify/functions/gift-cards.mts";
import { adminHeaders } from "../support/admin";
import { testDatabase } from "../support/database";
import { cardToken } from "../support/fakeSquareCards";
import { call, jsonOf } from "../support/functions";
import { createOffer, newDiner } from "../support/offerCodes";
import { PICKUP_ORDER, useOrderServices } from "../support/orderServices";

const running = useOrderServices();
let admin: Record<string, string>;
beforeAll(async () => {
  process.env.SQUARE_TIMEOUT_SECONDS = "5";
  admin = await adminHeaders();
});
beforeEach(async () => {
  await testDatabase().rows("DELETE FROM slot_bookings");
});

const ONE_PM = "2026-11-21T13:00:00-05:00";
const FLATBREAD = [{ id: 1, name: "Hot Maple Flatbread", price: 16, quantity: 1 }];

/** A $100 eGift card bought on the site: its number. */
async function aGiftCard(): Promise<string> {
  const res = await call(sale, "/api/gift-cards", {
    body: { amount: 100, recipient: { name: "Ana", email: "ana@example.com" }, buyer: { name: "Luis", email: "luis@example.com" }, paymentToken: cardToken("4000 0566 5566 5556"), verificationToken: "verf:bank-said-yes-0001" },
    headers: { "idempotency-key": randomUUID() },
  });
  expect(res.status).toBe(201);
  const { last4 } = await jsonOf<{ last4: string }>(res);
  return [...running.square.giftCards.cards.values()].find((entry: any) => entry.gan.endsWith(last4)).gan;
}

/** A guest's pickup of one Flatbread, paid by `paymentToken`, with `promoCode`, in `locale`. */
function guestOrder(promoCode: string, paymentToken: string, locale = "en"): Promise<Response> {
  const body = { ...PICKUP_ORDER, items: FLATBREAD, slot: ONE_PM, customerInfo: newDiner("gift"), promoCode, paymentToken };
  return call(ordersHandler, "/api/orders", { body, headers: { "idempotency-key": randomUUID(), "x-site-locale": locale } });
}

const balanceOf = (gan: string) => running.square.giftCards.byGan(gan).balance_money.amount as number;

describe("a first-order code paid by a gift card", () => {
  it("is given once per gift card: of three guest orders with new e-mails and phones, one is discounted and two are refused in a sentence, charging nothing", async () => {
    const { code } = await createOffer(admin, "GIFT", { firstOrderOnly: true });
    const gan = await aGiftCard();
    const answers: Response[] = [];
    for (const locale of ["en", "en", "es"]) answers.push(await guestOrder(code, running.square.giftCards.giftCardToken(gan), locale));
    expect(answers.map((answer) => answer.status)).toEqual([201, 422, 422]);
    expect((await jsonOf(answers[1]!)).error).toBe("That code is for a first order, and this card has paid an order here before: nothing was charged.");
    expect((await jsonOf(answers[2]!)).error).toBe("Ese código es para un primer pedido, y esta tarjeta ya pagó un pedido aquí: no se cobró nada.");
    // The first order's $16 less $3, with 7.5% tax: $13.98 taken from the card, and nothing more.
    expect(balanceOf(gan)).toBe(10_000 - 1398);
    const [stored] = await testDatabase().rows<{ card_fingerprint: string }>("SELECT card_fingerprint FROM orders WHERE status = 'confirmed' AND discount_cents = 300");
    expect(stored!.card_fingerprint).toMatch(/^gift-card:/);
    expect(await testDatabase().count("offer_uses", "state = 'redeemed'")).toBe(1);
  });

  it("is refused in a sentence, nothing charged, when Square names no identity of the tender", async () => {
    const { code } = await createOffer(admin, "NOID", { firstOrderOnly: true });
    const gan = await aGiftCard();
    // Square cannot read the card behind the token (as for a tender it names nothing of).
    running.square.fault("POST /v2/gift-cards/from-nonce", { status: 404, body: { errors: [{ category: "INVALID_REQUEST_ERROR", code: "NOT_FOUND", detail: "Gift card not found" }] } });
    const refused = await guestOrder(code, running.square.giftCards.giftCardToken(gan));
    expect(refused.status).toBe(422);
    expect((await jsonOf(refused)).error).toMatch(/^That code needs a card, a gift card or Cash App we can tell apart.*nothing was charged/);
    expect(balanceOf(gan)).toBe(10_000);
    expect(running.square.charges().filter((payment) => payment.status === "COMPLETED" && payment.card_details?.card?.card_brand === "SQUARE_GIFT_CARD")).toEqual([]);
  });
});
