// Running late, said once. Every minute the sweep looks at the paid orders the kitchen has not made ready
// around their promise, and for one that will miss it (not started in time, or not ready at its promise:
// src/domain/readyQuote.ts) records one notice with a new time the kitchen can keep, counting the orders
// waiting before it at the pace the kitchen starts them lately and its usual cooking time. The notice's
// row queues the diner's e-mail in the same transaction (migration kitchen_times), and the order page
// shows the new time. The primary key on the order keeps it to one, whatever sweeps overlap. A diner who chose
// texts (a proven phone on their account) gets it by text instead; a text that cannot go becomes the e-mail.
import { clockAt } from "../../domain/clockFormat";
import { asLocale, orderPagePath } from "../../domain/i18n/locales";
import { translator } from "../../domain/i18n/translate";
import { kitchenMailWords } from "../../domain/i18n/ui/kitchenMail";
import { lateBy } from "../../domain/readyQuote";
import { db } from "../platform/database";
import { siteUrl } from "../platform/siteAddress";
import { sql } from "../platform/sql";
import { sendOrderText, textPhoneForOrder } from "../texts";

const MINUTE = 60_000;
/** The cooking time taken before the kitchen has recorded any (start to ready). */
const STATED_COOK_MINUTES = 12;
/** How far back the kitchen's pace and cooking times are read. */
const PACE_MINUTES = 30;
const COOK_DAYS = 14;

interface Waiting {
  id: string;
  section: string | null;
  promised_at: Date;
  started_at: Date | null;
  noticed: boolean;
}

/** Each section's median cooking time over the last two weeks, in minutes. */
async function cookMinutes(now: Date): Promise<Map<string, number>> {
  const rows = await db.all<{ section: string; minutes: number }>(sql`
    SELECT c.section, percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM o.ready_at - o.started_at) / 60)::float8 AS minutes
    FROM orders o JOIN order_slot_claims c ON c.order_id = o.id
    WHERE o.started_at IS NOT NULL AND o.ready_at > o.started_at AND o.promised_at >= ${new Date(now.getTime() - COOK_DAYS * 86_400_000)}
    GROUP BY c.section`);
  return new Map(rows.map((row) => [row.section, row.minutes]));
}

/** Records the notices due at `now`; answers how many were new. */
export async function sendLateNotices(now: Date): Promise<number> {
  const waiting = await db.all<Waiting>(sql`
    SELECT o.id, (SELECT c.section FROM order_slot_claims c WHERE c.order_id = o.id ORDER BY c.weight DESC LIMIT 1) AS section,
           o.promised_at, o.started_at, EXISTS (SELECT 1 FROM order_late_notices n WHERE n.order_id = o.id) AS noticed
    FROM orders o
    WHERE o.status IN ('confirmed', 'preparing') AND o.ready_at IS NULL
      AND o.promised_at BETWEEN ${new Date(now.getTime() - 180 * MINUTE)} AND ${new Date(now.getTime() + 90 * MINUTE)}
    ORDER BY o.promised_at, o.id`);
  if (!waiting.some((order) => !order.noticed)) {
    await sendWaitingTexts(now);
    return 0;
  }
  const [cooks, started] = await Promise.all([
    cookMinutes(now),
    db.one<{ count: number }>(sql`SELECT count(*)::integer AS count FROM orders WHERE started_at > ${new Date(now.getTime() - PACE_MINUTES * MINUTE)} AND started_at <= ${now}`),
  ]);
  const startsPerMinute = (started?.count ?? 0) / PACE_MINUTES;
  let queued = 0;
  let sent = 0;
  for (const order of waiting) {
    // Every order not started yet waits behind the earlier promises, told already or not.
    const ahead = order.started_at ? 0 : queued++;
    if (order.noticed) continue;
    const newTime = lateBy(
      {
        promisedAt: order.promised_at,
        startedAt: order.started_at,
        readyAt: null,
        cookMinutes: cooks.get(order.section ?? "") ?? STATED_COOK_MINUTES,
        ahead,
        startsPerMinute,
      },
      now,
    );
    if (!newTime) continue;
    const phone = await textPhoneForOrder(order.id);
    const inserted = await db.all(sql`
      INSERT INTO order_late_notices (order_id, new_time, channel, created_at, text_to, text_status)
      VALUES (${order.id}, ${newTime}, ${phone ? "text" : "email"}, ${now}, ${phone}, ${phone ? "waiting" : null})
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
    const outcome = await sendOrderText(notice.text_to, body, now.getTime());
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
