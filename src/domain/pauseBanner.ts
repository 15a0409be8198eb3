// The lasting banner of a pause of online ordering, on every page and in the cart ("Online ordering is
// paused until 1:00 PM."), worked out by the server into the menu answer's notices and by the cart from its
// schedule. Apart from ./orderingState.ts, so the menu's first script does not carry it.
import type { Locale } from "./i18n/locales";
import { untilEs, whenText } from "./orderingState";
import { isPaused, type RestaurantSchedule } from "./schedule";

/**
 * The lasting banner every page shows while staff pause online ordering, or null when ordering is on:
 * "Online ordering is paused until 1:00 PM." then the staff's own message, as they wrote it.
 */
export function pauseBanner(schedule: RestaurantSchedule, now: Date, locale: Locale = "en"): string | null {
  if (!isPaused(schedule, now) || !schedule.pause) return null;
  const until = schedule.pause.until ? new Date(schedule.pause.until) : null;
  const head =
    locale === "es"
      ? until
        ? `Los pedidos en línea están en pausa hasta ${untilEs(until, now)}`
        : "Los pedidos en línea están en pausa."
      : until
        ? `Online ordering is paused until ${whenText(until, now, "en")}`
        : "Online ordering is paused.";
  // "...hasta la 1:00 p. m." already ends its sentence.
  const sentence = head.endsWith(".") ? head : `${head}.`;
  const message = schedule.pause.message.trim();
  return message ? `${sentence} ${message}` : sentence;
}
