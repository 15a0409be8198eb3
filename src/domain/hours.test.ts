import { describe, expect, it, vi } from "vitest";

// The process's own clock zone is set far from Miami (with its own, southern, daylight saving)
// before anything reads the clock, so any decision made in the local zone would fail here.
vi.hoisted(() => {
  process.env.TZ = "Pacific/Auckland";
});

const { restaurantTime, SECTION_IDS } = await import("./hours");
const { isOpenAt } = await import("./schedule");
const { scheduleFromSeed } = await import("./scheduleSeed");
const seed = (await import("../../content/hours.json")).default as import("./scheduleSeed").ScheduleSeed;
type SectionId = (typeof SECTION_IDS)[number];

/** The hours the site opens with before staff save theirs (content/hours.json), read at Miami time. */
const SEEDED = scheduleFromSeed(seed);

/** The instant at a Miami wall-clock time, given its UTC offset on that date ("-05:00" or "-04:00"). */
function miami(date: string, time: string, offset: "-05:00" | "-04:00"): Date {
  return new Date(`${date}T${time}:00${offset}`);
}

function openSections(now: Date): SectionId[] {
  return SECTION_IDS.filter((id) => isOpenAt(SEEDED, id, now));
}

describe("the test's own clock zone", () => {
  it("really is Pacific/Auckland, not Miami", () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe("Pacific/Auckland");
    // Auckland is UTC+13 in January (daylight saving); Miami is UTC-5.
    expect(new Date("2026-01-15T00:00:00Z").getTimezoneOffset()).toBe(-780);
    expect(new Date("2026-01-15T00:00:00Z").getHours()).toBe(13);
  });
});

// A week in November 2026 (Eastern Standard Time, UTC-5): Sunday 15 ... Saturday 21.
const WEEK = [
  { date: "2026-11-15", day: "Sunday" },
  { date: "2026-11-16", day: "Monday" },
  { date: "2026-11-17", day: "Tuesday" },
  { date: "2026-11-18", day: "Wednesday" },
  { date: "2026-11-19", day: "Thursday" },
  { date: "2026-11-20", day: "Friday" },
  { date: "2026-11-21", day: "Saturday" },
] as const;

describe("the seeded hours' open sections on every weekday, at Miami time", () => {
  const expected: Record<string, Record<string, SectionId[]>> = {
    Sunday: {
      "08:59": [],
      "09:00": ["jealous-fork", "beverages"],
      "14:59": ["jealous-fork", "beverages"],
      "15:00": [],
      "16:59": [],
      "17:00": [],
      "20:59": [],
      "21:00": [],
    },
    Monday: {
      "00:00": [],
      "08:59": [],
      "09:00": [],
      "12:00": [],
      "14:59": [],
      "15:00": [],
      "16:59": [],
      "17:00": [],
      "20:59": [],
      "21:00": [],
      "23:59": [],
    },
    Friday: {
      "08:59": [],
      "09:00": ["jealous-fork", "beverages"],
      "14:59": ["jealous-fork", "beverages"],
      "15:00": [],
      "16:59": [],
      "17:00": ["jealous-burger", "beverages"],
      "20:59": ["jealous-burger", "beverages"],
      "21:00": [],
    },
  };
  expected.Saturday = expected.Friday!;
  for (const day of ["Tuesday", "Wednesday", "Thursday"]) expected[day] = expected.Sunday!;

  for (const { date, day } of WEEK) {
    for (const [time, open] of Object.entries(expected[day]!)) {
      it(`${day} ${time}: ${open.length ? open.join(", ") : "everything closed"}`, () => {
        const now = miami(date, time, "-05:00");
        expect(restaurantTime(now)).toMatchObject({ date, minutes: Number(time.slice(0, 2)) * 60 + Number(time.slice(3)) });
        expect(openSections(now)).toEqual(open);
      });
    }
  }

  it("Beverages are sold while a kitchen is open, not at midnight on an open day", () => {
    expect(isOpenAt(SEEDED, "beverages", miami("2026-11-17", "00:00", "-05:00"))).toBe(false);
    expect(isOpenAt(SEEDED, "beverages", miami("2026-11-17", "12:00", "-05:00"))).toBe(true);
    expect(isOpenAt(SEEDED, "beverages", miami("2026-11-16", "12:00", "-05:00"))).toBe(false);
  });

  it("decides by the Miami date, not the UTC or local one: Monday 22:00 in Miami is Tuesday elsewhere", () => {
    const mondayNight = miami("2026-11-16", "22:00", "-05:00");
    expect(mondayNight.getUTCDay()).toBe(2);
    expect(mondayNight.getDay()).toBe(2);
    expect(restaurantTime(mondayNight).weekday).toBe(1);
    expect(openSections(mondayNight)).toEqual([]);
  });

  it("in summer time (UTC-4) too: Saturday 10:00 brunch and drinks, Saturday 18:00 burgers and drinks", () => {
    expect(openSections(miami("2026-07-18", "10:00", "-04:00"))).toEqual(["jealous-fork", "beverages"]);
    expect(openSections(miami("2026-07-18", "18:00", "-04:00"))).toEqual(["jealous-burger", "beverages"]);
  });

  it("never has all three sections open at once: brunch ends at 15:00, burgers start at 17:00", () => {
    let minutesAllOpen = 0;
    for (let minute = 0; minute < 7 * 24 * 60; minute += 1) {
      const now = new Date(Date.parse("2026-11-15T05:00:00Z") + minute * 60_000);
      if (openSections(now).length === 3) minutesAllOpen += 1;
    }
    expect(minutesAllOpen).toBe(0);
  });
});

