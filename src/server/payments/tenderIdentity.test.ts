import { describe, expect, it } from "vitest";
import type { Square } from "square";
import { tenderIdentityOf } from "./tenderIdentity";

const payment = (fields: Partial<Square.Payment>): Square.Payment => ({ id: "PAY1", status: "APPROVED", ...fields });

describe("a tender's identity", () => {
  it("is a card's fingerprint, a wallet card's own fingerprint likewise", () => {
    expect(tenderIdentityOf(payment({ cardDetails: { card: { cardBrand: "VISA", last4: "1111", fingerprint: "sq-1-abc" } } }))).toBe("sq-1-abc");
    expect(tenderIdentityOf(payment({ sourceType: "WALLET", cardDetails: { card: { cardBrand: "VISA", fingerprint: "sq-1-device" } } }))).toBe("sq-1-device");
  });

  it("is a gift card's id, read from its token (giftcards/tokenIdentity.ts), never the gift card's card fields", () => {
    const giftCard = payment({ cardDetails: { card: { cardBrand: "SQUARE_GIFT_CARD", last4: "0042", fingerprint: "sq-1-gift" } } });
    expect(tenderIdentityOf(giftCard, "gift-card:gftc:123")).toBe("gift-card:gftc:123");
    expect(tenderIdentityOf(giftCard)).toBeNull();
  });

  it("is a Cash App cashtag, whatever its letters' case", () => {
    expect(tenderIdentityOf(payment({ sourceType: "WALLET", walletDetails: { brand: "CASH_APP", cashAppDetails: { buyerCashtag: "$JealousAna" } } }))).toBe("cashtag:$jealousana");
  });

  it("is none for a tender Square names nothing of", () => {
    expect(tenderIdentityOf(payment({ sourceType: "WALLET", walletDetails: { brand: "CASH_APP" } }))).toBeNull();
    expect(tenderIdentityOf(payment({ cardDetails: { card: { cardBrand: "VISA", last4: "1111" } } }))).toBeNull();
    expect(tenderIdentityOf(undefined)).toBeNull();
  });
});
