// The restaurant's hours as the staff's data, and every decision made from them in Miami time:
// open now or at a chosen time, the 15-minute slots a customer may order for, and why a slot is refused.
// Pure: the schedule comes in as data (seeded from content/, edited in the console), the instant as a Date.
// Their words (hours as text, promised times) are in ./scheduleText.
import { WEEKDAY_NAMES, restaurantTime, type Weekday } from "./hours";

/** The sections with a kitchen; Beverages are sold while either is open. */
export const KITCHEN_SECTIONS = ["jealous-fork", "jealous-burger"] as const;
export type KitchenSection = (typeof KITCHEN_SECTIONS)[number];
export type OrderedSection = KitchenSection | "beverages";

export const SLOT_MINUTES = 15;
export const HORIZON_DAYS = 7;

/** Minutes after midnight, Miami wall clock; `closes` is exclusive and may be 24 * 60. */
export interface TimeRange {
  opens: number;
  closes: number;
}

/** Index 0 = Sunday ... 6 = Saturday; each day zero or more ranges. */
export type WeeklyHours = readonly (readonly TimeRange[])[];

/** A date or range of dates (Miami, inclusive) closed, or with its own hours, with a public note. */
export interface SpecialDate {
  from: string;
  to: string;
  /** The sections it applies to; absent means every kitchen section. */
  sections?: readonly KitchenSection[];
  /** Empty: closed all day. */
  hours: readonly TimeRange[];
  note: string;
}

export interface OrderingPause {
  /** ISO instant; null pauses until staff resume. */
  until: string | null;
  message: string;
}

export interface RestaurantSchedule {
  weekly: Record<KitchenSection, WeeklyHours>;
  specialDates: readonly SpecialDate[];
  pause: OrderingPause | null;
  /** Minutes added to every quoted time while the kitchen is busy. */
  busyMinutes: number;
  /** The earliest an order can be ready after it is placed. */
  leadMinutes: { pickup: number; delivery: number };
}

export type Fulfilment = keyof RestaurantSchedule["leadMinutes"];

const MINUTE = 60_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The day after a Miami calendar date (YYYY-MM-DD), by the calendar, not by adding 24 hours. */
export function nextDate(date: string, days = 1): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export function weekdayOf(date: string): Weekday {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay() as Weekday;
}

/** Miami's wall clock at an instant, as if it were UTC (minutes precision). */
function wallClockMs(at: Date): number {
  const { date, minutes } = restaurantTime(at);
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d, 0, minutes);
}

/** The instant at which Miami's wall clock reads `minutes` after midnight on `date` (daylight saving included). */
export function miamiInstant(date: string, minutes: number): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, 0, minutes);
  // Start from Eastern Standard Time and correct by what Miami's clock really reads there; a second
  // pass covers a first guess on the other side of a daylight-saving switch.
  let instant = wall + 5 * 60 * MINUTE;
  for (let pass = 0; pass < 2; pass++) instant += wall - wallClockMs(new Date(instant));
  return new Date(instant);
}

function specialDateFor(schedule: RestaurantSchedule, section: KitchenSection, date: string): SpecialDate | undefined {
  return schedule.specialDates.find((s) => s.from <= date && date <= s.to && (!s.sections || s.sections.includes(section)));
}

/** A kitchen section's ranges on a Miami date: a special date's own, or the weekly ones. */
export function hoursOn(schedule: RestaurantSchedule, section: KitchenSection, date: string): readonly TimeRange[] {
  return specialDateFor(schedule, section, date)?.hours ?? schedule.weekly[section][weekdayOf(date)] ?? [];
}

function openAtMinutes(ranges: readonly TimeRange[], minutes: number): boolean {
  return ranges.some((r) => minutes >= r.opens && minutes < r.closes);
}

/** Whether a section serves at an instant; Beverages follow whichever kitchen section is open. */
export function isOpenAt(schedule: RestaurantSchedule, section: OrderedSection, at: Date): boolean {
  const { date, minutes } = restaurantTime(at);
  return isOpenOnClock(schedule, section, date, minutes);
}

/** isOpenAt for a time already read on Miami's clock (reading it is the costly part). */
function isOpenOnClock(schedule: RestaurantSchedule, section: OrderedSection, date: string, minutes: number): boolean {
  if (section === "beverages") return KITCHEN_SECTIONS.some((s) => openAtMinutes(hoursOn(schedule, s, date), minutes));
  return openAtMinutes(hoursOn(schedule, section, date), minutes);
}

export function isPaused(schedule: RestaurantSchedule, now: Date): boolean {
  const pause = schedule.pause;
  return !!pause && (pause.until === null || new Date(pause.until).getTime() > now.getTime());
}

