// Whether each kitchen is open now and until when, or when it opens next, in a sentence of the page's
// language ("Jealous Fork is open now, until 3PM"), from the staff's schedule and a pause of online
// ordering: while staff pause ordering no kitchen is said to be open (the pause banner says why). Worked
// out by the server beside GET /api/menu's notices, from the same schedule and pause (the CDN keeps that
// answer a minute or two at most); the home page only shows its lines, carrying no schedule code.
import { restaurantTime } from "./hours";
import { SCHEDULE_WORDS, WEEKDAYS, clockText } from "./i18n/calendar";
import type { Locale } from "./i18n/locales";
import { HORIZON_DAYS, KITCHEN_SECTIONS, SECTION_NAMES, hoursOn, isPaused, nextDate, weekdayOf, type KitchenSection, type RestaurantSchedule } from "./schedule";

export type KitchenState = "open" | "closed" | "paused";

export interface KitchenNow {
  /** open: some kitchen serves now; paused: staff paused online ordering (said whatever the hours). */
  state: KitchenState;
  /** One sentence per kitchen (or the pause's one). */
  lines: string[];
}

const WORDS = {
  en: {
    open: (name: string, until: string) => `${name} is open now, until ${until}`,
    opens: (name: string, when: string) => `${name} is closed now · opens ${when}`,
    closed: (name: string) => `${name} is closed this week`,
    tomorrow: "tomorrow",
  },
  es: {
    open: (name: string, until: string) => `${name} está abierto ahora, hasta las ${until}`,
    opens: (name: string, when: string) => `${name} está cerrado ahora · abre ${when}`,
    closed: (name: string) => `${name} está cerrado esta semana`,
    tomorrow: "mañana",
  },
} as const;

/** The range serving at `minutes` on `date`, if any, and when it ends (a range ending at midnight runs on into the next day's at 0:00). */
function servingUntil(schedule: RestaurantSchedule, section: KitchenSection, date: string, minutes: number): number | null {
  const range = hoursOn(schedule, section, date).find((r) => minutes >= r.opens && minutes < r.closes);
  return range ? range.closes : null;
}

/** The next opening after `minutes` on `date`, within the week ahead: its date and minute. */
function nextOpening(schedule: RestaurantSchedule, section: KitchenSection, date: string, minutes: number): { date: string; minutes: number } | null {
  let day = date;
  for (let offset = 0; offset <= HORIZON_DAYS; offset++, day = nextDate(day)) {
    const opens = hoursOn(schedule, section, day)
      .map((r) => r.opens)
      .filter((m) => offset > 0 || m > minutes)
      .sort((a, b) => a - b)[0];
    if (opens !== undefined) return { date: day, minutes: opens };
  }
  return null;
}

/** Whether the kitchens serve at `now`, in the page's language. */
export function kitchenNow(schedule: RestaurantSchedule, now: Date, locale: Locale = "en"): KitchenNow {
  const words = WORDS[locale];
  // Never "open" while paused, and no line of its own: every page's banner says the pause, once
  // (src/domain/pauseBanner.ts), with when ordering resumes.
  if (isPaused(schedule, now)) return { state: "paused", lines: [] };
  const { date, minutes } = restaurantTime(now);
  let open = false;
  const lines = KITCHEN_SECTIONS.map((section) => {
    const name = SECTION_NAMES[section];
    const until = servingUntil(schedule, section, date, minutes);
    if (until !== null) {
      open = true;
      return words.open(name, clockText(until, locale));
    }
    const next = nextOpening(schedule, section, date, minutes);
    if (!next) return words.closed(name);
    const day = next.date === date ? SCHEDULE_WORDS[locale].today.toLowerCase() : next.date === nextDate(date) ? words.tomorrow : WEEKDAYS[locale][weekdayOf(next.date)]!;
    return words.opens(name, `${day}${SCHEDULE_WORDS[locale].at}${clockText(next.minutes, locale)}`);
  });
  return { state: open ? "open" : "closed", lines };
}
