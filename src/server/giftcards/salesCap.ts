// A gift card sale is money out: a card number mailed to any address, spendable at once. Past the
// per-network limits, the whole site sells at most so many an hour (the owner sets how many in the
// console; each change is in the activity log), so a run of stolen cards from many networks cannot
// turn into an unlimited number of spendable cards before anyone notices.
import { recordActivity, type ActivityActor } from "../audit";
import { db, type Queries } from "../platform/database";
import { said, TooManyAttempts } from "../platform/errors";
import { log } from "../platform/http";
import { sql } from "../platform/sql";

const KEY = "gift_card_hourly_cap";
/** Sales an hour when the owner has not said: a busy December afternoon, not a script. */
export const DEFAULT_HOURLY_CAP = 20;
/** The highest the owner can set (a number, not "unlimited": the cap is there for the night no one watches). */
export const MAX_HOURLY_CAP = 500;

export interface HourlyCap {
  /** Sales allowed in any hour. */
  limit: number;
  /** Sales in the last hour that count (every one not refused). */
  soldLastHour: number;
}

async function limitOf(on: Queries): Promise<number> {
  const row = await on.one<{ value: unknown }>(sql`SELECT value FROM settings WHERE key = ${KEY}`);
  return typeof row?.value === "number" && Number.isInteger(row.value) && row.value >= 0 ? row.value : DEFAULT_HOURLY_CAP;
}

async function soldLastHour(on: Queries): Promise<{ count: number; oldest: Date | null }> {
  const row = await on.one<{ count: number; oldest: Date | null }>(sql`
    SELECT count(*)::int AS count, min(created_at) AS oldest FROM gift_card_sales
    WHERE created_at > now() - interval '1 hour' AND status <> 'failed'`);
  return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
}

export async function hourlyCap(): Promise<HourlyCap> {
  const [limit, sold] = await Promise.all([limitOf(db), soldLastHour(db)]);
  return { limit, soldLastHour: sold.count };
}

/**
 * Refuses a new sale past the hour's cap (429, with Retry-After: when the oldest sale of the hour leaves
 * it). Run inside the transaction that stores the sale, after a lock every new sale takes, so sales at
 * the same moment cannot pass the cap together.
 */
export async function assertUnderHourlyCap(tx: Queries): Promise<void> {
  await tx.run(sql`SELECT pg_advisory_xact_lock(hashtextextended(${KEY}, 0))`);
  const [limit, sold] = await Promise.all([limitOf(tx), soldLastHour(tx)]);
  if (sold.count < limit) return;
  const retryAfter = sold.oldest ? Math.max(60, Math.ceil((sold.oldest.getTime() + 3_600_000 - Date.now()) / 1000)) : 3600;
  log("warn", "gift card sale refused: the site's hourly cap is reached", { limit, sold: sold.count });
  throw new TooManyAttempts(said("gift_card_sold_out_hour"), retryAfter);
}

/** The owner sets the cap (0 stops online sales); logged in the activity log with what it was. */
export async function setHourlyCap(limit: number, actor: ActivityActor): Promise<HourlyCap> {
  await db.transaction(async (tx) => {
    const before = await limitOf(tx);
    await tx.run(sql`
      INSERT INTO settings (key, value) VALUES (${KEY}, ${JSON.stringify(limit)}::jsonb)
      ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`);
    await recordActivity(actor, { action: "settings.gift-card-cap", target: "gift card sales an hour", before: { limit: before }, after: { limit } }, tx);
  });
  return hourlyCap();
}
