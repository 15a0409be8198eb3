// Wallet payments and Square's buyer verification through POST /api/orders, with the Square gateway
// talking to the fake Square: the wallet's token and its verification token go to Square with the
// server's total and the attempt's key; a verification Square refuses or asks for charges nothing.
import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { VERIFICATION_REQUIRED_TOKEN } from "../support/fakeSquare";
import { jsonOf } from "../support/functions";
import { PICKUP_ORDER, postOrder as post, useOrderServices } from "../support/orderServices";
import { getOrder } from "../../src/server/orders/records";
import { listOrdersForDay } from "../../src/server/orders/staff";
import { PAYMENT_MESSAGES } from "../../src/domain/payment";

const running = useOrderServices();

const VERIFICATION = "verf:CBASEGq7Xv1f2-6u3pOgHjVnr4k";

async function confirmedOrders() {
  return (await listOrdersForDay("2026-11-21")).filter((order) => order.status === "confirmed");
}

describe("paying with a verified wallet", () => {
  it("sends the wallet's token and its verification token to Square with the server's total and the attempt's key", async () => {
    const key = randomUUID();
    const res = await post({ ...PICKUP_ORDER, paymentToken: VERIFICATION_REQUIRED_TOKEN, verificationToken: VERIFICATION }, key);
    expect(res.status).toBe(201);
    expect(running.square.requestsTo("POST", "/v2/payments")[0]!.body).toMatchObject({
      source_id: VERIFICATION_REQUIRED_TOKEN,
      verification_token: VERIFICATION,
      idempotency_key: key,
      amount_money: { amount: 5375, currency: "USD" },
    });
    // Google Pay is a card payment at Square: the wallet's device card, with its own fingerprint.
    expect(running.square.charges()).toMatchObject([{ source_type: "CARD", card_details: { status: "CAPTURED", card: { fingerprint: expect.stringMatching(/^sq-1-/) } } }]);
    expect((await getOrder((await jsonOf(res)).orderId))?.status).toBe("confirmed");
  });

  it("sends no verification token when the checkout made none (a card verified inside tokenize, Apple Pay, Cash App Pay)", async () => {
    const res = await post({ ...PICKUP_ORDER, paymentToken: "wnon:test-cash-app-pay-ok" });
    expect(res.status).toBe(201);
    expect(running.square.requestsTo("POST", "/v2/payments")[0]!.body).not.toHaveProperty("verification_token");
  });

  it("answers 402 with the bank's check to do again when Square asks for a verification that was not made, and charges nothing", async () => {
    const before = (await confirmedOrders()).length;
    const res = await post({ ...PICKUP_ORDER, paymentToken: VERIFICATION_REQUIRED_TOKEN });
    expect(res.status).toBe(402);
    expect((await jsonOf(res)).error).toBe(PAYMENT_MESSAGES.verificationFailed);
    expect(running.square.charges()).toHaveLength(0);
    expect(await confirmedOrders()).toHaveLength(before);
  });

  it("answers 402 to a verification token Square refuses as malformed, and charges nothing", async () => {
    const before = (await confirmedOrders()).length;
    const res = await post({ ...PICKUP_ORDER, paymentToken: VERIFICATION_REQUIRED_TOKEN, verificationToken: "not-a-verification" });
    expect(res.status).toBe(402);
    const body = await jsonOf(res);
    expect(body.error).toBe(PAYMENT_MESSAGES.verificationFailed);
    expect(JSON.stringify(body)).not.toContain("not-a-verification");
    expect(running.square.charges()).toHaveLength(0);
    expect(await confirmedOrders()).toHaveLength(before);
  });

  it("refuses a verification token that is not text, or too long, before anything is stored or sent", async () => {
    for (const verificationToken of [42, "", "v".repeat(1001)]) {
      const res = await post({ ...PICKUP_ORDER, verificationToken });
      expect(res.status).toBe(400);
      expect((await jsonOf(res)).issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: "verificationToken" })]));
    }
    expect(running.square.requests).toHaveLength(0);
  });
});
