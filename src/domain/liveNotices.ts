// What a prerendered page tells a visitor about today once it has loaded (src/components/LiveNotices.astro):
// a pause of online ordering, a busy kitchen, a special closure or special hours today. The page's text
// says the hours as built; these come from the staff's schedule as it is now (GET /api/menu).
import { restaurantTime } from "./hours";
import { miamiDateTime } from "./clockFormat";
import type { Locale } from "./i18n/locales";
import { SECTION_NAMES, isPaused, type RestaurantSchedule } from "./schedule";
import { formatRanges } from "./scheduleText";

const WORDS = {
  en: {
    resumes: (when: string) => ` Online ordering resumes ${when}.`,
    busy: (minutes: number) => `Our kitchen is busy: orders take about ${minutes} minutes longer than usual.`,
    and: " and ",
    open: (where: string, hours: string) => `${where}open ${hours} today`,
    closed: (where: string) => `${where ? `${where}closed` : "Closed"} today`,
    beverages: "Beverages",
  },
  es: {
    resumes: (when: string) => ` Los pedidos en línea vuelven el ${when}.`,
    busy: (minutes: number) => `Nuestra cocina está muy llena: los pedidos tardan unos ${minutes} minutos más de lo normal.`,
    and: " y ",
    open: (where: string, hours: string) => `${where}abre hoy ${hours}`,
    closed: (where: string) => `${where ? `${where}cierra` : "Cerrado"} hoy`,
    beverages: "Bebidas",
  },
} as const;

/** Today's notices in a language; the staff's own words (a pause message, a special date's note) stay as written. */
export function liveNotices(schedule: RestaurantSchedule, now: Date, locale: Locale = "en"): string[] {
  const words = WORDS[locale];
  const notices: string[] = [];
  if (isPaused(schedule, now) && schedule.pause) {
    const until = schedule.pause.until
      ? words.resumes(miamiDateTime(schedule.pause.until, locale, { weekday: "long", hour: "numeric", minute: "2-digit" }))
      : "";
    notices.push(`${schedule.pause.message}${until}`);
  } else if (schedule.busyMinutes > 0) {
    notices.push(words.busy(schedule.busyMinutes));
  }
  const today = restaurantTime(now).date;
  const sectionName = (section: keyof typeof SECTION_NAMES) => (section === "beverages" ? words.beverages : SECTION_NAMES[section]);
  for (const special of schedule.specialDates) {
    if (special.from > today || special.to < today) continue;
    const where = special.sections ? `${special.sections.map(sectionName).join(words.and)} ` : "";
    const what = special.hours.length ? words.open(where, formatRanges(special.hours, locale)) : words.closed(where);
    notices.push(special.note ? `${special.note}: ${what}.` : `${what[0]!.toUpperCase()}${what.slice(1)}.`);
  }
  return notices;
}
