import { describe, expect, it } from "vitest";
import { MAX_LEARNED_MINUTES, lateBy, learnedForOrder, learnedLateness, projectReadyTimes, weightedPercentile, type KitchenSample } from "./readyQuote";

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

describe("when an order not ready is expected, at the kitchen's pace", () => {
  it("counts the orders waiting before it and the usual cooking time; a started one from its start", () => {
    const soon = { promisedAt: new Date(NOW.getTime() + 5 * MINUTE), startedAt: null, readyAt: null };
    const later = { promisedAt: new Date(NOW.getTime() + 10 * MINUTE), startedAt: null, readyAt: null };
    const cooking = { promisedAt: NOW, startedAt: ago(4), readyAt: null };
    const done = { promisedAt: ago(20), startedAt: ago(30), readyAt: ago(18) };
    const expected = projectReadyTimes([later, done, cooking, soon], { startsPerMinute: 0.5, cookMinutes: 10 }, NOW);
    expect(expected.get(cooking)).toEqual(new Date(NOW.getTime() + 6 * MINUTE));
    expect(expected.get(soon)).toEqual(new Date(NOW.getTime() + 10 * MINUTE));
    // One order before it, started at one every 2 minutes: 2 minutes, then 10 of cooking.
    expect(expected.get(later)).toEqual(new Date(NOW.getTime() + 12 * MINUTE));
    expect(expected.has(done)).toBe(false);
  });

  it("moves quotes out before any order is late, once the queue is expected late", () => {
    const queue: KitchenSample[] = Array.from({ length: 10 }, (_, index) => ({
      section: "jealous-burger",
      promisedAt: new Date(NOW.getTime() + index * MINUTE),
      readyAt: null,
      load: 1,
      expectedReadyAt: new Date(NOW.getTime() + (index + 7) * MINUTE),
    }));
    expect(learnedLateness(queue, "jealous-burger", NOW)).toMatchObject({ minutes: 7, source: "recent" });
  });
});

describe("when an order is known to run late", () => {
  const promisedAt = new Date(NOW.getTime() + 10 * MINUTE);
  const check = (startedAt: Date | null, expectedIn: number, cookMinutes = 12) => ({ promisedAt, startedAt, readyAt: null, expectedReadyAt: new Date(NOW.getTime() + expectedIn * MINUTE), cookMinutes });
  it("keeps quiet while it can still be ready by its promise plus the kitchen's 5 minutes of grace", () => {
    expect(lateBy(check(ago(2), 10), NOW)).toBeNull();
    // Twelve minutes of cooking not begun, fifteen minutes (promise and grace) left: still in time.
    expect(lateBy(check(null, 22), NOW)).toBeNull();
    expect(lateBy({ ...check(ago(20), 0), readyAt: ago(1) }, NOW)).toBeNull();
  });

  it("says the expected time when it was not started in time, or is past its promise and grace", () => {
    // Twenty minutes of cooking not begun: expected at 19:58, said as 20:00.
    expect(lateBy(check(null, 28, 20), NOW)).toEqual(new Date("2026-11-20T20:00:00-05:00"));
    // Past its promise and grace, cooking: never a time already gone.
    expect(lateBy({ ...check(ago(30), -3), promisedAt: ago(6) }, NOW)).toEqual(new Date("2026-11-20T19:35:00-05:00"));
  });
});
