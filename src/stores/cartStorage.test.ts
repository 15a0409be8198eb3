import { describe, expect, it, vi } from "vitest";
import { cleanTestStorage, getTestStorage, setTestStorageKey } from "@nanostores/persistent";
import { cart, flatbread, freshCartEachTest, pancakes } from "./cartFixtures";

const { $cart, $cartTotals, addItem, setDeliveryFee } = cart;
freshCartEachTest();

describe("the stored cart", () => {
  it("saves items and delivery fee only, on every change", () => {
    addItem(pancakes);
    setDeliveryFee(499);
    const stored = JSON.parse(getTestStorage()[cart.CART_STORAGE_KEY]!);
    expect(Object.keys(stored).sort()).toEqual(["deliveryFee", "items"]);
    expect(stored).toEqual({ items: [{ ...pancakes, quantity: 1 }], deliveryFee: 499 });
  });

  it("follows a change made in another tab", () => {
    const other = { items: [{ ...flatbread, quantity: 3 }], deliveryFee: 0 };
    setTestStorageKey(cart.CART_STORAGE_KEY, JSON.stringify(other));
    expect($cart.get()).toEqual(other);
    expect($cartTotals.get().subtotal).toBe(4800);
    cleanTestStorage();
    expect($cart.get()).toEqual({ items: [], deliveryFee: 0 });
  });

  it.each([
    ["not JSON", "{items: oops"],
    ["JSON null", "null"],
    ["a number", "42"],
    ["a string", '"cart"'],
    ["items not a list", '{"items": {"0": 1}, "deliveryFee": 0}'],
    ["an empty text", ""],
  ])("decodes %s as an empty cart, never a crash", (_, text) => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(cart.decodeCart(text)).toEqual({ items: [], deliveryFee: 0 });
    setTestStorageKey(cart.CART_STORAGE_KEY, text);
    expect($cart.get().items).toEqual([]);
    expect($cartTotals.get().total).toBe(0);
  });

  it("keeps the readable lines of a partly broken cart and drops the rest", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const text = JSON.stringify({
      items: [
        { ...pancakes, quantity: 2 },
        { id: "x", name: 3 },
        { ...flatbread, price: 16.5, quantity: 1 },
        { ...flatbread, quantity: 0 },
        { ...flatbread, section: "brunch", quantity: 1 },
        null,
        { ...pancakes, quantity: 5 },
      ],
      deliveryFee: -4,
    });
    expect(cart.decodeCart(text)).toEqual({ items: [{ ...pancakes, quantity: 2 }], deliveryFee: 0 });
  });

  it("refuses a delivery fee that is not whole cents", () => {
    setDeliveryFee(4.99);
    expect($cart.get().deliveryFee).toBe(0);
  });
});
