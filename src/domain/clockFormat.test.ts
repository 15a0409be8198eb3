import { describe, expect, it } from "vitest";
import { clockAt, miamiDateTime, spanishMeridiem } from "./clockFormat";
import { clockTimeFormat } from "./slotLabels";
import { liveNotices } from "./liveNotices";
import type { RestaurantSchedule } from "./schedule";

// 12:15 PM in Miami on a November Saturday (Eastern Standard Time, UTC-5).
const quarterPast = new Date("2026-11-28T17:15:00Z");

describe("clock times in the diner's language", () => {
  it("writes a Spanish afternoon time as 12:15 p. m., not es-US's 12:15 p.m. nor es's 24-hour 12:15", () => {
    expect(clockAt(quarterPast, "es")).toBe("12:15 p. m.");
    expect(clockAt("2026-11-28T14:05:00Z", "es")).toBe("9:05 a. m.");
  });

  it("keeps the English time as English writes it", () => {
    expect(clockAt(quarterPast, "en")).toBe("12:15 PM");
  });

  it("agrees with the promised times of the menu and checkout", () => {
    expect(clockAt(quarterPast, "es")).toBe(clockTimeFormat("es")(quarterPast));
  });

  it.each([
    ["12:15 p.m.", "12:15 p. m."],
    ["9:00 a.m.", "9:00 a. m."],
    ["9:00\u202fa.\u00a0m.", "9:00 a. m."],
    ["sábado, 28 de noviembre de 2026, 12:15 p.m.", "sábado, 28 de noviembre de 2026, 12:15 p. m."],
  ])("turns %j into %j", (text, spanish) => {
    expect(spanishMeridiem(text)).toBe(spanish);
  });

  it("leaves words that merely end in m alone", () => {
    expect(spanishMeridiem("Pam, mam")).toBe("Pam, mam");
  });

  it("writes a day and a time in Spanish with the spaced meridiem", () => {
    expect(miamiDateTime(quarterPast, "es", { weekday: "long", hour: "numeric", minute: "2-digit" })).toMatch(/^sábado,? 12:15 p\. m\.$/);
  });

  it("says when a pause ends in Spanish with the spaced meridiem", () => {
    const schedule = {
      weekly: { "jealous-fork": [[], [], [], [], [], [], []], "jealous-burger": [[], [], [], [], [], [], []] },
      specialDates: [],
      pause: { until: "2026-11-28T18:00:00Z", message: "Pausa" },
      busyMinutes: 0,
      leadMinutes: { pickup: 15, delivery: 45 },
    } as RestaurantSchedule;
    expect(liveNotices(schedule, quarterPast, "es")[0]).toContain("se reanudan a la 1:00 p. m.");
  });
});
