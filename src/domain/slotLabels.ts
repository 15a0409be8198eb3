// A promised time's clock and day in either language, made once per language, and the labels of many
// slots at once: what the full menu's "Ordering for" picker and the checkout's times need, apart from the
// rest of the schedule's words, so the menu page's first script stays small.
import { RESTAURANT_TIME_ZONE, restaurantTime } from "./hours";
import { SCHEDULE_WORDS, clockText } from "./i18n/calendar";
import { INTL_LOCALE, type Locale } from "./i18n/locales";
import type { Slot } from "./schedule";

/**
 * The formatters of a promised time, made once: building an Intl.DateTimeFormat costs far more than
 * using one, and the full menu's "Ordering for" list formats some 600 times on start.
 */
const formatters: Partial<Record<Locale, { time: (at: Date) => string; day: Intl.DateTimeFormat }>> = {};
function promiseFormatters(locale: Locale) {
  let made = formatters[locale];
  if (!made) {
    const time = new Intl.DateTimeFormat(INTL_LOCALE[locale], { timeZone: RESTAURANT_TIME_ZONE, hour: "numeric", minute: "2-digit" });
    made = formatters[locale] = {
      // Spanish writes "9:30 a. m." (the Academia's spacing), whatever this ICU's es-US prints.
      time: locale === "es" ? (at) => clockText(restaurantTime(at).minutes, "es") : (at) => time.format(at),
      day: new Intl.DateTimeFormat(INTL_LOCALE[locale], { timeZone: RESTAURANT_TIME_ZONE, weekday: "long", month: "short", day: "numeric" }),
    };
  }
  return made;
}
export const clockTimeFormat = (locale: Locale = "en") => promiseFormatters(locale).time;
export const dayFormat = (locale: Locale = "en") => promiseFormatters(locale).day;

/**
 * The labels of many slots at once ("Ordering for", the checkout's times), as formatPromise words
 * them: each day and each time of day is formatted once, not once per slot (a week has hundreds).
 */
export function slotLabeller(now: Date, locale: Locale = "en"): (slot: Slot) => { day: string; time: string } {
  const today = restaurantTime(now).date;
  const days = new Map<string, string>();
  const times = new Map<number, string>();
  return (slot) => {
    const at = new Date(slot.at);
    let day = days.get(slot.date);
    if (day === undefined) days.set(slot.date, (day = slot.date === today ? SCHEDULE_WORDS[locale].today : dayFormat(locale).format(at)));
    let time = times.get(slot.minutes);
    if (time === undefined) times.set(slot.minutes, (time = clockTimeFormat(locale)(at)));
    return { day, time };
  };
}
