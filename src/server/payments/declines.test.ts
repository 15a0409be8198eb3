import { describe, expect, it } from "vitest";
import { declined, declinedByBank } from "./declines";
import { needsBankCheck } from "./declineBrake";

describe("a refused card", () => {
  it("counts as a bank's decline only for Square's PAYMENT_METHOD_ERROR codes, never for a token refused before any bank", () => {
    expect(declinedByBank(declined([{ category: "PAYMENT_METHOD_ERROR", code: "GENERIC_DECLINE" }]))).toBe(true);
    expect(declinedByBank(declined([{ category: "PAYMENT_METHOD_ERROR", code: "CVV_FAILURE" }]))).toBe(true);
    expect(declinedByBank(declined([{ code: "GENERIC_DECLINE", detail: "Payment status FAILED" }]))).toBe(true);
    expect(declinedByBank(declined([{ category: "INVALID_REQUEST_ERROR", code: "INVALID_CARD_DATA", field: "source_id" }]))).toBe(false);
    expect(declinedByBank(declined([{ category: "INVALID_REQUEST_ERROR", code: "NOT_FOUND", detail: "Card nonce not found", field: "source_id" }]))).toBe(false);
    expect(declinedByBank(declined([{ category: "INVALID_REQUEST_ERROR", code: "CARD_TOKEN_USED" }]))).toBe(false);
    // A short gift card is the restaurant's own card, not a bank's refusal.
    expect(declinedByBank(declined([{ category: "PAYMENT_METHOD_ERROR", code: "INSUFFICIENT_FUNDS" }, { category: "PAYMENT_METHOD_ERROR", code: "GIFT_CARD_AVAILABLE_AMOUNT" }]))).toBe(false);
  });
});

describe("while the brake is on", () => {
  it("a card needs its bank's check; wallets, a gift card by its kind and a verified card do not", () => {
    // A card needs it, a split tender's too (it pays the rest; the brake judges only the token that pays by card).
    expect(needsBankCheck({ paymentToken: "cnon:card-nonce-ok" })).toBe(true);
    expect(needsBankCheck({ paymentToken: "cnon:card-nonce-ok", verificationToken: "verf:yes-0001" })).toBe(false);
    expect(needsBankCheck({ paymentToken: "wnon:test-apple-pay-ok" })).toBe(false);
    expect(needsBankCheck({ paymentToken: "gftc-test:7783000000000001" })).toBe(false);
  });
});
