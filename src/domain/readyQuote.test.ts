import { describe, expect, it } from "vitest";
import { MAX_LEARNED_MINUTES, lateBy, learnedForOrder, learnedLateness, weightedPercentile, type KitchenSample } from "./readyQuote";

const MINUTE = 60_000;
// A Friday in Miami (UTC-5), 19:30.
const NOW = new Date("2026-11-20T19:30:00-05:00");
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * MINUTE);

/** A burger order promised `promisedAgo` minutes ago and ready `late` minutes after its promise. */
function done(promisedAgo: number, late: number, load = 1, section = "jealous-burger"): KitchenSample {
  const promisedAt = ago(promisedAgo);
  return { section, promisedAt, readyAt: new Date(promisedAt.getTime() + late * MINUTE), load };
}

describe("the weighted percentile", () => {
  it("is the smallest value covering the share of the weight", () => {
    expect(weightedPercentile([1, 2, 3, 4, 5].map((value) => ({ value, weight: 1 })), 0.8)).toBe(4);
    // One heavy order counts as many light ones.
    expect(weightedPercentile([{ value: 0, weight: 1 }, { value: 9, weight: 4 }], 0.8)).toBe(9);
    expect(weightedPercentile([], 0.8)).toBeNull();
  });
});

describe("what a promise made now adds for a section", () => {
  it("adds nothing while the kitchen keeps its promises", () => {
    const samples = Array.from({ length: 10 }, (_, index) => done(10 + index * 5, index % 2 ? -2 : 1));
    expect(learnedLateness(samples, "jealous-burger", NOW)).toMatchObject({ minutes: 1 });
    const early = Array.from({ length: 10 }, (_, index) => done(10 + index * 5, -3));
    expect(learnedLateness(early, "jealous-burger", NOW)).toEqual({ minutes: 0, source: "none", orders: 10 });
  });

  it("adds what the last 10 orders ran late, at their 80th percentile", () => {
    const samples = [
      ...Array.from({ length: 8 }, (_, index) => done(5 + index * 5, 6)),
      done(50, 2),
      done(55, 3),
      // Older than the last 10: says nothing about now.
      ...Array.from({ length: 10 }, (_, index) => done(60 + index, 30)),
    ];
    expect(learnedLateness(samples, "jealous-burger", NOW)).toEqual({ minutes: 6, source: "recent", orders: 10 });
    // Another section's lateness is not this one's.
    expect(learnedLateness(samples, "jealous-fork", NOW).minutes).toBe(0);
  });

  it("moves out at once when orders pass their promise still in the kitchen, before any is finished", () => {
    const onTime = Array.from({ length: 6 }, (_, index) => done(30 + index * 5, 0));
    const stuck: KitchenSample[] = [
      { section: "jealous-burger", promisedAt: ago(12), readyAt: null, load: 3 },
      { section: "jealous-burger", promisedAt: ago(9), readyAt: null, load: 3 },
    ];
    expect(learnedLateness(onTime, "jealous-burger", NOW).minutes).toBe(0);
    expect(learnedLateness([...onTime, ...stuck], "jealous-burger", NOW)).toMatchObject({ minutes: 12, source: "recent" });
    // An order promised for later is not late yet.
    const waiting = { section: "jealous-burger", promisedAt: new Date(NOW.getTime() + 10 * MINUTE), readyAt: null, load: 5 };
    expect(learnedLateness([...onTime, waiting], "jealous-burger", NOW).minutes).toBe(0);
  });

  it("remembers the hour of the day: last Fridays' 19:00 rush ran 9 minutes late, 15:00 did not", () => {
    const lastWeek = (time: string, late: number): KitchenSample => {
      const promisedAt = new Date(`2026-11-13T${time}:00-05:00`);
      return { section: "jealous-burger", promisedAt, readyAt: new Date(promisedAt.getTime() + late * MINUTE), load: 2 };
    };
    const history = ["19:00", "19:10", "19:20", "19:30", "19:45", "19:50"].map((time) => lastWeek(time, 9));
    expect(learnedLateness(history, "jealous-burger", NOW)).toEqual({ minutes: 9, source: "hourly", orders: 6 });
    expect(learnedLateness(history, "jealous-burger", new Date("2026-11-20T15:30:00-05:00")).minutes).toBe(0);
    // Fewer than five orders at that hour: too few to speak for it.
    expect(learnedLateness(history.slice(0, 4), "jealous-burger", NOW).minutes).toBe(0);
  });

  it("never adds more than an hour, and an order takes its slowest section", () => {
    const jammed = Array.from({ length: 10 }, (_, index) => done(100 + index, 240));
    expect(learnedLateness(jammed, "jealous-burger", NOW).minutes).toBe(MAX_LEARNED_MINUTES);
    const brunch = Array.from({ length: 10 }, (_, index) => done(10 + index, 4, 1, "jealous-fork"));
    const burgers = Array.from({ length: 10 }, (_, index) => done(10 + index, 7));
    expect(learnedForOrder([...brunch, ...burgers], ["jealous-fork", "jealous-burger"], NOW).minutes).toBe(7);
    expect(learnedForOrder([...brunch, ...burgers], ["jealous-fork"], NOW).minutes).toBe(4);
  });
});

describe("when an order is known to run late", () => {
  const promisedAt = new Date(NOW.getTime() + 10 * MINUTE);
  it("keeps quiet while it can still be ready by its promise", () => {
    expect(lateBy({ promisedAt, startedAt: ago(2), readyAt: null, cookMinutes: 12 }, NOW)).toBeNull();
    expect(lateBy({ promisedAt, startedAt: null, readyAt: null, cookMinutes: 8 }, NOW)).toBeNull();
    expect(lateBy({ promisedAt: ago(5), startedAt: ago(20), readyAt: ago(1), cookMinutes: 12 }, NOW)).toBeNull();
  });

  it("says the new time when it was not started in time, or is past its promise", () => {
    // Ten minutes left and twelve of cooking not begun: ready at the earliest 19:42, said as 19:45.
    expect(lateBy({ promisedAt, startedAt: null, readyAt: null, cookMinutes: 12 }, NOW)).toEqual(new Date("2026-11-20T19:45:00-05:00"));
    // Past its promise: never a time already gone.
    expect(lateBy({ promisedAt: ago(3), startedAt: ago(15), readyAt: null, cookMinutes: 10 }, NOW)).toEqual(new Date("2026-11-20T19:35:00-05:00"));
  });
});
