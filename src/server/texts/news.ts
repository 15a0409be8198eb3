// The order's texts, to the phone its diner ticked the checkout's box for: ready for pickup (or, for a pickup
// brought to the car, "tap I'm here when you park" with the order page's link) when staff tap Ready on the
// board or the POS; the courier picked it up, with the courier's tracking link. Each kind once per order
// (order_texts' key; ready and curbside are one order's one or the other), sent as the stage runs; Twilio busy, the sweep tries again each minute, and after
// three tries, a refusal, a spent budget, or Twilio's word that it failed, the same words go by e-mail once.
import site from "../../../content/site.json";
import { asLocale, orderPagePath, type Locale } from "../../domain/i18n/locales";
import { orderTextMessages, TEXT_LINK_MAX, type OrderTextKind } from "../../domain/i18n/ui/orderTextMessages";
import { translator } from "../../domain/i18n/translate";
import type { OrderStatus } from "../../domain/orderReadModel";
import { getOrder, type StoredOrder } from "../orders";
import { db } from "../platform/database";
import { log } from "../platform/http";
import { siteUrl } from "../platform/siteAddress";
import { sql } from "../platform/sql";
import { isOptedOut, optOut, sendOrderText, UNSUBSCRIBED, type TextAbout } from "./orderTexts";

/** Tries of a text Twilio did not take (busy, no answer), a minute apart, before the e-mail. */
export const TEXT_TRIES = 3;

interface Consent {
  phone: string;
  language: Locale;
  curbside: boolean;
}

async function consentOf(orderId: string): Promise<Consent | null> {
  const row = await db.one<{ phone: string; language: string; curbside: boolean }>(sql`SELECT phone, language, curbside FROM order_text_consents WHERE order_id = ${orderId}`);
  return row ? { phone: row.phone, language: asLocale(row.language), curbside: row.curbside } : null;
}

/** One text's words: the restaurant's name from content/, the order's number, a link that keeps it one segment. */
export function textBody(kind: OrderTextKind, locale: Locale, orderNumber: string, link: string): string {
  return translator(orderTextMessages, locale)(kind, site.name, orderNumber, link);
}

const pageLink = (locale: Locale, orderId: string) => `${siteUrl()}${orderPagePath(locale, orderId)}`;

/** Records the text (once per kind) and sends it now; the sweep settles what does not go. */
async function textOrder(order: StoredOrder, kind: OrderTextKind, consent: Consent, link: string, now = new Date()): Promise<void> {
  const body = textBody(kind, consent.language, order.orderNumber, link);
  const recorded = await db.one(sql`
    INSERT INTO order_texts (order_id, kind, phone, body, status, created_at)
    VALUES (${order.orderId}, ${kind}, ${consent.phone}, ${body}, 'waiting', ${now})
    ON CONFLICT (order_id, kind) DO NOTHING RETURNING order_id`);
  if (recorded) await sendWaiting({ order_id: order.orderId, kind, phone: consent.phone, body, attempts: 0 }, now);
}

interface WaitingText {
  order_id: string;
  kind: string;
  phone: string;
  body: string;
  attempts: number;
}

async function sendWaiting(text: WaitingText, now: Date): Promise<void> {
  const about = { orderId: text.order_id, kind: text.kind as TextAbout["kind"] };
  const outcome = await sendOrderText(text.phone, text.body, now.getTime(), about);
  if (outcome.sent) return;
  // The diner said STOP: no e-mail either, since the order's own e-mails already go. Otherwise a refusal for
  // good or the last try turns the text into the e-mail, and a busy Twilio leaves it to the next sweep.
  const stopped = outcome.code === UNSUBSCRIBED || (await isOptedOut(text.phone));
  const next = stopped ? "stopped" : outcome.final || text.attempts + 1 >= TEXT_TRIES ? "email" : "waiting";
  await db.run(sql`
    UPDATE order_texts SET status = ${next}, attempts = attempts + ${stopped ? 0 : 1}::int,
      error_code = ${next === "waiting" ? null : outcome.code}::int
    WHERE order_id = ${text.order_id} AND kind = ${text.kind} AND status = 'waiting'`);
}

/** The statusChanged stage: a pickup made ready is texted (curbside: with the way to say "I'm here"). */
export async function textStatus(order: StoredOrder, status: OrderStatus): Promise<void> {
  if (status !== "ready" || order.orderType !== "pickup") return;
  const consent = await consentOf(order.orderId);
  if (consent) await textOrder(order, consent.curbside ? "curbside" : "ready", consent, pageLink(consent.language, order.orderId));
}

/** The courierPickedUp stage: the courier's tracking link (the order page's, which shows it, when it is too long for one text). */
export async function textCourierPickup(pickup: { orderId: string; trackingUrl: string | null }): Promise<void> {
  const consent = await consentOf(pickup.orderId);
  const order = consent && (await getOrder(pickup.orderId));
  if (!consent || !order) return;
  const link = pickup.trackingUrl && pickup.trackingUrl.length <= TEXT_LINK_MAX ? pickup.trackingUrl : pageLink(consent.language, order.orderId);
  await textOrder(order, "picked_up", consent, link);
}

/** Every minute: the texts Twilio did not take yet, tried again (then by e-mail). */
export async function sendWaitingTexts(now: Date): Promise<number> {
  const due = await db.all<WaitingText>(sql`
    SELECT order_id, kind, phone, body, attempts FROM order_texts WHERE status = 'waiting' AND kind <> 'late' ORDER BY created_at LIMIT 50`);
  for (const text of due) await sendWaiting(text, now);
  return due.length;
}

/** Twilio's statuses a text may end in (https://www.twilio.com/docs/messaging/api/message-resource#message-status-values). */
const FAILED = new Set(["failed", "undelivered"]);

/**
 * Twilio's later word on a text (its StatusCallback): failed or undelivered turns it into the e-mail of the
 * same words, once (the row's status moves once; the outbox's key is the order's and kind's). 21610: the
 * number replied STOP, so it is kept from every later text.
 */
export async function noteTextStatus(sid: string, status: string, errorCode: number | null, now = new Date()): Promise<"email" | "noted" | "unknown"> {
  const text = await db.one<{ phone: string }>(sql`SELECT phone FROM order_texts WHERE sid = ${sid}`);
  if (!text) return "unknown";
  if (errorCode === UNSUBSCRIBED) {
    await optOut(text.phone, now);
    await db.run(sql`UPDATE order_texts SET status = 'stopped', error_code = ${errorCode} WHERE sid = ${sid} AND status = 'accepted'`);
    return "noted";
  }
  if (FAILED.has(status)) {
    const moved = await db.one(sql`UPDATE order_texts SET status = 'email', error_code = ${errorCode} WHERE sid = ${sid} AND status IN ('accepted', 'delivered') RETURNING sid`);
    if (moved) log("info", "a text did not reach the diner: it goes by e-mail", { errorCode });
    return moved ? "email" : "noted";
  }
  if (status === "delivered") await db.run(sql`UPDATE order_texts SET status = 'delivered' WHERE sid = ${sid} AND status = 'accepted'`);
  return "noted";
}
