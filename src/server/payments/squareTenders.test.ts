import { describe, expect, it } from "vitest";
import type { Square } from "square";
import { tenderOfSquarePayment } from "./squareTenders";

const money = (cents: number) => ({ amount: BigInt(cents), currency: "USD" as const });

describe("how a Square payment says it was paid", () => {
  it("names a card by its brand and last four digits, tip included in what it paid", () => {
    const payment: Square.Payment = { sourceType: "CARD", amountMoney: money(5375), tipMoney: money(500), totalMoney: money(5875), cardDetails: { card: { cardBrand: "VISA", last4: "4242" } } };
    expect(tenderOfSquarePayment(payment)).toEqual({ kind: "card", brand: "VISA", last4: "4242", amountCents: 5875 });
  });

  it("names a Square gift card by its last four digits", () => {
    const payment: Square.Payment = { sourceType: "CARD", amountMoney: money(2000), cardDetails: { card: { cardBrand: "SQUARE_GIFT_CARD", last4: "6073" } } };
    expect(tenderOfSquarePayment(payment)).toEqual({ kind: "gift_card", last4: "6073", amountCents: 2000 });
  });

  it("names Apple Pay by the card's wallet type, and a WALLET payment by its brand", () => {
    const applePay: Square.Payment = { sourceType: "CARD", amountMoney: money(100), cardDetails: { walletType: "APPLE_PAY", card: { cardBrand: "VISA", last4: "1111" } } };
    expect(tenderOfSquarePayment(applePay)).toEqual({ kind: "apple_pay", amountCents: 100 });
    const cashApp: Square.Payment = { sourceType: "WALLET", amountMoney: money(100), walletDetails: { brand: "CASH_APP" } };
    expect(tenderOfSquarePayment(cashApp)).toEqual({ kind: "cash_app", amountCents: 100 });
  });

  it("falls back to a card with no brand it knows, never more of the number than Square gave", () => {
    const payment: Square.Payment = { sourceType: "CARD", amountMoney: money(100) };
    expect(tenderOfSquarePayment(payment)).toEqual({ kind: "card", brand: null, last4: null, amountCents: 100 });
  });
});
