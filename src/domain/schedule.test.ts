import { describe, expect, it, vi } from "vitest";

// The process's clock zone is far from Miami (with its own daylight saving), set before anything
// reads the clock: a decision made in the local zone instead of Miami's fails here.
vi.hoisted(() => {
  process.env.TZ = "Pacific/Auckland";
});

const { availableSlots, hoursOn, isOpenAt, isPaused, miamiInstant, scheduleProblems, slotProblem, upcomingSpecialDates } = await import("./schedule");
const { formatPromise, weeklyLines } = await import("./scheduleText");
const { slotLabeller } = await import("./slotLabels");
type RestaurantSchedule = import("./schedule").RestaurantSchedule;
const { SCHEDULE, h, miami } = await import("./schedule.fixture");

describe("the test's own clock zone", () => {
  it("is Pacific/Auckland, not Miami", () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe("Pacific/Auckland");
  });
});

describe("who serves when, over a whole week in Miami (November 2026, UTC-5)", () => {
  // Sunday 15 ... Saturday 21 November 2026.
  const cases: [string, string, boolean, boolean, boolean][] = [
    // date, time, Jealous Fork, Jealous Burger, Beverages
    ["2026-11-15", "08:59", false, false, false],
    ["2026-11-15", "09:00", true, false, true],
    ["2026-11-15", "14:59", true, false, true],
    ["2026-11-15", "15:00", false, false, false],
    ["2026-11-16", "10:00", false, false, false], // Monday: closed
    ["2026-11-17", "13:59", true, false, true],
    ["2026-11-17", "14:00", false, false, false], // Tuesday closes at 2PM
    ["2026-11-18", "09:00", true, false, true],
    ["2026-11-19", "14:30", false, false, false],
    ["2026-11-20", "14:30", true, false, true], // Friday until 3PM
    ["2026-11-20", "17:00", false, true, true],
    ["2026-11-20", "21:00", false, false, false],
    ["2026-11-21", "21:30", false, false, false], // Saturday: between its two burger ranges
    ["2026-11-21", "22:00", false, true, true],
    ["2026-11-21", "23:29", false, true, true],
    ["2026-11-21", "23:30", false, false, false],
  ];
  it.each(cases)("%s %s: fork %s, burger %s, beverages %s", (date, time, fork, burger, beverages) => {
    const at = miami(date, time, "-05:00");
    expect(isOpenAt(SCHEDULE, "jealous-fork", at)).toBe(fork);
    expect(isOpenAt(SCHEDULE, "jealous-burger", at)).toBe(burger);
    expect(isOpenAt(SCHEDULE, "beverages", at)).toBe(beverages);
  });

  it("sells Beverages only while a kitchen is open, never at 3 AM", () => {
    expect(isOpenAt(SCHEDULE, "beverages", miami("2026-11-21", "03:00", "-05:00"))).toBe(false);
  });
});

describe("special dates", () => {
  const thanksgiving: RestaurantSchedule = {
    ...SCHEDULE,
    specialDates: [
      { from: "2026-11-26", to: "2026-11-26", hours: [], note: "Closed for Thanksgiving" },
      { from: "2026-11-27", to: "2026-11-28", sections: ["jealous-fork"], hours: [h("10:00", "13:00")], note: "Short brunch hours" },
    ],
  };

  it("closes the whole day, with its note as the reason", () => {
    const wednesday = miami("2026-11-25", "12:00", "-05:00");
    const thursdayNoon = miami("2026-11-26", "12:00", "-05:00");
    expect(isOpenAt(thanksgiving, "jealous-fork", thursdayNoon)).toBe(false);
    expect(slotProblem(thanksgiving, ["jealous-fork"], "pickup", thursdayNoon, wednesday)).toBe(
      "Closed for Thanksgiving. Please choose another date.",
    );
  });

  it("gives one section its own hours and leaves the other its weekly ones", () => {
    expect(hoursOn(thanksgiving, "jealous-fork", "2026-11-27")).toEqual([h("10:00", "13:00")]);
    expect(isOpenAt(thanksgiving, "jealous-fork", miami("2026-11-27", "09:30", "-05:00"))).toBe(false);
    expect(isOpenAt(thanksgiving, "jealous-fork", miami("2026-11-27", "12:45", "-05:00"))).toBe(true);
    expect(isOpenAt(thanksgiving, "jealous-burger", miami("2026-11-27", "18:00", "-05:00"))).toBe(true);
  });

  it("is announced ahead of time, within the ordering horizon", () => {
    expect(upcomingSpecialDates(thanksgiving, miami("2026-11-22", "10:00", "-05:00")).map((s) => s.note)).toEqual([
      "Closed for Thanksgiving",
      "Short brunch hours",
    ]);
    expect(upcomingSpecialDates(thanksgiving, miami("2026-11-01", "10:00", "-04:00"))).toEqual([]);
  });
});

