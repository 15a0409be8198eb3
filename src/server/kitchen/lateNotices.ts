// Running late, said once. Every minute the sweep looks at the paid orders the kitchen has not made ready
// around their promise, and for one that will miss it (not started in time, or not ready at its promise,
// each with the kitchen figure's 5 minutes of grace: src/domain/readyQuote.ts) records one notice with the
// time the kitchen expects it at its present pace (the orders waiting before it, the pace it starts orders
// at, its usual cooking time: src/server/schedule/lateness.ts). The notice's
// row queues the diner's e-mail in the same transaction (migration kitchen_times), and the order page
// shows the new time. The primary key on the order keeps it to one, whatever sweeps overlap. A diner who chose
// texts (a proven phone on their account, or the checkout's box ticked for the order) gets it by text instead; a text that cannot go becomes the e-mail.
import { clockAt } from "../../domain/clockFormat";
import { asLocale, orderPagePath } from "../../domain/i18n/locales";
import { translator } from "../../domain/i18n/translate";
import { kitchenMailWords } from "../../domain/i18n/ui/kitchenMail";
import { lateBy } from "../../domain/readyQuote";
import { kitchenEntries, type KitchenEntry } from "../schedule";
import { db } from "../platform/database";
import { siteUrl } from "../platform/siteAddress";
import { sql } from "../platform/sql";
import { sendOrderText, textPhoneForOrder } from "../texts";

const MINUTE = 60_000;
/** Orders promised this long ago and still not ready are no longer the sweep's (staff deal with them). */
const LOOK_BACK_MINUTES = 180;
const LOOK_AHEAD_MINUTES = 90;

/** Records the notices due at `now`, then sends those waiting to go by text; answers how many were new. */
export async function sendLateNotices(now: Date): Promise<number> {
  const open = (await kitchenEntries(now)).filter(
    (entry) => !entry.readyAt && entry.expectedReadyAt && Math.abs(entry.promisedAt.getTime() - now.getTime()) <= (entry.promisedAt <= now ? LOOK_BACK_MINUTES : LOOK_AHEAD_MINUTES) * MINUTE,
  );
  // An order in two sections is as late as its slower one.
  const byOrder = new Map<string, KitchenEntry>();
  for (const entry of open) {
    const known = byOrder.get(entry.orderId);
    if (!known || entry.expectedReadyAt! > known.expectedReadyAt!) byOrder.set(entry.orderId, entry);
  }
  const noticed = new Set(
    byOrder.size
      ? (await db.all<{ order_id: string }>(sql`SELECT order_id FROM order_late_notices WHERE order_id = ANY(${[...byOrder.keys()]}::text[])`)).map((row) => row.order_id)
      : [],
  );
  let sent = 0;
  for (const entry of byOrder.values()) {
    if (noticed.has(entry.orderId)) continue;
    const newTime = lateBy({ promisedAt: entry.promisedAt, startedAt: entry.startedAt, readyAt: null, expectedReadyAt: entry.expectedReadyAt!, cookMinutes: entry.cookMinutes }, now);
    if (!newTime) continue;
    const phone = await textPhoneForOrder(entry.orderId);
    // A cancelled order (its room given back) is no longer in the kitchen's queue; the status check is its last word.
    const inserted = await db.all(sql`
      INSERT INTO order_late_notices (order_id, new_time, channel, created_at, text_to, text_status)
      SELECT ${entry.orderId}, ${newTime}, ${phone ? "text" : "email"}, ${now}, ${phone}, ${phone ? "waiting" : null}
      WHERE EXISTS (SELECT 1 FROM orders WHERE id = ${entry.orderId} AND status IN ('confirmed', 'preparing'))
      ON CONFLICT (order_id) DO NOTHING RETURNING order_id`);
    sent += inserted.length;
  }
  await sendWaitingTexts(now);
  return sent;
}

/** Tries a text this many sweeps (minutes) before the news goes by e-mail. */
const TEXT_TRIES = 3;

/** Sends the notices waiting to go by text; one that cannot go (refused, past a budget, out of tries) becomes the e-mail. */
export async function sendWaitingTexts(now: Date): Promise<void> {
  const due = await db.all<{ order_id: string; new_time: Date; text_to: string; text_attempts: number; order_number: string; locale: string | null }>(sql`
    SELECT n.order_id, n.new_time, n.text_to, n.text_attempts, o.order_number, o.locale
    FROM order_late_notices n JOIN orders o ON o.id = n.order_id
    WHERE n.text_status = 'waiting' ORDER BY n.created_at LIMIT 50`);
  for (const notice of due) {
    const locale = asLocale(notice.locale);
    const url = `${siteUrl()}${orderPagePath(locale, notice.order_id)}`;
    const body = translator(kitchenMailWords, locale)("late.text", notice.order_number, clockAt(notice.new_time, locale), url);
    const outcome = await sendOrderText(notice.text_to, body, now.getTime(), { orderId: notice.order_id, kind: "late" });
    if (outcome.sent) {
      await db.run(sql`UPDATE order_late_notices SET text_status = 'sent', text_sid = ${outcome.sid}, text_attempts = text_attempts + 1 WHERE order_id = ${notice.order_id}`);
    } else if (outcome.final || notice.text_attempts + 1 >= TEXT_TRIES) {
      // By e-mail instead (the channel's change queues it).
      await db.run(sql`UPDATE order_late_notices SET channel = 'email', text_status = NULL, text_attempts = text_attempts + 1 WHERE order_id = ${notice.order_id}`);
    } else {
      await db.run(sql`UPDATE order_late_notices SET text_attempts = text_attempts + 1 WHERE order_id = ${notice.order_id}`);
    }
  }
}
