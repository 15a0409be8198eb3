import { beforeEach, describe, expect, it, vi } from "vitest";
import { forgetNextOrder, keepForNextOrder, nextOrder } from "./nextOrder";

// The tab's session storage, as a browser keeps it (strings by key).
const kept = new Map<string, string>();
vi.stubGlobal("sessionStorage", {
  getItem: (key: string) => kept.get(key) ?? null,
  setItem: (key: string, value: string) => void kept.set(key, value),
  removeItem: (key: string) => void kept.delete(key),
});
beforeEach(() => kept.clear());

const NOON = new Date("2026-11-21T12:00:00-05:00");
const FIVE = "2026-11-21T22:00:00.000Z";

describe("the dish kept for a separate order", () => {
  it("waits for the confirmation with its name, place on the menu and time, until the diner goes to order it", () => {
    keepForNextOrder({ name: "Jesse James", slug: "jesse-james", at: FIVE });
    expect(nextOrder(NOON)).toEqual({ name: "Jesse James", slug: "jesse-james", at: FIVE });
    forgetNextOrder();
    expect(nextOrder(NOON)).toBeNull();
  });

  it("is offered no more once its time has gone by, and nothing is offered from what cannot be one", () => {
    keepForNextOrder({ name: "Jesse James", slug: "jesse-james", at: FIVE });
    expect(nextOrder(new Date("2026-11-21T23:00:00Z"))).toBeNull();
    kept.set("jealous-fork-next-order", "{not json");
    expect(nextOrder(NOON)).toBeNull();
    kept.set("jealous-fork-next-order", JSON.stringify({ name: 5, slug: "x", at: FIVE }));
    expect(nextOrder(NOON)).toBeNull();
  });
});
