import { describe, expect, it, vi } from "vitest";

// The process's own zone is far from Miami, as a diner's phone abroad (or a browser set to another zone) is.
vi.hoisted(() => {
  process.env.TZ = "Pacific/Auckland";
});

const { orderDay } = await import("./orderDay");

describe("a past order's day on the account page and the home page's Order again", () => {
  it("is the restaurant's day in Miami, whatever zone the diner's device is in", () => {
    // Saturday 21 November, 11:30 p.m. in Miami: already Sunday afternoon in Auckland.
    expect(orderDay("2026-11-22T04:30:00Z", "en")).toBe("Nov 21, 2026");
    expect(orderDay("2026-11-22T04:30:00Z", "es")).toMatch(/^21 nov/);
  });
});
