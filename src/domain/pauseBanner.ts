// The lasting banner of a pause of online ordering, on every page and in the cart ("Ordering resumes at
// 1:00 PM." and the staff's message: the one place the pause is said, in the one time format), worked out by the server into the menu answer's notices and by the cart from its
// schedule. Apart from ./orderingState.ts, so the menu's first script does not carry it.
import type { Locale } from "./i18n/locales";
import { untilEs, whenText } from "./orderingState";
import { isPaused, type RestaurantSchedule } from "./schedule";

/**
 * The lasting banner every page shows while staff pause online ordering, or null when ordering is on:
 * "Ordering resumes at 1:00 PM." then the staff's own message, as they wrote it.
 */
export function pauseBanner(schedule: RestaurantSchedule, now: Date, locale: Locale = "en"): string | null {
  if (!isPaused(schedule, now) || !schedule.pause) return null;
  const until = schedule.pause.until ? new Date(schedule.pause.until) : null;
  const head = until ? resumesText(until, now, locale) : locale === "es" ? "Los pedidos en línea están en pausa." : "Online ordering is paused.";
  // "...a la 1:00 p. m." already ends its sentence.
  const sentence = head.endsWith(".") ? head : `${head}.`;
  const message = schedule.pause.message.trim();
  return message ? `${sentence} ${message}` : sentence;
}

/** "Ordering resumes at 1:00 PM", "…tomorrow at 9:00 AM"; "Los pedidos se reanudan a la 1:00 p. m.", "…mañana a las 9:00 a. m.". */
export function resumesText(until: Date, now: Date, locale: Locale = "en"): string {
  if (locale === "es") {
    const when = untilEs(until, now);
    return `Los pedidos se reanudan ${/^(mañana|el )/.test(when) ? when : `a ${when}`}`;
  }
  const when = whenText(until, now, "en");
  return `Ordering resumes ${/^\d/.test(when) ? `at ${when}` : when.replace(/ (\d)/, " at $1")}`;
}

/** The pause's offer of its later times: "Schedule for 1:15 PM", "Programar para la 1:15 p. m.". */
export function scheduleForLabel(at: Date, now: Date, locale: Locale = "en"): string {
  return locale === "es" ? `Programar para ${untilEs(at, now)}` : `Schedule for ${whenText(at, now, "en")}`;
}
