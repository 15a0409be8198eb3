// A first-order code paid with a wallet, against the fake Square's wallets as Square models them (Apple Pay
// and Google Pay as their device card with its own fingerprint, Cash App Pay as a wallet with its cashtag):
// each wallet's payment is authorized (delayed capture), checked, then completed; and the same Apple Pay or
// Google Pay card under a new e-mail and phone is no first order.
import { randomUUID } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import ordersHandler from "../../netlify/functions/orders.mts";
import { TEST_WALLET_TOKENS } from "../../src/domain/payment";
import { adminHeaders } from "../support/admin";
import { testDatabase } from "../support/database";
import { VERIFICATION_REQUIRED_TOKEN } from "../support/fakeSquare";
import { call } from "../support/functions";
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
const WALLETS = [
  { wallet: "Apple Pay", token: TEST_WALLET_TOKENS.applePay, verificationToken: undefined },
  { wallet: "Google Pay", token: VERIFICATION_REQUIRED_TOKEN, verificationToken: "verf:bank-said-yes" },
  { wallet: "Cash App Pay", token: TEST_WALLET_TOKENS.cashAppPay, verificationToken: undefined },
];

function order(fields: Record<string, unknown>): Promise<Response> {
  const body = { ...PICKUP_ORDER, items: FLATBREAD, slot: ONE_PM, customerInfo: newDiner("wallet"), ...fields };
  return call(ordersHandler, "/api/orders", { body, headers: { "idempotency-key": randomUUID() } });
}

describe.each(WALLETS)("a first-order code paid with $wallet", ({ wallet, token, verificationToken }) => {
  it("is authorized, checked and then completed: one payment, captured; the same wallet card under a new e-mail is no first order", async () => {
    const { code } = await createOffer(admin, "WALLET", { firstOrderOnly: true });
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
      return;
    }
    expect(payment).toMatchObject({ source_type: "CARD", card_details: { status: "CAPTURED", card: { fingerprint: expect.stringMatching(/^sq-1-/) } } });
    // Apple Pay and Google Pay: the device card's fingerprint is the diner's, whatever e-mail comes with it.
    const again = await order({ promoCode: code, paymentToken: token, ...extra });
    expect(again.status).toBe(422);
    expect(running.square.charges().filter((charge) => charge.status === "COMPLETED")).toHaveLength(1);
  });
});
