import { beforeEach, describe, expect, it, vi } from "vitest";
import { attemptFingerprint, clearAttempt, loadAttempt, saveAttempt } from "./checkoutAttempt";

beforeEach(() => {
  const kept = new Map<string, string>();
  vi.stubGlobal("sessionStorage", {
    getItem: (key: string) => kept.get(key) ?? null,
    setItem: (key: string, value: string) => void kept.set(key, value),
    removeItem: (key: string) => void kept.delete(key),
  });
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
