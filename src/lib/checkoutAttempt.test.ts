import { beforeEach, describe, expect, it, vi } from "vitest";
import { WALLET_RETURN_MS, attemptFingerprint, attemptFor, clearAttempt, loadAttempt, saveAttempt, saveWalletReturn } from "./checkoutAttempt";

/** A Storage of its own, and a way to lose it (another tab has another sessionStorage). */
function memoryStorage() {
  const kept = new Map<string, string>();
  return {
    getItem: (key: string) => kept.get(key) ?? null,
    setItem: (key: string, value: string) => void kept.set(key, value),
    removeItem: (key: string) => void kept.delete(key),
    keys: () => [...kept.keys()],
  };
}

beforeEach(() => {
  vi.stubGlobal("sessionStorage", memoryStorage());
  vi.stubGlobal("localStorage", memoryStorage());
});

const cart = [
  { id: 7, quantity: 2, price: 1700 },
  { id: 1, quantity: 1, price: 1600 },
];
const fingerprintOf = (type: string) => attemptFingerprint(cart, type);

describe("a checkout attempt across a reload", () => {
  it("comes back with its key, card token and details for the same cart", () => {
    saveAttempt({ key: "k".repeat(32), token: "cnon:card-nonce-ok", fingerprint: fingerprintOf("pickup"), details: { name: "Ana" }, orderType: "pickup" });
    expect(loadAttempt(fingerprintOf)).toEqual({
      key: "k".repeat(32),
      token: "cnon:card-nonce-ok",
      fingerprint: fingerprintOf("pickup"),
      details: { name: "Ana" },
      orderType: "pickup",
    });
  });

  it("comes back with the bank's check of its wallet token and its gift card, to resend the same payment", () => {
    const payment = { key: "k".repeat(32), token: "wnon:google-pay-1", verificationToken: "verf:bank-said-yes", giftCardToken: "gftc:held" };
    saveAttempt({ ...payment, fingerprint: fingerprintOf("pickup"), details: {}, orderType: "pickup" });
    expect(loadAttempt(fingerprintOf)).toMatchObject(payment);
  });

  it("is not reused for another cart, and is gone once the server answered for good", () => {
    saveAttempt({ key: "k".repeat(32), token: "t", fingerprint: fingerprintOf("pickup"), details: {}, orderType: "pickup" });
    expect(loadAttempt((type) => attemptFingerprint([{ id: 7, quantity: 3, price: 1700 }], type))).toBeNull();
    clearAttempt();
    expect(loadAttempt(fingerprintOf)).toBeNull();
  });

  it("ignores what it cannot read", () => {
    sessionStorage.setItem("jealous-fork-checkout-attempt", "{not json");
    expect(loadAttempt(fingerprintOf)).toBeNull();
  });
});

describe("a wallet's way back (Cash App Pay on a phone)", () => {
  const leaving = () => ({ key: "w".repeat(32), token: "", fingerprint: fingerprintOf("delivery"), details: { name: "Ana", tip: "18", orderNote: "No onions" }, orderType: "delivery" as const });
  const LEFT_AT = Date.parse("2026-11-21T17:00:00Z");

  it("restores the attempt it left with, key and details, in another tab", () => {
    saveWalletReturn(leaving(), LEFT_AT);
    vi.stubGlobal("sessionStorage", memoryStorage()); // the redirect opened a new tab
    expect(loadAttempt(fingerprintOf, LEFT_AT + 5 * 60_000)).toEqual(leaving());
  });

  it("forgets it after half an hour, and removes the customer's details from the device then", () => {
    saveWalletReturn(leaving(), LEFT_AT);
    vi.stubGlobal("sessionStorage", memoryStorage());
    expect(loadAttempt(fingerprintOf, LEFT_AT + WALLET_RETURN_MS + 1)).toBeNull();
    expect((localStorage as unknown as { keys(): string[] }).keys()).toEqual([]);
  });

  it("is not used for another cart, and is gone once the order is answered for good", () => {
    saveWalletReturn(leaving(), LEFT_AT);
    vi.stubGlobal("sessionStorage", memoryStorage());
    expect(loadAttempt((type) => attemptFingerprint([{ id: 7, quantity: 1, price: 1700 }], type), LEFT_AT)).toBeNull();
    clearAttempt();
    expect(loadAttempt(fingerprintOf, LEFT_AT)).toBeNull();
  });

  it("gives way to this tab's own attempt, which has the token already", () => {
    saveWalletReturn(leaving(), LEFT_AT);
    saveAttempt({ ...leaving(), token: "wnon:test-cash-app-pay-ok" });
    expect(loadAttempt(fingerprintOf, LEFT_AT)?.token).toBe("wnon:test-cash-app-pay-ok");
  });
});

describe("the attempt a payment makes", () => {
  let keys = 0;
  const newKey = () => `key-${++keys}-0123456789abcdef`;

  it("resends a retried token with the same key, the bank's check and the gift card it was first sent with", () => {
    const first = attemptFor(null, { token: "wnon:google-pay-1", verificationToken: "verf:yes" }, "gftc:held", newKey);
    expect(first).toMatchObject({ token: "wnon:google-pay-1", verificationToken: "verf:yes", giftCardToken: "gftc:held" });
    // The retry comes from the Pay button with the retained token alone, the gift card since let go.
    expect(attemptFor(first, { token: "wnon:google-pay-1" }, null, newKey)).toBe(first);
  });

  it("is a new attempt, with a new key, for another token", () => {
    const first = attemptFor(null, { token: "cnon:card-nonce-declined" }, null, newKey);
    const second = attemptFor(first, { token: "cnon:card-nonce-ok" }, null, newKey);
    expect(second.key).not.toBe(first.key);
    expect(second).not.toHaveProperty("verificationToken", expect.anything());
  });

  it("pays Cash App's token with the key fixed before the customer left for Cash App, and only that attempt's", () => {
    const fixed = { key: "cash-app-key-0123456789", token: "" };
    expect(attemptFor(fixed, { token: "wnon:cash-app", attemptKey: fixed.key }, null, newKey)).toMatchObject({ key: fixed.key, token: "wnon:cash-app" });
    expect(attemptFor(null, { token: "wnon:cash-app", attemptKey: fixed.key }, null, newKey).key).toBe(fixed.key);
    expect(attemptFor({ key: "another-attempt-0123456", token: "" }, { token: "wnon:cash-app", attemptKey: fixed.key }, null, newKey).key).not.toBe(fixed.key);
  });
});
