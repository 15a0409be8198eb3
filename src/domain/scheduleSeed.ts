// The hours as content/hours.json writes them ("09:00-15:00" per weekday name), read into the schedule
// an empty database starts with.
import type { KitchenSection, RestaurantSchedule, TimeRange, WeeklyHours } from "./schedule";

/** The weekday names of content/hours.json, Sunday first as Date#getDay. */
export const WEEKDAY_KEYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;

/** The hours as content/hours.json writes them: "09:00-15:00" ranges per weekday name. */
export interface ScheduleSeed {
  weekly: Record<KitchenSection, Record<(typeof WEEKDAY_KEYS)[number], readonly string[]>>;
  leadMinutes: { pickup: number; delivery: number };
}

function rangeOf(text: string): TimeRange {
  const match = /^(\d{2}):(\d{2})-(\d{2}):(\d{2})$/.exec(text);
  if (!match) throw new Error(`"${text}" is not a range like 09:00-15:00`);
  const [, oh, om, ch, cm] = match.map(Number) as [number, number, number, number, number];
  return { opens: oh * 60 + om, closes: ch * 60 + cm };
}

/** The schedule before staff save any: the seed's weekly hours, no special date, no pause, not busy. */
export function scheduleFromSeed(seed: ScheduleSeed): RestaurantSchedule {
  const weekOf = (section: KitchenSection): WeeklyHours => WEEKDAY_KEYS.map((day) => (seed.weekly[section][day] ?? []).map(rangeOf));
  const weekly: Record<KitchenSection, WeeklyHours> = { "jealous-fork": weekOf("jealous-fork"), "jealous-burger": weekOf("jealous-burger") };
  return { weekly, specialDates: [], pause: null, busyMinutes: 0, leadMinutes: { ...seed.leadMinutes } };
}
