import { describe, expect, it } from "vitest";
import { kitchenNow } from "./kitchenNow";
import { scheduleFromSeed, type ScheduleSeed } from "./scheduleSeed";
import seed from "../../content/hours.json";

const schedule = scheduleFromSeed(seed as ScheduleSeed);
// Miami is on Eastern Standard Time (UTC-5) in late November 2026.
const saturdayNoon = new Date("2026-11-21T17:00:00Z");
const mondayNoon = new Date("2026-11-23T17:00:00Z");

describe("whether the kitchens are open now, as the home page says it", () => {
  it("says a kitchen serving now is open and until when, and when the other opens", () => {
    const now = kitchenNow(schedule, saturdayNoon);
    expect(now.state).toBe("open");
    expect(now.lines[0]).toMatch(/^Jealous Fork is open now, until \d/);
    expect(now.lines[1]).toMatch(/^Jealous Burger is closed now · opens today at \d/);
  });

  it("says it in Spanish with Spanish times", () => {
    const now = kitchenNow(schedule, saturdayNoon, "es");
    expect(now.lines[0]).toMatch(/^Jealous Fork está abierto ahora, hasta las \d+:\d\d p\. m\.$/);
    expect(now.lines[1]).toMatch(/^Jealous Burger está cerrado ahora · abre hoy a las \d+:\d\d p\. m\.$/);
  });

  it("never says open while staff pause online ordering, and leaves the pause to the page's one banner", () => {
    const paused = { ...schedule, pause: { until: "2026-11-21T18:00:00Z", message: "Back soon" } };
    expect(kitchenNow(paused, saturdayNoon)).toEqual({ state: "paused", lines: [] });
    expect(kitchenNow(paused, saturdayNoon, "es").lines).toEqual([]);
    expect(kitchenNow({ ...schedule, pause: { until: null, message: "" } }, saturdayNoon).state).toBe("paused");
  });

  it("says open again once a pause has ended", () => {
    const ended = { ...schedule, pause: { until: "2026-11-21T16:00:00Z", message: "" } };
    expect(kitchenNow(ended, saturdayNoon).state).toBe("open");
  });

  it("says when a closed kitchen opens next, by day", () => {
    const now = kitchenNow(schedule, mondayNoon);
    expect(now.state).toBe("closed");
    expect(now.lines[0]).toMatch(/^Jealous Fork is closed now · opens (tomorrow|Tuesday|Wednesday) at \d/);
  });

  it("follows a special date's closure", () => {
    const closed = { ...schedule, specialDates: [{ from: "2026-11-21", to: "2026-11-21", hours: [], note: "Private event" }] };
    expect(kitchenNow(closed, saturdayNoon).state).toBe("closed");
  });
});