describe("slots a customer may order for", () => {
  it("start at the lead time, on the quarter hour, inside every ordered section's hours", () => {
    const now = miami("2026-11-20", "10:07", "-05:00"); // Friday
    const slots = availableSlots(SCHEDULE, ["jealous-fork"], "pickup", now);
    expect(slots[0]!.at).toBe(miami("2026-11-20", "10:30", "-05:00").toISOString());
    const today = slots.filter((s) => s.date === "2026-11-20");
    expect(today.at(-1)!.minutes).toBe(14 * 60 + 45); // last slot before 3PM
    expect(today).toHaveLength(18);
  });

  it("offer a customer who arrives on a Monday the next days' slots, not a dead end", () => {
    const monday = miami("2026-11-16", "20:00", "-05:00");
    const slots = availableSlots(SCHEDULE, ["jealous-fork"], "pickup", monday);
    expect(slots[0]).toMatchObject({ date: "2026-11-17", minutes: 9 * 60 });
    expect(slots.some((s) => s.date === "2026-11-17" && s.minutes === 9 * 60 + 30)).toBe(true);
    // Today and the next seven days end on Monday 23, closed: Sunday 22 is the last day offered.
    expect(slots.at(-1)).toMatchObject({ date: "2026-11-22", minutes: 14 * 60 + 45 });
  });

  it("for a cart of both kitchens are only the times both serve (none on a weekday)", () => {
    const now = miami("2026-11-17", "08:00", "-05:00");
    expect(availableSlots(SCHEDULE, ["jealous-fork", "jealous-burger"], "pickup", now)).toEqual([]);
  });

  it("skip full slots", () => {
    const now = miami("2026-11-20", "10:07", "-05:00");
    const full = miami("2026-11-20", "10:30", "-05:00").toISOString();
    const slots = availableSlots(SCHEDULE, ["jealous-fork"], "pickup", now, (slot) => slot.at !== full);
    expect(slots[0]!.at).toBe(miami("2026-11-20", "10:45", "-05:00").toISOString());
  });

  it("are labelled as formatPromise words them, 'Today' included, each day and time formatted once", () => {
    const now = miami("2026-11-20", "14:30", "-05:00");
    const slots = availableSlots(SCHEDULE, ["jealous-fork"], "pickup", now);
    const labelOf = slotLabeller(now);
    expect(slots.length).toBeGreaterThan(100);
    for (const slot of slots) {
      const { day, time } = labelOf(slot);
      expect(`${day} at ${time}`).toBe(formatPromise(new Date(slot.at), now));
    }
    expect(labelOf(slots[0]!).day).toBe("Today");
  });

  it("stop at a limit with the same first slots, across a closed evening into the next day", () => {
    const now = miami("2026-11-20", "14:30", "-05:00");
    const all = availableSlots(SCHEDULE, ["jealous-fork"], "pickup", now);
    const first = availableSlots(SCHEDULE, ["jealous-fork"], "pickup", now, () => true, 8);
    expect(first).toEqual(all.slice(0, 8));
    expect(new Set(first.map((slot) => slot.date)).size).toBe(2);
  });

  it("move later by the busy minutes and by delivery's longer lead time", () => {
    const now = miami("2026-11-20", "10:00", "-05:00");
    expect(availableSlots(SCHEDULE, ["jealous-fork"], "delivery", now)[0]!.minutes).toBe(10 * 60 + 45);
    const busy = { ...SCHEDULE, busyMinutes: 20 };
    expect(availableSlots(busy, ["jealous-fork"], "pickup", now)[0]!.minutes).toBe(10 * 60 + 45);
    expect(slotProblem(busy, ["jealous-fork"], "pickup", miami("2026-11-20", "10:30", "-05:00"), now)).toBe(
      "The chosen time is too soon: pickup orders need at least 35 minutes.",
    );
  });

  it("are the times after a timed pause ends (the pause's message refuses one before), and none while a pause without an end lasts", () => {
    const now = miami("2026-11-20", "10:00", "-05:00");
    const paused = { ...SCHEDULE, pause: { until: miami("2026-11-20", "11:00", "-05:00").toISOString(), message: "Back at 11!" } };
    expect(isPaused(paused, now)).toBe(true);
    // The first time after it: its end and the lead time (15 minutes for a pickup).
    expect(availableSlots(paused, ["jealous-fork"], "pickup", now, undefined, 1)[0]?.at).toBe(miami("2026-11-20", "11:15", "-05:00").toISOString());
    expect(slotProblem(paused, ["jealous-fork"], "pickup", miami("2026-11-20", "11:00", "-05:00"), now)).toBe("Back at 11!");
    expect(slotProblem(paused, ["jealous-fork"], "pickup", miami("2026-11-20", "12:00", "-05:00"), now)).toBeNull();
    const untilResumed = { ...SCHEDULE, pause: { until: null, message: "Closed for a private party" } };
    expect(availableSlots(untilResumed, ["jealous-fork"], "pickup", now)).toEqual([]);
    expect(slotProblem(untilResumed, ["jealous-fork"], "pickup", miami("2026-11-20", "12:00", "-05:00"), now)).toBe("Closed for a private party");
    // The pause ends by itself at its time; one without an end lasts until staff resume.
    expect(isPaused(paused, miami("2026-11-20", "11:00", "-05:00"))).toBe(false);
    expect(isPaused({ ...SCHEDULE, pause: { until: null, message: "" } }, miami("2027-01-01", "10:00", "-05:00"))).toBe(true);
  });

  it("refuse a time outside hours, in the past, off the quarter hour, or past the horizon, each with its reason", () => {
    const now = miami("2026-11-20", "10:00", "-05:00");
    const problem = (at: Date) => slotProblem(SCHEDULE, ["jealous-fork"], "pickup", at, now);
    expect(problem(miami("2026-11-20", "16:00", "-05:00"))).toBe(
      "Jealous Fork is not serving at the chosen time. Please choose a time within its hours.",
    );
    expect(problem(miami("2026-11-20", "09:30", "-05:00"))).toBe("The chosen time has already passed. Please choose a later time.");
    expect(problem(miami("2026-11-20", "11:10", "-05:00"))).toBe("Please choose a time on the quarter hour (every 15 minutes).");
    expect(problem(miami("2026-11-28", "10:00", "-05:00"))).toBe("Orders can be placed up to 7 days ahead. Please choose an earlier date.");
    expect(problem(miami("2026-11-27", "10:00", "-05:00"))).toBeNull();
  });
});

