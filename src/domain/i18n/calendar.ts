// Days, clock times and the schedule's few words in each language, for the hours shown on every page
// ("martes a domingo, 9:00 a. m. - 3:00 p. m.") and the promised times of orders.
import type { Locale } from "./locales";

/** Sunday first, as Date#getDay. */
export const WEEKDAYS: Record<Locale, readonly string[]> = {
  en: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
  es: ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"],
};

/** The plural of a day for "Closed Mondays": "Mondays", "los lunes". */
export const WEEKDAYS_PLURAL: Record<Locale, readonly string[]> = {
  en: ["Sundays", "Mondays", "Tuesdays", "Wednesdays", "Thursdays", "Fridays", "Saturdays"],
  es: ["domingos", "lunes", "martes", "miércoles", "jueves", "viernes", "sábados"],
};

export const SCHEDULE_WORDS = {
  en: { closed: "Closed", varies: "Varies by day", duringOpenHours: "During open hours", today: "Today", and: " & ", through: " - ", at: " at ", noDay: "no day of the week" },
  es: { closed: "Cerrado", varies: "Varía según el día", duringOpenHours: "En horario de apertura", today: "Hoy", and: " y ", through: " a ", at: " a las ", noDay: "ningún día de la semana" },
} satisfies Record<Locale, Record<string, string>>;

/** 540 -> "9AM" / "9:00 a. m."; 870 -> "2:30PM" / "2:30 p. m.". */
export function clockText(minutes: number, locale: Locale = "en"): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const h12 = h % 12 === 0 ? 12 : h % 12;
  if (locale === "es") return `${h12}:${String(m).padStart(2, "0")} ${h < 12 || h === 24 ? "a. m." : "p. m."}`;
  const suffix = h < 12 ? "AM" : "PM";
  return m === 0 ? `${h12}${suffix}` : `${h12}:${String(m).padStart(2, "0")}${suffix}`;
}
