// Where an order stands, as the confirmation page says it: the status badge and sentence, the promised
// time in the page's language, the banner's title, and how soon to ask the server again.
import { FINISHED_STATUSES, statusSentence, type OrderView } from "../../domain/orderReadModel";
import type { Locale } from "../../domain/i18n/locales";
import { translator, type Translate } from "../../domain/i18n/translate";
import { FINISHED_LABEL, ON_ITS_WAY_LABEL, STATUS_LABELS, orderWords, spanishStatusSentence } from "../../domain/i18n/ui/order";
import { promiseSentence } from "../../domain/promiseText";

/**
 * While the kitchen works on the order the page asks again soon after each answer, a little later each
 * time nothing changed (3 s, 4.5 s, ... up to 20 s), and at once again at 3 s after a change: a status
 * shows within seconds of staff setting it, and a page left open all afternoon costs few requests.
 */
export const LIVE_REFRESH_MS = { first: 3_000, factor: 1.5, max: 20_000 } as const;
/** The longest wait between two reads while a courier is on its way (a request's time fits beside it in 10 s). */
export const COURIER_REFRESH_MAX_MS = 8_000;
/** A finished order is still asked for now and then: staff may refund it (a cancelled order usually is). */
const FINISHED_REFRESH_MS = 60_000;

/**
 * How long to wait before asking for the order again, given the last wait (null at first) and whether
 * the last answer changed anything: null once the order is finished and refunded in full.
 */
export function nextRefreshDelay(order: Pick<OrderView, "status" | "paymentStatus" | "courier">, lastDelay: number | null, changed: boolean): number | null {
  // A courier on its way is followed closely: its news shows within 10 s of DoorDash's notification.
  const following = order.courier && !["delivered", "cancelled"].includes(order.courier.step);
  if (FINISHED_STATUSES.has(order.status) && !following) return order.paymentStatus === "refunded" ? null : FINISHED_REFRESH_MS;
  if (lastDelay === null || changed) return LIVE_REFRESH_MS.first;
  return Math.min(following ? COURIER_REFRESH_MAX_MS : LIVE_REFRESH_MS.max, Math.round(lastDelay * LIVE_REFRESH_MS.factor));
}

/** What on the page can change while it is open: the status and the money coming back. */
export function liveState(order: OrderView): string {
  return JSON.stringify([
    order.status,
    order.paymentStatus ?? null,
    order.refunded ?? 0,
    order.refunds?.map((refund) => refund.status) ?? [],
    order.courier ? [order.courier.step, order.courier.trackingUrl, order.courier.driverName] : null,
  ]);
}

export type Words = Translate<typeof orderWords>;

/** The page's headline: it follows the order, so "ready for pickup" is the first thing a diner reads once it is. */
export function bannerTitle(order: Pick<OrderView, "status" | "orderType">, t: Words): string {
  if (order.status === "pending") return t("banner.pending");
  if (order.status === "cancelled") return t("banner.cancelled");
  if (order.status === "ready") return order.orderType === "delivery" ? t("banner.readyDelivery") : t("banner.readyPickup");
  if (order.status === "completed") return order.orderType === "delivery" ? t("banner.delivered") : t("banner.pickedUp");
  return t("banner.confirmed");
}

/** The headline already says where the order stands (ready, picked up, cancelled): the sentence is then for screen readers only. */
export function headlineSaysStatus(order: Pick<OrderView, "status">): boolean {
  return ["ready", "completed", "cancelled"].includes(order.status);
}

/** The status badge: "Confirmed", "Preparing"...; in Spanish a ready delivery is "En camino". */
export function statusLabel(order: Pick<OrderView, "status" | "orderType">, locale: Locale = "en"): string {
  if (order.status === "ready" && order.orderType === "delivery") return ON_ITS_WAY_LABEL[locale];
  if (order.status === "completed") return FINISHED_LABEL[order.orderType === "delivery" ? "delivery" : "pickup"][locale];
  return STATUS_LABELS[locale][order.status] ?? order.status;
}

/** Where the order stands, in a sentence of the page's language (announced when it changes). */
export function statusSentenceIn(order: Pick<OrderView, "status" | "orderType">, locale: Locale = "en"): string {
  return locale === "es" ? spanishStatusSentence(order.status, order.orderType) : statusSentence(order.status, order.orderType);
}

/**
 * The promise in the page's language: the server's English sentence, or the same promised time in
 * Spanish ("Listo para recoger hacia las 12:15 p. m."). The view does not say whether the order was for
 * 'as soon as possible': a time on the day the order was placed reads as "hacia las", another day's
 * with its date, as the English does for 'as soon as possible' orders.
 */
export function promiseIn(order: Pick<OrderView, "estimatedReadyTime" | "promisedAt" | "createdAt" | "orderType">, locale: Locale = "en"): string {
  if (locale === "en") return order.estimatedReadyTime;
  const t = translator(orderWords, locale);
  if (!order.promisedAt) return order.orderType === "delivery" ? t("promise.delivery") : t("promise.pickup");
  return promiseSentence(new Date(order.promisedAt), true, new Date(order.createdAt), order.orderType, locale);
}

