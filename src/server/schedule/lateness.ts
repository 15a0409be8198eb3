// What an 'as soon as possible' promise adds for how late the kitchen runs, from the orders' own recorded
// times (started, ready: stamped as their status moves) and the kitchen load each put on its section (the
// room it claimed). The reading is kept 20 seconds per function instance: in a rush every attempt would
// otherwise read four weeks of orders, and a kitchen falling behind still moves new promises within a minute.
import { HISTORY_DAYS, learnedForOrder, type KitchenSample, type LearnedLateness } from "../../domain/readyQuote";
import { db } from "../platform/database";
import { sql } from "../platform/sql";

const KEPT_MS = 20_000;
const DAY = 86_400_000;

let kept: { minute: number; until: number; samples: Promise<KitchenSample[]> } | undefined;

/** The orders promised in the recent weeks up to now, one sample per kitchen section each took room in. */
async function readSamples(now: Date): Promise<KitchenSample[]> {
  const rows = await db.all<{ section: string; promised_at: Date; ready_at: Date | null; weight: number }>(sql`
    SELECT c.section, o.promised_at, o.ready_at, c.weight
    FROM orders o JOIN order_slot_claims c ON c.order_id = o.id
    WHERE o.promised_at >= ${new Date(now.getTime() - HISTORY_DAYS * DAY)} AND o.promised_at <= ${now}
      AND o.status IN ('confirmed', 'preparing', 'ready', 'completed')`);
  return rows.map((row) => ({ section: row.section, promisedAt: row.promised_at, readyAt: row.ready_at, load: row.weight }));
}

/** The kitchen's recorded samples at `now` (kept briefly: see above). */
export function kitchenSamples(now: Date): Promise<KitchenSample[]> {
  const minute = Math.floor(now.getTime() / 60_000);
  if (!kept || kept.minute !== minute || kept.until < Date.now()) {
    const samples = readSamples(now);
    kept = { minute, until: Date.now() + KEPT_MS, samples };
    // A failed read is not kept: the next attempt reads again.
    samples.catch(() => {
      if (kept?.samples === samples) kept = undefined;
    });
  }
  return kept.samples;
}

/** What a promise made now for these sections adds (Beverages take no kitchen time). */
export async function learnedLatenessFor(sections: readonly string[], now: Date): Promise<LearnedLateness> {
  const kitchen = sections.filter((section) => section !== "beverages");
  if (!kitchen.length) return { minutes: 0, source: "none", orders: 0 };
  return learnedForOrder(await kitchenSamples(now), kitchen, now);
}
