// The staff's schedule with the Spanish they wrote beside its English (each special date's note, the pause
// message), and the same schedule in one language: the Spanish where staff wrote it, else the English,
// never an empty text where the English has one. Pure: the server, the build and the pages share it.
import type { Locale } from "./i18n/locales";
import type { OrderingPause, RestaurantSchedule, SpecialDate } from "./schedule";

export type SpecialDateWithSpanish = SpecialDate & { noteEs: string };
export type PauseWithSpanish = OrderingPause & { messageEs: string };

/** As staff keep it: '' where a Spanish text is not written yet. */
export type StaffSchedule = Omit<RestaurantSchedule, "specialDates" | "pause"> & {
  specialDates: readonly SpecialDateWithSpanish[];
  pause: PauseWithSpanish | null;
};

/** The pause message when staff typed none, in each language. */
export const DEFAULT_PAUSE_MESSAGE: Record<Locale, string> = {
  en: "Online ordering is paused right now. Please call us or check back soon.",
  es: "Los pedidos en línea están en pausa en este momento. Llámanos o vuelve a intentarlo pronto.",
};

/** A schedule as published (its Spanish optional) in a language; the Spanish fields never leave it. */
export function scheduleInLanguage(
  schedule: Omit<RestaurantSchedule, "specialDates" | "pause"> & {
    specialDates: readonly (SpecialDate & { noteEs?: string })[];
    pause: (OrderingPause & { messageEs?: string }) | null;
  },
  locale: Locale,
): RestaurantSchedule {
  const spanish = locale === "es";
  return {
    weekly: schedule.weekly,
    specialDates: schedule.specialDates.map(({ noteEs, ...special }) => ({ ...special, note: (spanish && noteEs) || special.note })),
    pause: schedule.pause && {
      until: schedule.pause.until,
      message: spanish ? schedule.pause.messageEs || spanishPauseFallback(schedule.pause.message) : schedule.pause.message,
    },
    busyMinutes: schedule.busyMinutes,
    leadMinutes: schedule.leadMinutes,
  };
}

/** Without staff's Spanish: the Spanish default over the English default, else the staff's English as typed. */
function spanishPauseFallback(english: string): string {
  return english === DEFAULT_PAUSE_MESSAGE.en || !english ? DEFAULT_PAUSE_MESSAGE.es : english;
}
