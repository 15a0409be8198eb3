// Miami's clock: the restaurant's time zone (America/New_York), the wall clock at an instant, and the
// sections and day names, whatever the clock zone of the visitor's browser or of the server. The site's
// hours are the staff's schedule (./schedule.ts, stored by src/server/schedule, seeded from content/hours.json).

export const RESTAURANT_TIME_ZONE = "America/New_York";

export const SECTION_IDS = ["jealous-fork", "jealous-burger", "beverages"] as const;
export type SectionId = (typeof SECTION_IDS)[number];

/** 0 = Sunday ... 6 = Saturday, as Date#getDay. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;
export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

export interface RestaurantTime {
  weekday: Weekday;
  /** Minutes after midnight in Miami. */
  minutes: number;
  /** The Miami calendar date, YYYY-MM-DD. */
  date: string;
}

/**
 * Made on the first reading of the clock, not when the module loads: making it loads the time zone's
 * data, which takes a phone tens of milliseconds, and a page's script decides when it can afford that.
 */
let clockFormat: Intl.DateTimeFormat | undefined;
const miamiClock = () =>
  (clockFormat ??= new Intl.DateTimeFormat("en-US", {
    timeZone: RESTAURANT_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }));

const HOUR_MS = 3_600_000;
/** Miami's offset from UTC in ms during each UTC hour (keyed by the hour's number since 1970). */
const offsets = new Map<number, number>();

/** Miami's offset during one UTC hour, read from Intl (the costly part: a phone takes a fraction of a millisecond each). */
function readOffset(hour: number): number {
  const parts = Object.fromEntries(miamiClock().formatToParts(new Date(hour * HOUR_MS)).map((p) => [p.type, p.value]));
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute)) - hour * HOUR_MS;
}

/**
 * Miami's offset from UTC at an instant. Its clock changes (2 AM local, in March and November) fall
 * on a whole UTC hour, and at most one falls in a UTC day: a day whose first and last hours read the
 * same offset has it throughout, so two Intl calls serve the whole day (each hour is read only on the
 * two days a year the clock changes). A week of 15-minute slots, the full menu's time picker on a
 * phone's start, asks about 16 times instead of 192.
 */
function offsetAt(ms: number): number {
  const hour = Math.floor(ms / HOUR_MS);
  const known = offsets.get(hour);
  if (known !== undefined) return known;
  if (offsets.size > 2_000) offsets.clear();
  const first = Math.floor(hour / 24) * 24;
  const start = readOffset(first);
  if (start === readOffset(first + 23)) {
    for (let h = first; h < first + 24; h++) offsets.set(h, start);
    return start;
  }
  const offset = readOffset(hour);
  offsets.set(hour, offset);
  return offset;
}

/**
 * Makes Miami's clock ready: the browser loads the time zone's data, which takes a phone tens of
 * milliseconds. A page's script calls it in a task of its own, so no single task carries it and more.
 */
export function prepareClock(): void {
  miamiClock();
}

/** The wall clock in Miami at the instant `now`. */
export function restaurantTime(now: Date): RestaurantTime {
  const time = now.getTime();
  if (Number.isNaN(time)) throw new RangeError("Invalid time value");
  // Miami's wall clock read as if it were UTC.
  const wall = new Date(time + offsetAt(time));
  return {
    weekday: wall.getUTCDay() as Weekday,
    minutes: wall.getUTCHours() * 60 + wall.getUTCMinutes(),
    date: wall.toISOString().slice(0, 10),
  };
}
