import { describe, expect, it, vi } from "vitest";

// The process's clock zone is far from Miami (with its own daylight saving), set before anything
// reads the clock: a decision made in the local zone instead of Miami's fails here.
vi.hoisted(() => {
  process.env.TZ = "Pacific/Auckland";
});

const { SCHEDULE, h, miami } = await import("./schedule.fixture");

describe("the hours as every page says them, and the promise of an order", async () => {
  const { canOrderNow, isOpenAt, weeklySpecs } = await import("./schedule");
  const { loadBySection } = await import("./kitchenLoad");
  const { closedDaysText, fillHoursPlaceholders, openDaysText, openHoursText, sectionHoursText } = await import("./scheduleText");
  const { scheduleFromSeed } = await import("./scheduleSeed");
  const { promiseLabel, promiseSentence } = await import("./promiseText");
  const seed = (await import("../../content/hours.json")).default as import("./scheduleSeed").ScheduleSeed;
  const { restaurantTime } = await import("./hours");
  /** The hours the site had in code before staff ran them: brunch Tuesday to Sunday 9-15, burgers Friday and Saturday 17-21. */
  const openedInCode = (section: "jealous-fork" | "jealous-burger", at: Date): boolean => {
    const { weekday, minutes } = restaurantTime(at);
    if (section === "jealous-fork") return weekday !== 1 && minutes >= 9 * 60 && minutes < 15 * 60;
    return (weekday === 5 || weekday === 6) && minutes >= 17 * 60 && minutes < 21 * 60;
  };

  it("seeds from content/hours.json the hours the site had before staff ran them", () => {
    const seeded = scheduleFromSeed(seed);
    // Every quarter hour of a week: the seed opens the kitchens exactly when the old hours did.
    for (let at = miami("2026-11-15", "00:00", "-05:00").getTime(); at < miami("2026-11-22", "00:00", "-05:00").getTime(); at += 15 * 60_000) {
      for (const section of ["jealous-fork", "jealous-burger"] as const) {
        expect(isOpenAt(seeded, section, new Date(at))).toBe(openedInCode(section, new Date(at)));
      }
    }
    expect(seeded.leadMinutes).toEqual({ pickup: 15, delivery: 45 });
  });

  it("names open days in runs, Monday first, and the days every kitchen is closed", () => {
    expect(openDaysText(SCHEDULE.weekly["jealous-fork"])).toBe("Tuesday - Sunday");
    expect(openDaysText(SCHEDULE.weekly["jealous-burger"])).toBe("Friday & Saturday");
    expect(openDaysText([[h("09:00", "12:00")], [], [h("09:00", "12:00")], [], [h("09:00", "12:00")], [], []])).toBe("Tuesday, Thursday, Sunday");
    expect(closedDaysText(SCHEDULE)).toBe("Monday");
    expect(sectionHoursText(SCHEDULE, "jealous-fork")).toEqual({ days: "Tuesday - Sunday", hours: "Varies by day" });
    expect(sectionHoursText(SCHEDULE, "beverages")).toEqual({ days: "Tuesday - Sunday", hours: "During open hours" });
    expect(openHoursText(SCHEDULE.weekly["jealous-fork"])).toBe("Tuesday - Thursday, 9AM - 2PM; Friday - Sunday, 9AM - 3PM");
  });

  it("fills the FAQ's placeholders from the schedule", () => {
    expect(fillHoursPlaceholders("Brunch {hours:jealous-fork}. Closed on {closed-days}.", SCHEDULE)).toBe(
      "Brunch Tuesday - Thursday, 9AM - 2PM; Friday - Sunday, 9AM - 3PM. Closed on Mondays.",
    );
  });

  it("groups the week by range for schema.org, a multi-range day in two specifications", () => {
    expect(weeklySpecs(SCHEDULE)).toEqual([
      { days: [2, 3, 4], opens: 540, closes: 840 },
      { days: [5, 6, 0], opens: 540, closes: 900 },
      { days: [5, 6], opens: 1020, closes: 1260 },
      { days: [6], opens: 1320, closes: 1410 },
    ]);
  });

  it("weighs an order per kitchen, Beverages taking no kitchen time", () => {
    expect(
      loadBySection([
        { section: "jealous-fork", weight: 1, quantity: 3 },
        { section: "jealous-fork", weight: 4, quantity: 1 },
        { section: "beverages", weight: 1, quantity: 5 },
      ]),
    ).toEqual({ "jealous-fork": 7 });
  });

  it("offers 'as soon as possible' only while every section of the order serves and ordering is not paused", () => {
    const saturdayNoon = miami("2026-11-21", "12:00", "-05:00");
    expect(canOrderNow(SCHEDULE, ["jealous-fork", "beverages"], saturdayNoon)).toBe(true);
    expect(canOrderNow(SCHEDULE, ["jealous-burger"], saturdayNoon)).toBe(false);
    expect(canOrderNow({ ...SCHEDULE, pause: { until: null, message: "Closed today" } }, ["jealous-fork"], saturdayNoon)).toBe(false);
  });

  it("quotes 'Ready around' the same day and the day and time otherwise, on both daylight-saving Sundays", () => {
    const springNow = new Date("2026-03-08T13:40:00Z"); // 9:40 EDT
    expect(promiseLabel(new Date("2026-03-08T14:00:00Z"), true, springNow)).toBe("Ready around 10:00 AM");
    expect(promiseLabel(new Date("2026-03-08T14:00:00Z"), true, springNow, "delivery")).toBe("Arriving around 10:00 AM");
    const fallNow = new Date("2026-11-01T14:40:00Z"); // 9:40 EST
    expect(promiseLabel(new Date("2026-11-01T15:00:00Z"), true, fallNow)).toBe("Ready around 10:00 AM");
    expect(promiseLabel(new Date("2026-11-03T14:30:00Z"), false, fallNow)).toBe("Tuesday, Nov 3 at 9:30 AM");
  });

  it("words the promise as a sentence of its own for the order page, the console and the e-mails", () => {
    const orderedAt = new Date("2026-11-21T16:55:00Z"); // Saturday 11:55 EST
    expect(promiseSentence(new Date("2026-11-21T17:15:00Z"), true, orderedAt, "pickup")).toBe("Ready for pickup around 12:15 PM");
    expect(promiseSentence(new Date("2026-11-21T17:45:00Z"), true, orderedAt, "delivery")).toBe("Arriving around 12:45 PM");
    expect(promiseSentence(new Date("2026-11-24T14:30:00Z"), false, orderedAt, "pickup")).toBe("Ready for pickup on Tuesday, Nov 24 at 9:30 AM");
    // A slot later the same day still names its day: the page may be read another day.
    expect(promiseSentence(new Date("2026-11-21T19:00:00Z"), false, orderedAt, "delivery")).toBe("Arriving on Saturday, Nov 21 at 2:00 PM");
  });
});
