import { describe, expect, it } from "vitest";
import { liveNotices } from "./liveNotices";
import type { RestaurantSchedule } from "./schedule";

const WEEK = Array.from({ length: 7 }, () => [{ opens: 540, closes: 900 }]);
const schedule = (change: Partial<RestaurantSchedule> = {}): RestaurantSchedule => ({
  weekly: { "jealous-fork": WEEK, "jealous-burger": WEEK },
  specialDates: [],
  pause: null,
  busyMinutes: 0,
  leadMinutes: { pickup: 15, delivery: 45 },
  ...change,
});
// Thanksgiving 2026, 10 AM in Miami.
const THANKSGIVING_MORNING = new Date("2026-11-26T15:00:00Z");

describe("what a built page says about today once loaded", () => {
  it("nothing on an ordinary day", () => {
    expect(liveNotices(schedule(), THANKSGIVING_MORNING)).toEqual([]);
  });

  it("a special closure today, with the staff's note; not the day before", () => {
    const closed = schedule({ specialDates: [{ from: "2026-11-26", to: "2026-11-26", hours: [], note: "Closed for Thanksgiving" }] });
    expect(liveNotices(closed, THANKSGIVING_MORNING)).toEqual(["Closed for Thanksgiving: Closed today."]);
    expect(liveNotices(closed, new Date("2026-11-25T15:00:00Z"))).toEqual([]);
  });

  it("special hours of one kitchen today", () => {
    const short = schedule({ specialDates: [{ from: "2026-11-26", to: "2026-11-27", sections: ["jealous-fork"], hours: [{ opens: 540, closes: 720 }], note: "" }] });
    expect(liveNotices(short, THANKSGIVING_MORNING)).toEqual(["Jealous Fork open 9AM - 12PM today."]);
  });

  it("the pause with until when, then the staff's message, before a busy kitchen", () => {
    const paused = schedule({ pause: { until: "2026-11-26T16:30:00Z", message: "We are catching up." }, busyMinutes: 20 });
    expect(liveNotices(paused, THANKSGIVING_MORNING)).toEqual(["Ordering resumes at 11:30 AM. We are catching up."]);
    expect(liveNotices(schedule({ busyMinutes: 20 }), THANKSGIVING_MORNING)).toEqual(["Our kitchen is busy: orders take about 20 minutes longer than usual."]);
  });
});