describe("the daylight-saving switch days (both Sundays, when Jealous Fork opens 9:00-15:00)", () => {
  it("Sunday 8 March 2026, clocks go from 2:00 EST to 3:00 EDT: opening follows the new offset", () => {
    expect(isOpenAt(SEEDED, "jealous-fork", new Date("2026-03-08T12:59:00Z"))).toBe(false); // 8:59 EDT
    expect(isOpenAt(SEEDED, "jealous-fork", new Date("2026-03-08T13:00:00Z"))).toBe(true); // 9:00 EDT (8:00 if taken as EST)
    expect(isOpenAt(SEEDED, "jealous-fork", new Date("2026-03-08T18:59:00Z"))).toBe(true); // 14:59 EDT
    expect(isOpenAt(SEEDED, "jealous-fork", new Date("2026-03-08T19:00:00Z"))).toBe(false); // 15:00 EDT
    expect(restaurantTime(new Date("2026-03-08T06:59:00Z"))).toMatchObject({ weekday: 0, minutes: 1 * 60 + 59 });
    expect(restaurantTime(new Date("2026-03-08T07:00:00Z"))).toMatchObject({ weekday: 0, minutes: 3 * 60 });
  });

  it("Sunday 1 November 2026, clocks go from 2:00 EDT back to 1:00 EST: opening follows the new offset", () => {
    expect(isOpenAt(SEEDED, "jealous-fork", new Date("2026-11-01T13:59:00Z"))).toBe(false); // 8:59 EST (9:59 if taken as EDT)
    expect(isOpenAt(SEEDED, "jealous-fork", new Date("2026-11-01T14:00:00Z"))).toBe(true); // 9:00 EST
    expect(isOpenAt(SEEDED, "jealous-fork", new Date("2026-11-01T19:59:00Z"))).toBe(true); // 14:59 EST
    expect(isOpenAt(SEEDED, "jealous-fork", new Date("2026-11-01T20:00:00Z"))).toBe(false); // 15:00 EST
    expect(restaurantTime(new Date("2026-11-01T05:30:00Z"))).toMatchObject({ weekday: 0, minutes: 60 + 30 }); // 1:30 EDT
    expect(restaurantTime(new Date("2026-11-01T06:30:00Z"))).toMatchObject({ weekday: 0, minutes: 60 + 30 }); // 1:30 EST again
  });

  it("Miami's clock agrees with Intl at every minute of both switch nights and at odd instants all year", () => {
    const intl = new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", weekday: "short", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    const days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
    const expected = (at: Date) => {
      const p = Object.fromEntries(intl.formatToParts(at).map((part) => [part.type, part.value]));
      return { weekday: days.indexOf(p.weekday!), minutes: Number(p.hour) * 60 + Number(p.minute), date: `${p.year}-${p.month}-${p.day}` };
    };
    const instants: Date[] = [];
    for (const night of ["2026-03-08T04:00:00Z", "2026-11-01T03:00:00Z"]) {
      for (let minute = 0; minute < 6 * 60; minute++) instants.push(new Date(Date.parse(night) + minute * 60_000 + 17_000));
    }
    for (let hour = 0; hour < 366 * 24; hour += 7) instants.push(new Date(Date.UTC(2026, 0, 1) + hour * 3_600_000 + 59_999));
    for (const at of instants) expect(restaurantTime(at), at.toISOString()).toEqual(expected(at));
  });

  it("the Friday and Saturday burger nights around the switches keep 17:00-21:00 local", () => {
    // Saturday 7 March 2026 (EST) and Saturday 31 October 2026 (EDT).
    expect(isOpenAt(SEEDED, "jealous-burger", miami("2026-03-07", "17:00", "-05:00"))).toBe(true);
    expect(isOpenAt(SEEDED, "jealous-burger", miami("2026-03-07", "21:00", "-05:00"))).toBe(false);
    expect(isOpenAt(SEEDED, "jealous-burger", miami("2026-10-31", "20:59", "-04:00"))).toBe(true);
    expect(isOpenAt(SEEDED, "jealous-burger", miami("2026-10-31", "16:59", "-04:00"))).toBe(false);
  });
});
