// What a diner is told before the cart about when ordering can happen: when a closed section opens ("Closed ·
// opens 5:00 PM", "Pre-order for 5:00 PM"), and what stands on the menu during a pause (the pause's banner is
// ./pauseBanner.ts). Pure and without Intl, so the menu's first script stays small: Miami's clock comes from
// restaurantTime, the words from here.
import { restaurantTime } from "./hours";
import { clockText } from "./i18n/calendar";
import type { Locale } from "./i18n/locales";
import { availableSlots, nextDate, type OrderedSection, type RestaurantSchedule } from "./schedule";

const WEEKDAYS: Record<Locale, readonly string[]> = {
  en: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
  es: ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"],
};

/** A time of day as a clock says it: "1:00 PM", "1:00 p. m." (the Academia's spacing, as the checkout's times). */
function clock(minutes: number, locale: Locale): string {
  if (locale === "es") return clockText(minutes, "es");
  const h = Math.floor(minutes / 60);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(minutes % 60).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
}

/**
 * An instant as a diner reads it from now: the time alone today ("5:00 PM"), "tomorrow 9:00 AM", or the
 * weekday within the week ("Tuesday 9:00 AM"); in Spanish "5:00 p. m.", "mañana a las 9:00 a. m.",
 * "el martes a las 9:00 a. m.". `at` is a Miami time; today is Miami's.
 */
export function whenText(at: Date, now: Date, locale: Locale = "en"): string {
  const { date, minutes, weekday } = restaurantTime(at);
  const today = restaurantTime(now).date;
  const time = clock(minutes, locale);
  if (date === today) return time;
  if (locale === "es") {
    const article = Math.floor(minutes / 60) % 12 === 1 ? "la" : "las";
    return `${date === nextDate(today) ? "mañana" : `el ${WEEKDAYS.es[weekday]}`} a ${article} ${time}`;
  }
  return `${date === nextDate(today) ? "tomorrow" : WEEKDAYS.en[weekday]} ${time}`;
}

/** "la 1:00 p. m." / "las 5:00 p. m." / "mañana a las...": Spanish says the hour with its article. */
export function untilEs(at: Date, now: Date): string {
  const text = whenText(at, now, "es");
  if (/^(mañana|el )/.test(text)) return text;
  return `${Math.floor(restaurantTime(at).minutes / 60) % 12 === 1 ? "la" : "las"} ${text}`;
}

/** A closed section's badge: "Closed · opens 5:00 PM", "Cerrado · abre a las 5:00 p. m.". */
export function opensLabel(at: Date, now: Date, locale: Locale = "en"): string {
  if (locale === "en") return `Closed · opens ${whenText(at, now, "en")}`;
  const when = untilEs(at, now);
  return `Cerrado · abre ${/^(mañana|el )/.test(when) ? when : `a ${when}`}`;
}

/** A closed section's add button: "Pre-order for 5:00 PM", "Pedir para las 5:00 p. m.". */
export function preorderLabel(at: Date, now: Date, locale: Locale = "en"): string {
  return locale === "en" ? `Pre-order for ${whenText(at, now, "en")}` : `Pedir para ${untilEs(at, now)}`;
}

/** The time a cart is ordered for: "Ordering for 5:00 PM", "Pedido para las 5:00 p. m.". */
export function orderingForLabel(at: Date, now: Date, locale: Locale = "en"): string {
  return locale === "en" ? `Ordering for ${whenText(at, now, "en")}` : `Pedido para ${untilEs(at, now)}`;
}

/** What stands for the open badge and on every add button while online ordering is paused. */
export const PAUSED_WORDS: Record<Locale, { badge: string; button: string }> = {
  en: { badge: "Ordering paused", button: "Ordering paused" },
  es: { badge: "Pedidos en pausa", button: "Pedidos en pausa" },
};

/**
 * The first time a pickup order can be promised for with every given section serving: the time a closed
 * section's dish is pre-ordered for (after a timed pause, its end). Null while a pause without an end lasts, or when no time of the coming week has them all.
 */
export function firstOrderTime(schedule: RestaurantSchedule, sections: readonly OrderedSection[], now: Date): Date | null {
  const [first] = availableSlots(schedule, sections, "pickup", now, undefined, 1);
  return first ? new Date(first.at) : null;
}

/**
 * A section open now but not at the order's chosen time: its badge "Open now · not at 5:00 PM" (never
 * "Closed" while it serves), its buttons "Not at 5:00 PM".
 */
export function notAtLabel(at: Date, now: Date, locale: Locale = "en", button = false): string {
  if (locale === "en") return `${button ? "Not" : "Open now · not"} at ${whenText(at, now, "en")}`;
  const when = untilEs(at, now).replace(/^(la|las) /, "a $1 ");
  return button ? `No ${when}` : `Abierto ahora · no ${when}`;
}