/**
 * Whether the pause stops an order promised for `at`: every time while a pause without an end lasts; a
 * time before its end otherwise. A time after a timed pause ends can be ordered for during it.
 */
export function pausedFor(schedule: RestaurantSchedule, now: Date, at: Date, fulfilment: Fulfilment = "pickup"): boolean {
  const resumes = pauseResumesFor(schedule, now, fulfilment);
  return resumes !== undefined && (resumes === null || at.getTime() < resumes.getTime());
}

/**
 * The first time an order can be ready after a timed pause (its end plus the lead time: the kitchen takes
 * nothing in until then); null while a pause without an end lasts; undefined when ordering is not paused.
 */
function pauseResumesFor(schedule: RestaurantSchedule, now: Date, fulfilment: Fulfilment): Date | null | undefined {
  if (!isPaused(schedule, now)) return undefined;
  const until = schedule.pause!.until;
  return until === null ? null : earliestReady(schedule, fulfilment, new Date(until));
}

/** The earliest instant an order placed at `now` can be ready: lead time plus busy minutes. */
export function earliestReady(schedule: RestaurantSchedule, fulfilment: Fulfilment, now: Date): Date {
  return new Date(now.getTime() + (schedule.leadMinutes[fulfilment] + schedule.busyMinutes) * MINUTE);
}

/** The instant rounded up to the next slot boundary of Miami's clock. */
function ceilToSlot(at: Date): Date {
  const { date, minutes } = restaurantTime(at);
  const seconds = at.getUTCSeconds() * 1000 + at.getUTCMilliseconds();
  const exact = minutes % SLOT_MINUTES === 0 && seconds === 0;
  const next = exact ? minutes : Math.floor(minutes / SLOT_MINUTES) * SLOT_MINUTES + SLOT_MINUTES;
  return miamiInstant(date, next);
}

export interface Slot {
  /** ISO instant the order is promised for. */
  at: string;
  /** Miami date and wall time, for labels and capacity keys. */
  date: string;
  minutes: number;
}

function toSlot(at: Date): Slot {
  const { date, minutes } = restaurantTime(at);
  return { at: at.toISOString(), date, minutes };
}

/**
 * Every slot from the earliest ready time to the end of the horizon (today and the next 7 days) at
 * which all the given sections serve, outside closed dates. Capacity is the caller's: pass `hasRoom`.
 */
export function availableSlots(
  schedule: RestaurantSchedule,
  sections: readonly OrderedSection[],
  fulfilment: Fulfilment,
  now: Date,
  hasRoom: (slot: Slot) => boolean = () => true,
  /** Stop after this many: an order needs only its first few, the checkout all of them. */
  limit = Number.POSITIVE_INFINITY,
): Slot[] {
  // A pause without an end offers nothing; a timed one offers the times after it ends.
  const resumes = pauseResumesFor(schedule, now, fulfilment);
  if (resumes === null) return [];
  const from = resumes ?? earliestReady(schedule, fulfilment, now);
  const needed: readonly OrderedSection[] = sections.length ? sections : ["beverages"];
  const lastDate = nextDate(restaurantTime(now).date, HORIZON_DAYS);
  const slots: Slot[] = [];
  for (let at = ceilToSlot(from); slots.length < limit; ) {
    const slot = toSlot(at);
    if (slot.date > lastDate) break;
    if (needed.every((s) => isOpenOnClock(schedule, s, slot.date, slot.minutes)) && hasRoom(slot)) slots.push(slot);
    at = new Date(at.getTime() + SLOT_MINUTES * MINUTE);
  }
  return slots;
}

/** Why a chosen slot cannot be promised, in one sentence a customer understands; null when it can. */
export function slotProblem(
  schedule: RestaurantSchedule,
  sections: readonly OrderedSection[],
  fulfilment: Fulfilment,
  slotAt: Date,
  now: Date,
): string | null {
  if (Number.isNaN(slotAt.getTime())) return isPaused(schedule, now) ? schedule.pause!.message || "Online ordering is paused right now." : "The chosen time is not a valid time.";
  if (pausedFor(schedule, now, slotAt, fulfilment)) return schedule.pause!.message || "Online ordering is paused right now.";
  const { date, minutes } = restaurantTime(slotAt);
  if (minutes % SLOT_MINUTES !== 0 || slotAt.getUTCSeconds() !== 0 || slotAt.getUTCMilliseconds() !== 0) {
    return `Please choose a time on the quarter hour (every ${SLOT_MINUTES} minutes).`;
  }
  if (slotAt.getTime() <= now.getTime()) return "The chosen time has already passed. Please choose a later time.";
  if (slotAt.getTime() < earliestReady(schedule, fulfilment, now).getTime()) {
    return `The chosen time is too soon: ${fulfilment} orders need at least ${schedule.leadMinutes[fulfilment] + schedule.busyMinutes} minutes.`;
  }
  if (date > nextDate(restaurantTime(now).date, HORIZON_DAYS)) {
    return `Orders can be placed up to ${HORIZON_DAYS} days ahead. Please choose an earlier date.`;
  }
  for (const section of sections.length ? sections : (["beverages"] as const)) {
    if (isOpenAt(schedule, section, slotAt)) continue;
    const closure = section === "beverages" ? undefined : specialDateFor(schedule, section, date);
    if (closure && closure.hours.length === 0) return `${closure.note || "We are closed that day"}. Please choose another date.`;
    return `${SECTION_NAMES[section]} is not serving at the chosen time. Please choose a time within its hours.`;
  }
  return null;
}

