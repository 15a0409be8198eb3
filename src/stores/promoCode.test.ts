import { describe, expect, it } from "vitest";
import { getTestStorage, useTestStorageEngine } from "@nanostores/persistent";

// The test storage engine must be in place before the store reads storage at import.
useTestStorageEngine();
const { $promoCode, PROMO_CODE_STORAGE_KEY, promoCodeOf, rememberLinkedCode, setPromoCode } = await import("./promoCode");

describe("the promo code a diner brings", () => {
  it("is kept from a link's ?code= in capitals, for the checkout, and stays when a later page has no code", () => {
    expect(rememberLinkedCode("?code=brunch5")).toBe("BRUNCH5");
    expect($promoCode.get()).toBe("BRUNCH5");
    expect(getTestStorage()[PROMO_CODE_STORAGE_KEY]).toBe("BRUNCH5");
    expect(rememberLinkedCode("?section=burgers")).toBeNull();
    expect($promoCode.get()).toBe("BRUNCH5");
  });

  it("ignores a link's code that cannot be one, and keeps the one it had", () => {
    setPromoCode("WELCOME");
    expect(rememberLinkedCode("?code=%3Cscript%3E")).toBeNull();
    expect(rememberLinkedCode(`?code=${"A".repeat(41)}`)).toBeNull();
    expect($promoCode.get()).toBe("WELCOME");
  });

  it("is forgotten when removed or spent", () => {
    setPromoCode(" first-5 ");
    expect($promoCode.get()).toBe("FIRST-5");
    setPromoCode(null);
    expect($promoCode.get()).toBe("");
    expect(promoCodeOf("")).toBeNull();
  });
});
