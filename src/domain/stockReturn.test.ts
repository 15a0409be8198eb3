import { describe, expect, it } from "vitest";
import seed from "../../content/hours.json";
import { scheduleFromSeed, type ScheduleSeed } from "./scheduleSeed";
import { nextWallTime, stockAt, tomorrowsOpening } from "./stockReturn";
import type { MenuItem } from "./menu.schema";

const SEEDED = scheduleFromSeed(seed as ScheduleSeed);
const dish = { id: 1, name: "Hot Maple Flatbread", inStock: false, backInStockAt: "2026-11-21T17:30:00.000Z" } as MenuItem;

describe("when an 86'd dish comes back", () => {
  it("is sold out until its return time and in stock from that instant", () => {
    expect(stockAt(dish, new Date("2026-11-21T17:29:59Z")).inStock).toBe(false);
    expect(stockAt(dish, new Date("2026-11-21T17:30:00Z"))).toMatchObject({ inStock: true, backInStockAt: null });
    expect(stockAt({ ...dish, backInStockAt: null }, new Date("2030-01-01T00:00:00Z")).inStock).toBe(false);
  });

  it("86 until tomorrow lasts until tomorrow's first opening: Saturday night to Sunday 9:00 AM", () => {
    expect(tomorrowsOpening(SEEDED, new Date("2026-11-21T22:00:00-05:00")).toISOString()).toBe("2026-11-22T14:00:00.000Z");
  });

  it("86 until tomorrow when no kitchen opens tomorrow (Monday) lasts until 00:00 Monday in Miami", () => {
    expect(tomorrowsOpening(SEEDED, new Date("2026-11-22T12:00:00-05:00")).toISOString()).toBe("2026-11-23T05:00:00.000Z");
  });

  it("Back at a Miami time means its next occurrence, across the switch from daylight saving", () => {
    expect(nextWallTime("17:00", new Date("2026-11-21T12:00:00-05:00"))?.toISOString()).toBe("2026-11-21T22:00:00.000Z");
    expect(nextWallTime("09:00", new Date("2026-11-21T12:00:00-05:00"))?.toISOString()).toBe("2026-11-22T14:00:00.000Z");
    // Saturday 31 October 2026, 8 PM EDT: 9 AM the next day is already EST (UTC-5).
    expect(nextWallTime("09:00", new Date("2026-10-31T20:00:00-04:00"))?.toISOString()).toBe("2026-11-01T14:00:00.000Z");
    expect(nextWallTime("24:00", new Date())).toBeUndefined();
    expect(nextWallTime("5pm", new Date())).toBeUndefined();
  });
});
