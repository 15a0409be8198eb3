// The cart store under test, on nanostores' test storage engine, and two dishes: shared by the cart's unit
// tests (cart.test.ts) and its stored copy's (cartStorage.test.ts).
import { beforeAll, beforeEach, vi } from "vitest";
import { useTestStorageEngine } from "@nanostores/persistent";
import type { CartItemInput } from "./cart";

// The test storage engine must be in place before the cart store reads storage at import.
useTestStorageEngine();
export const cart = await import("./cart");

export const pancakes: CartItemInput = {
  id: 12,
  name: "Chocolate Oreo Chip Pancakes",
  price: 1700,
  category: "pancakes",
  description: "Stack of pancakes",
  section: "jealous-fork",
  inStock: true,
  squareId: null,
};
export const flatbread: CartItemInput = { ...pancakes, id: 1, name: "Hot Maple Flatbread", price: 1600, category: "starters" };

/** Each test starts from an empty, closed cart, the store mounted as the badge script keeps it in the browser. */
export function freshCartEachTest(): void {
  beforeAll(() => {
    // A listener keeps the persistent store mounted, as the badge script does in the browser.
    const unsubscribe = cart.$cart.listen(() => {});
    return () => unsubscribe();
  });
  beforeEach(() => {
    cart.$cart.set({ items: [], deliveryFee: 0 });
    cart.$cartOpen.set(false);
    vi.restoreAllMocks();
  });
}