describe("daylight-saving switch days in Miami", () => {
  it("opens at 9 AM local on the spring-forward Sunday (8 March 2026, UTC-4 from 2 AM)", () => {
    expect(miamiInstant("2026-03-08", 9 * 60).toISOString()).toBe("2026-03-08T13:00:00.000Z");
    expect(isOpenAt(SCHEDULE, "jealous-fork", new Date("2026-03-08T12:59:00Z"))).toBe(false);
    expect(isOpenAt(SCHEDULE, "jealous-fork", new Date("2026-03-08T13:00:00Z"))).toBe(true);
    const slots = availableSlots(SCHEDULE, ["jealous-fork"], "pickup", new Date("2026-03-08T06:00:00Z"));
    expect(slots.filter((s) => s.date === "2026-03-08")).toHaveLength(24); // 9:00 ... 14:45
    expect(slots[0]!.at).toBe("2026-03-08T13:00:00.000Z");
  });

  it("opens at 9 AM local on the fall-back Sunday (1 November 2026, UTC-5 from 2 AM)", () => {
    expect(miamiInstant("2026-11-01", 9 * 60).toISOString()).toBe("2026-11-01T14:00:00.000Z");
    expect(isOpenAt(SCHEDULE, "jealous-fork", new Date("2026-11-01T13:30:00Z"))).toBe(false);
    const slots = availableSlots(SCHEDULE, ["jealous-fork"], "pickup", new Date("2026-11-01T05:00:00Z"));
    expect(slots.filter((s) => s.date === "2026-11-01")).toHaveLength(24);
    expect(slots.find((s) => s.date === "2026-11-01")!.at).toBe("2026-11-01T14:00:00.000Z");
  });
});

describe("what the pages and staff read", () => {
  it("writes the week as runs of days with the same hours, Monday first", () => {
    expect(weeklyLines(SCHEDULE.weekly["jealous-fork"])).toEqual([
      { days: "Monday", hours: "Closed" },
      { days: "Tuesday - Thursday", hours: "9AM - 2PM" },
      { days: "Friday - Sunday", hours: "9AM - 3PM" },
    ]);
    expect(weeklyLines(SCHEDULE.weekly["jealous-burger"]).at(-2)).toEqual({ days: "Saturday", hours: "5PM - 9PM, 10PM - 11:30PM" });
  });

  it("says a promised time in Miami's words", () => {
    const now = miami("2026-11-16", "20:00", "-05:00");
    expect(formatPromise(miami("2026-11-16", "20:45", "-05:00"), now)).toBe("Today at 8:45 PM");
    expect(formatPromise(miami("2026-11-17", "09:30", "-05:00"), now)).toBe("Tuesday, Nov 17 at 9:30 AM");
  });

  it("finds what is wrong in a schedule staff typed", () => {
    expect(scheduleProblems(SCHEDULE)).toEqual([]);
    const broken: RestaurantSchedule = {
      ...SCHEDULE,
      weekly: { ...SCHEDULE.weekly, "jealous-fork": [[h("15:00", "09:00")], [h("09:00", "12:00"), h("11:00", "14:00")], [], [], [], [], []] },
      specialDates: [{ from: "2026-12-26", to: "2026-12-24", hours: [], note: "" }],
      busyMinutes: -5,
    };
    expect(scheduleProblems(broken)).toEqual([
      "Jealous Fork, Sunday: a range must open before it closes, within the day.",
      "Jealous Fork, Monday: two ranges overlap.",
      "Special date 2026-12-26: give a start date on or before its end date (YYYY-MM-DD).",
      "Busy minutes must be between 0 and 180.",
    ]);
  });
});
