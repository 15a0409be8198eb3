// The schedule in words, in either language: hours as text ("Tuesday - Sunday, 9AM - 3PM"), the FAQ's
// hour placeholders, and promised times ("Ready around 12:45 PM"). The rules they describe are in ./schedule; the
// clock and the slot labels the menu's picker needs, in ./slotLabels.
import { restaurantTime, type Weekday } from "./hours";
import { SCHEDULE_WORDS, WEEKDAYS, WEEKDAYS_PLURAL, clockText } from "./i18n/calendar";
import type { Locale } from "./i18n/locales";
import { clockTimeFormat, dayFormat } from "./slotLabels";
import { KITCHEN_SECTIONS, MONDAY_FIRST, type KitchenSection, type OrderedSection, type RestaurantSchedule, type TimeRange, type WeeklyHours } from "./schedule";


export function formatRanges(ranges: readonly TimeRange[], locale: Locale = "en"): string {
  return ranges.length ? ranges.map((r) => `${clockText(r.opens, locale)} - ${clockText(r.closes, locale)}`).join(", ") : SCHEDULE_WORDS[locale].closed;
}

/** "Tuesday - Thursday: 9AM - 2PM", one line per run of consecutive days (Monday first) with the same hours. */
export function weeklyLines(week: WeeklyHours, locale: Locale = "en"): { days: string; hours: string }[] {
  const order: Weekday[] = [1, 2, 3, 4, 5, 6, 0];
  const lines: { first: Weekday; last: Weekday; hours: string }[] = [];
  for (const day of order) {
    const hours = formatRanges(week[day] ?? [], locale);
    const previous = lines[lines.length - 1];
    if (previous && previous.hours === hours) previous.last = day;
    else lines.push({ first: day, last: day, hours });
  }
  return lines.map(({ first, last, hours }) => ({
    days:
      first === last
        ? WEEKDAYS[locale][first]!
        : // Two days in Spanish are "viernes y sábado"; English keeps "Friday - Saturday".
          `${WEEKDAYS[locale][first]}${locale === "es" && (first + 1) % 7 === last ? SCHEDULE_WORDS.es.and : SCHEDULE_WORDS[locale].through}${WEEKDAYS[locale][last]}`,
    hours,
  }));
}

/** "Ready around 12:45 PM" / "Saturday, Nov 21 at 9:30 AM": a promised time in Miami's words. */
export function formatPromise(at: Date, now: Date, locale: Locale = "en"): string {
  const sameDay = restaurantTime(at).date === restaurantTime(now).date;
  const time = clockTimeFormat(locale)(at);
  const day = sameDay ? SCHEDULE_WORDS[locale].today : dayFormat(locale).format(at);
  return `${day}${SCHEDULE_WORDS[locale].at}${time}`;
}


/** The Miami days (Monday first) on which Beverages are poured: any kitchen section open. */
function beverageWeek(schedule: RestaurantSchedule): WeeklyHours {
  return Array.from({ length: 7 }, (_, day) => KITCHEN_SECTIONS.flatMap((section) => schedule.weekly[section][day] ?? []));
}

/** "Tuesday - Sunday", "Friday & Saturday", "Tuesday - Thursday, Saturday": the open days in runs, Monday first. */
export function openDaysText(week: WeeklyHours, locale: Locale = "en"): string {
  const names = WEEKDAYS[locale];
  const words = SCHEDULE_WORDS[locale];
  const runs: Weekday[][] = [];
  for (const day of MONDAY_FIRST) {
    if (!(week[day] ?? []).length) continue;
    const run = runs[runs.length - 1];
    const previous = run?.[run.length - 1];
    if (run && previous !== undefined && MONDAY_FIRST.indexOf(previous) === MONDAY_FIRST.indexOf(day) - 1) run.push(day);
    else runs.push([day]);
  }
  if (!runs.length) return words.closed;
  return runs
    .map((run) =>
      run.length === 1
        ? names[run[0]!]
        : run.length === 2
          ? `${names[run[0]!]}${words.and}${names[run[1]!]}`
          : `${names[run[0]!]}${words.through}${names[run[run.length - 1]!]}`,
    )
    .join(", ");
}

/** A section's hours in a few words: its open days and, when every open day is alike, its hours ("Varies by day" otherwise). */
export function sectionHoursText(schedule: RestaurantSchedule, section: OrderedSection, locale: Locale = "en"): { days: string; hours: string } {
  const week = section === "beverages" ? beverageWeek(schedule) : schedule.weekly[section];
  const words = SCHEDULE_WORDS[locale];
  if (section === "beverages") return { days: openDaysText(week, locale), hours: words.duringOpenHours };
  const texts = new Set(MONDAY_FIRST.filter((day) => (week[day] ?? []).length).map((day) => formatRanges(week[day]!, locale)));
  return { days: openDaysText(week, locale), hours: texts.size === 1 ? [...texts][0]! : texts.size ? words.varies : words.closed };
}

/** The days (Monday first) every kitchen section is closed: "Monday", "Monday & Tuesday". */
export function closedDaysText(schedule: RestaurantSchedule, locale: Locale = "en"): string {
  return closedWeekdays(schedule).map((day) => WEEKDAYS[locale][day]).join(SCHEDULE_WORDS[locale].and);
}

/** The same days as a habit: "Mondays", "Mondays & Tuesdays" / "lunes", "lunes y martes"; "" when none. */
export function closedDaysPlural(schedule: RestaurantSchedule, locale: Locale = "en"): string {
  return closedWeekdays(schedule).map((day) => WEEKDAYS_PLURAL[locale][day]).join(SCHEDULE_WORDS[locale].and);
}

function closedWeekdays(schedule: RestaurantSchedule): Weekday[] {
  return MONDAY_FIRST.filter((day) => KITCHEN_SECTIONS.every((section) => !(schedule.weekly[section][day] ?? []).length));
}

/** "Tuesday - Sunday, 9AM - 3PM", or "Tuesday - Thursday, 9AM - 2PM; Friday - Sunday, 9AM - 3PM": a section's open days and hours. */
export function openHoursText(week: WeeklyHours, locale: Locale = "en"): string {
  const closed = SCHEDULE_WORDS[locale].closed;
  const open = weeklyLines(week, locale).filter((line) => line.hours !== closed);
  return open.length ? open.map((line) => `${line.days}, ${line.hours}`).join("; ") : closed;
}

/**
 * Text written with placeholders for the hours (the FAQ in content/faq.json), filled from the schedule:
 * {hours:jealous-fork}, {hours:jealous-burger} and {closed-days}.
 */
export function fillHoursPlaceholders(text: string, schedule: RestaurantSchedule, locale: Locale = "en"): string {
  return text
    .replace(/\{hours:(jealous-fork|jealous-burger)\}/g, (_, section: KitchenSection) => openHoursText(schedule.weekly[section], locale))
    .replace(/\{closed-days\}/g, () => closedDaysPlural(schedule, locale) || SCHEDULE_WORDS[locale].noDay)
    // "... 3:00 p. m." ends its sentence itself.
    .replace(/ ([ap])\. m\.\./g, " $1. m.");
}
