// The kitchen's own figure: the share of orders ready by their promise plus 5 minutes, today for the board
// and per day and section for the console, read from the times the orders' status moves stamp; and what
// quotes add now, with the sentence that says why.
import { RESTAURANT_TIME_ZONE, restaurantTime } from "../../domain/hours";
import { ON_TIME_GRACE_MINUTES, quoteSentence, type LearnedLateness } from "../../domain/readyQuote";
import { KITCHEN_SECTIONS, miamiInstant, nextDate } from "../../domain/schedule";
import { db } from "../platform/database";
import { sql } from "../platform/sql";
import { learnedLatenessFor } from "../schedule";

export interface OnTimeDay {
  date: string;
  section: string;
  /** Orders ready that day (by their promise's day). */
  ready: number;
  /** Of those, ready by their promise plus the grace minutes. */
  onTime: number;
  /** onTime / ready, or null on a day with none. */
  share: number | null;
}

/** Each day and kitchen section from `from` up to `to` (Miami dates, inclusive), with orders ready that day. */
export async function readyOnTime(from: string, to: string): Promise<OnTimeDay[]> {
  const rows = await db.all<{ date: string; section: string; ready: number; on_time: number }>(sql`
    SELECT to_char(o.promised_at AT TIME ZONE ${RESTAURANT_TIME_ZONE}, 'YYYY-MM-DD') AS date, c.section,
           count(*)::integer AS ready,
           count(*) FILTER (WHERE o.ready_at <= o.promised_at + make_interval(mins => ${ON_TIME_GRACE_MINUTES}::integer))::integer AS on_time
    FROM orders o JOIN order_slot_claims c ON c.order_id = o.id
    WHERE o.promised_at >= ${miamiInstant(from, 0)} AND o.promised_at < ${miamiInstant(nextDate(to), 0)} AND o.ready_at IS NOT NULL
    GROUP BY 1, 2 ORDER BY 1, 2`);
  return rows.map((row) => ({ date: row.date, section: row.section, ready: row.ready, onTime: row.on_time, share: row.ready ? row.on_time / row.ready : null }));
}

export interface KitchenFigures {
  /** Today's orders ready by their promise plus 5 minutes, all sections together. */
  today: { ready: number; onTime: number; share: number | null };
  /** What an 'as soon as possible' promise adds now in each kitchen section, and why. */
  quotes: (LearnedLateness & { section: string; sentence: string })[];
}

export async function kitchenFigures(now: Date): Promise<KitchenFigures> {
  const today = restaurantTime(now).date;
  const [days, quotes] = await Promise.all([
    readyOnTime(today, today),
    Promise.all(KITCHEN_SECTIONS.map(async (section) => ({ section, learned: await learnedLatenessFor([section], now) }))),
  ]);
  const ready = days.reduce((sum, day) => sum + day.ready, 0);
  const onTime = days.reduce((sum, day) => sum + day.onTime, 0);
  return {
    today: { ready, onTime, share: ready ? onTime / ready : null },
    quotes: quotes.map(({ section, learned }) => ({ section, ...learned, sentence: quoteSentence(learned) })),
  };
}
