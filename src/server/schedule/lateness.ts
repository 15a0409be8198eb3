// How late the kitchen runs, from the orders' own recorded times (started, ready: stamped as their status
// moves) and the kitchen load each put on its section (the room it claimed): what an 'as soon as possible'
// promise adds, and when each order not ready yet is expected at the kitchen's present pace (the queue before
// it, the pace it starts orders at, its usual cooking time). The reading is kept 20 seconds per function
// instance: in a rush every attempt would otherwise read four weeks of orders, and a kitchen falling behind
// still moves new promises within a minute.
import { HISTORY_DAYS, learnedForOrder, projectReadyTimes, type KitchenSample, type LearnedLateness } from "../../domain/readyQuote";
import { db } from "../platform/database";
import { sql } from "../platform/sql";
import { forgetWithInstance } from "../platform/instanceMemory";

const KEPT_MS = 20_000;
const MINUTE = 60_000;
const DAY = 86_400_000;
/** The cooking time taken before the kitchen has recorded any (start to ready). */
const STATED_COOK_MINUTES = 12;
/** How far back the kitchen's pace (orders started a minute) and its cooking times are read. */
const PACE_MINUTES = 30;
const COOK_DAYS = 14;
/** Orders promised this far ahead are in the queue the projection reads. */
const QUEUE_AHEAD_MINUTES = 180;

/** One order in one section, as the kitchen has it now. */
export interface KitchenEntry {
  orderId: string;
  section: string;
  promisedAt: Date;
  startedAt: Date | null;
  readyAt: Date | null;
  load: number;
  /** Not ready yet: when it is expected at the section's present pace. */
  expectedReadyAt: Date | null;
  /** The section's usual minutes from start to ready. */
  cookMinutes: number;
}

let kept: { minute: number; until: number; entries: Promise<KitchenEntry[]> } | undefined;
forgetWithInstance(() => {
  kept = undefined;
});

async function readEntries(now: Date): Promise<KitchenEntry[]> {
  const [rows, cooks] = await Promise.all([
    db.all<{ order_id: string; section: string; promised_at: Date; started_at: Date | null; ready_at: Date | null; weight: number }>(sql`
      SELECT o.id AS order_id, c.section, o.promised_at, o.started_at, o.ready_at, c.weight
      FROM orders o JOIN order_slot_claims c ON c.order_id = o.id
      WHERE o.promised_at >= ${new Date(now.getTime() - HISTORY_DAYS * DAY)} AND o.promised_at <= ${new Date(now.getTime() + QUEUE_AHEAD_MINUTES * MINUTE)}
        AND o.status IN ('confirmed', 'preparing', 'ready', 'completed')`),
    db.all<{ section: string; minutes: number }>(sql`
      SELECT c.section, percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM o.ready_at - o.started_at) / 60)::float8 AS minutes
      FROM orders o JOIN order_slot_claims c ON c.order_id = o.id
      WHERE o.started_at IS NOT NULL AND o.ready_at > o.started_at AND o.promised_at >= ${new Date(now.getTime() - COOK_DAYS * DAY)}
      GROUP BY c.section`),
  ]);
  const entries: KitchenEntry[] = [];
  for (const section of new Set(rows.map((row) => row.section))) {
    const queue = rows
      .filter((row) => row.section === section)
      .map((row) => ({ orderId: row.order_id, section, promisedAt: row.promised_at, startedAt: row.started_at, readyAt: row.ready_at, load: row.weight }));
    const cookMinutes = cooks.find((cook) => cook.section === section)?.minutes ?? STATED_COOK_MINUTES;
    const started = queue.filter((entry) => entry.startedAt && entry.startedAt.getTime() > now.getTime() - PACE_MINUTES * MINUTE && entry.startedAt <= now);
    const expected = projectReadyTimes(queue, { startsPerMinute: started.length / PACE_MINUTES, cookMinutes }, now);
    for (const entry of queue) entries.push({ ...entry, cookMinutes, expectedReadyAt: expected.get(entry) ?? null });
  }
  return entries;
}

/** Every order of the recent weeks and of the queue, per section (kept briefly: see above). */
export function kitchenEntries(now: Date): Promise<KitchenEntry[]> {
  const minute = Math.floor(now.getTime() / MINUTE);
  if (!kept || kept.minute !== minute || kept.until < Date.now()) {
    const entries = readEntries(now);
    kept = { minute, until: Date.now() + KEPT_MS, entries };
    // A failed read is not kept: the next attempt reads again.
    entries.catch(() => {
      if (kept?.entries === entries) kept = undefined;
    });
  }
  return kept.entries;
}

/** The samples the learning reads: orders promised up to now, and those promised later that the queue already expects late. */
export async function kitchenSamples(now: Date): Promise<KitchenSample[]> {
  return (await kitchenEntries(now)).map(({ section, promisedAt, readyAt, load, expectedReadyAt }) => ({ section, promisedAt, readyAt, load, expectedReadyAt }));
}

/** What a promise made now for these sections adds (Beverages take no kitchen time). */
export async function learnedLatenessFor(sections: readonly string[], now: Date): Promise<LearnedLateness> {
  const kitchen = sections.filter((section) => section !== "beverages");
  if (!kitchen.length) return { minutes: 0, source: "none", orders: 0 };
  return learnedForOrder(await kitchenSamples(now), kitchen, now);
}
