import { describe, expect, it } from "vitest";
import type { SquareClient } from "square";
import { giftCardIdentityOfToken } from "./tokenIdentity";

/** A client whose RetrieveGiftCardFromNonce answers `answer` (or throws it, for a status). */
const clientAnswering = (answer: () => Promise<unknown>) => ({ giftCards: { getFromNonce: answer } }) as unknown as SquareClient;

describe("a gift card's identity read from its payment token", () => {
  it("is the card's id behind a gift card's token", async () => {
    expect(await giftCardIdentityOfToken(clientAnswering(async () => ({ giftCard: { id: "gftc:123" } })), "cnon:gift")).toBe("gift-card:gftc:123");
  });

  it("is none for a token Square knows no gift card of (a card's, a spent one)", async () => {
    expect(await giftCardIdentityOfToken(clientAnswering(() => Promise.reject(Object.assign(new Error("not found"), { statusCode: 404 }))), "cnon:card")).toBeNull();
    expect(await giftCardIdentityOfToken(clientAnswering(() => Promise.reject(Object.assign(new Error("used"), { statusCode: 400 }))), "cnon:spent")).toBeNull();
  });

  it("throws when Square fails otherwise, so the payment is not attempted", async () => {
    await expect(giftCardIdentityOfToken(clientAnswering(() => Promise.reject(Object.assign(new Error("down"), { statusCode: 503 }))), "cnon:gift")).rejects.toThrow("down");
  });
});