/** The sections by their names, which stay the same in every language. */
export const SECTION_NAMES: Record<OrderedSection, string> = {
  "jealous-fork": "Jealous Fork",
  "jealous-burger": "Jealous Burger",
  beverages: "Beverages",
};

/** Special dates from today through the horizon, for notices on the home page, menu and checkout. */
export function upcomingSpecialDates(schedule: RestaurantSchedule, now: Date): SpecialDate[] {
  const today = restaurantTime(now).date;
  const last = nextDate(today, HORIZON_DAYS);
  return schedule.specialDates.filter((s) => s.to >= today && s.from <= last);
}

/** A schedule that keeps its promises: ranges inside the day, opening before closing, no overlaps, dates in order. */
export function scheduleProblems(schedule: RestaurantSchedule): string[] {
  const problems: string[] = [];
  const checkRanges = (ranges: readonly TimeRange[], where: string) => {
    const sorted = [...ranges].sort((a, b) => a.opens - b.opens);
    sorted.forEach((r, i) => {
      if (!Number.isInteger(r.opens) || !Number.isInteger(r.closes) || r.opens < 0 || r.closes > 24 * 60 || r.opens >= r.closes) {
        problems.push(`${where}: a range must open before it closes, within the day.`);
      } else if (i > 0 && r.opens < sorted[i - 1]!.closes) {
        problems.push(`${where}: two ranges overlap.`);
      }
    });
  };
  for (const section of KITCHEN_SECTIONS) {
    const week = schedule.weekly[section];
    if (week.length !== 7) problems.push(`${SECTION_NAMES[section]}: give the hours of all seven days.`);
    week.forEach((ranges, day) => checkRanges(ranges, `${SECTION_NAMES[section]}, ${WEEKDAY_NAMES[day]}`));
  }
  for (const special of schedule.specialDates) {
    if (!DATE.test(special.from) || !DATE.test(special.to) || special.from > special.to) {
      problems.push(`Special date ${special.from}: give a start date on or before its end date (YYYY-MM-DD).`);
    }
    checkRanges(special.hours, `Special date ${special.from}`);
  }
  if (!(schedule.busyMinutes >= 0 && schedule.busyMinutes <= 180)) problems.push("Busy minutes must be between 0 and 180.");
  for (const kind of ["pickup", "delivery"] as const) {
    const lead = schedule.leadMinutes[kind];
    if (!(Number.isInteger(lead) && lead >= 0 && lead <= 240)) problems.push(`The ${kind} lead time must be between 0 and 240 minutes.`);
  }
  return problems;
}

/** The week as the restaurant reads it, Monday first. */
export const MONDAY_FIRST: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 0];

/** Weekly hours grouped by identical ranges, for schema.org: [{ days (Monday first), opens, closes }]. */
export function weeklySpecs(schedule: RestaurantSchedule): { days: Weekday[]; opens: number; closes: number }[] {
  const specs: { days: Weekday[]; opens: number; closes: number }[] = [];
  for (const section of KITCHEN_SECTIONS) {
    for (const day of MONDAY_FIRST) {
      for (const range of schedule.weekly[section][day] ?? []) {
        const same = specs.find((s) => s.opens === range.opens && s.closes === range.closes);
        if (same) {
          if (!same.days.includes(day)) same.days.push(day);
        } else specs.push({ days: [day], opens: range.opens, closes: range.closes });
      }
    }
  }
  return specs;
}

/**
 * Whether 'as soon as possible' can be offered now: not paused and every section serving now. The
 * slot it is promised for is then the first of availableSlots with room.
 */
export function canOrderNow(schedule: RestaurantSchedule, sections: readonly OrderedSection[], now: Date): boolean {
  if (isPaused(schedule, now)) return false;
  return (sections.length ? sections : (["beverages"] as const)).every((section) => isOpenAt(schedule, section, now));
}
