// The time an order is promised for, in words: the checkout's choice, the order page, the console and
// the e-mails. Its own module, so the menu pages' shared schedule code carries none of it.
import { restaurantTime } from "./hours";
import { SCHEDULE_WORDS } from "./i18n/calendar";
import type { Locale } from "./i18n/locales";
import { type Fulfilment } from "./schedule";
import { clockTimeFormat, dayFormat } from "./slotLabels";

/**
 * The promise in Miami's words: "Ready around 12:45 PM" ("Arriving around" for a delivery) for an
 * as-soon-as-possible order due the same day, else the slot's day and time ("Tuesday, Nov 24 at 9:30 AM").
 */
export function promiseLabel(at: Date, asap: boolean, now: Date, fulfilment: Fulfilment = "pickup", locale: Locale = "en"): string {
  const time = clockTimeFormat(locale)(at);
  if (asap && restaurantTime(at).date === restaurantTime(now).date) {
    if (locale === "es") return `${fulfilment === "delivery" ? "Llega" : "Listo"} hacia las ${time}`;
    return `${fulfilment === "delivery" ? "Arriving" : "Ready"} around ${time}`;
  }
  return `${dayFormat(locale).format(at)}${SCHEDULE_WORDS[locale].at}${time}`;
}

/**
 * The promise as a sentence of its own, for the order page, the console and the e-mails: "Ready for
 * pickup around 12:45 PM" ("Arriving around" for a delivery) for an as-soon-as-possible order, else
 * with the slot's day ("Ready for pickup on Tuesday, Nov 24 at 9:30 AM"): the page may be read days later.
 */
/** The promise once the kitchen said it runs late: its new time, said as such ("Running late: ready for pickup around 7:45 PM"). */
export function lateSentence(newTime: Date, fulfilment: Fulfilment, locale: Locale = "en"): string {
  const time = clockTimeFormat(locale)(newTime);
  if (locale === "es") return `Con retraso: ${fulfilment === "delivery" ? "llega" : "listo para recoger"} hacia las ${time}`;
  return `Running late: ${fulfilment === "delivery" ? "arriving" : "ready for pickup"} around ${time}`;
}

export function promiseSentence(at: Date, asap: boolean, orderedAt: Date, fulfilment: Fulfilment, locale: Locale = "en"): string {
  const time = clockTimeFormat(locale)(at);
  const sameDay = asap && restaurantTime(at).date === restaurantTime(orderedAt).date;
  if (locale === "es") {
    const lead = fulfilment === "delivery" ? "Llega" : "Listo para recoger";
    return sameDay ? `${lead} hacia las ${time}` : `${lead} el ${dayFormat(locale).format(at)} a las ${time}`;
  }
  const lead = fulfilment === "delivery" ? "Arriving" : "Ready for pickup";
  if (sameDay) return `${lead} around ${time}`;
  return `${lead} on ${dayFormat(locale).format(at)} at ${time}`;
}
