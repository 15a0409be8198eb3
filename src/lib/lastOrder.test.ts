import { beforeEach, describe, expect, it } from "vitest";
import { LAST_ORDER_KEY, readLastOrder, rememberLastOrder } from "./lastOrder";

const store = new Map<string, string>();
beforeEach(() => {
  store.clear();
  Object.assign(globalThis, {
    localStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) },
  });
});

describe("the last order on this device", () => {
  it("is remembered with its number and read back", () => {
    rememberLastOrder({ orderId: "AbCdEfGhIjKlMnOpQrStUv", orderNumber: "K7Q3M" }, 1_000);
    expect(readLastOrder(2_000)).toEqual({ orderId: "AbCdEfGhIjKlMnOpQrStUv", orderNumber: "K7Q3M" });
  });

  it("is forgotten after 30 days", () => {
    rememberLastOrder({ orderId: "AbCdEfGhIjKlMnOpQrStUv", orderNumber: "K7Q3M" }, 0);
    expect(readLastOrder(31 * 86_400_000)).toBeNull();
  });

  it("is none when nothing, or something unreadable or not an order page id, is stored", () => {
    expect(readLastOrder()).toBeNull();
    store.set(LAST_ORDER_KEY, "{oops");
    expect(readLastOrder()).toBeNull();
    store.set(LAST_ORDER_KEY, JSON.stringify({ orderId: "../admin", orderNumber: "X", at: Date.now() }));
    expect(readLastOrder()).toBeNull();
  });
});
