import { describe, expect, it, vi } from "vitest";
import { useTestStorageEngine } from "@nanostores/persistent";

// Far from Miami, so a decision made in the process's own zone fails here; the test storage before the cart store reads it.
vi.hoisted(() => {
  process.env.TZ = "Pacific/Auckland";
});
useTestStorageEngine();
const { checkCart } = await import("./cartProblems");
type CartItem = import("./cart").CartItem;
type MenuAnswer = import("../domain/menuReadModel").MenuAnswer;
type RestaurantSchedule = import("../domain/schedule").RestaurantSchedule;

const FORK = Array.from({ length: 7 }, () => [{ opens: 540, closes: 900 }]);
const BURGER = [[], [], [], [], [], [{ opens: 1020, closes: 1320 }], [{ opens: 1020, closes: 1320 }]];
const schedule = (change: Partial<RestaurantSchedule> = {}): RestaurantSchedule => ({
  weekly: { "jealous-fork": FORK, "jealous-burger": BURGER },
  specialDates: [],
  pause: null,
  busyMinutes: 0,
  leadMinutes: { pickup: 15, delivery: 45 },
  ...change,
});
const line = (id: number, name: string, section: CartItem["section"]): CartItem => ({
  id, name, price: 1600, category: "mains", description: "", squareId: null, section, inStock: true, quantity: 1,
});
const FLATBREAD = line(1, "Hot Maple Flatbread", "jealous-fork");
const BURGER_LINE = line(40, "Brie Burger", "jealous-burger");
const answer = (outOfStock: number[], sched: RestaurantSchedule = schedule()): MenuAnswer =>
  ({
    sections: [
      { id: "jealous-fork", items: [{ id: 1, name: FLATBREAD.name, inStock: !outOfStock.includes(1), optionGroups: [] }] },
      { id: "jealous-burger", items: [{ id: 40, name: BURGER_LINE.name, inStock: !outOfStock.includes(40), optionGroups: [] }] },
    ],
    schedule: sched,
  }) as unknown as MenuAnswer;
/** Saturday 21 November 2026, noon in Miami: brunch serves, burgers from 5 PM. */
const SATURDAY_NOON = new Date("2026-11-21T17:00:00Z");

describe("what in the cart stops the way to checkout", () => {
  it("a sold-out dish blocks it, named as sold out; the rest of the cart is fine", () => {
    const check = checkCart([FLATBREAD], answer([1]), SATURDAY_NOON, "", "en");
    expect(check).toMatchObject({ problems: ["Out of stock"], blocked: true, paused: null, preorderAt: null });
  });

  it("marks a sold-out dish as one the totals leave out and whose quantity cannot grow; a closed kitchen's dish is not", () => {
    expect(checkCart([FLATBREAD, BURGER_LINE], answer([1]), SATURDAY_NOON, "", "en").soldOut).toEqual([true, false]);
  });

  it("a closed kitchen's dish blocks it and offers its first time: burgers at 5:00 PM, then nothing blocks", () => {
    const check = checkCart([BURGER_LINE], answer([]), SATURDAY_NOON, "", "en");
    expect(check.blocked).toBe(true);
    expect(check.problems[0]).toMatch(/^Jealous Burger is closed now/);
    expect(check.preorderAt?.toISOString()).toBe("2026-11-21T22:00:00.000Z");
    expect(checkCart([BURGER_LINE], answer([]), SATURDAY_NOON, check.preorderAt!.toISOString(), "en")).toMatchObject({ blocked: false, problems: [undefined] });
  });

  it("offers no time when the kitchens never serve together, nor when a line is sold out", () => {
    expect(checkCart([FLATBREAD, BURGER_LINE], answer([]), SATURDAY_NOON, "", "en").preorderAt).toBeNull();
    expect(checkCart([BURGER_LINE, FLATBREAD], answer([1]), SATURDAY_NOON, "", "en").preorderAt).toBeNull();
  });

  it("a pause blocks it with the pause's own words, in Spanish too", () => {
    const paused = answer([], schedule({ pause: { until: "2026-11-21T18:00:00Z", message: "" } }));
    expect(checkCart([FLATBREAD], paused, SATURDAY_NOON, "", "es")).toMatchObject({ blocked: true, paused: "Los pedidos en línea están en pausa hasta la 1:00 p. m." });
  });

  it("judges nothing before the menu's answer has come", () => {
    expect(checkCart([BURGER_LINE], undefined, SATURDAY_NOON, "", "en")).toMatchObject({ blocked: false, problems: [undefined] });
  });
});
