// New charges started at a pace Square can take. Square answers 429 past a rate it does not publish, and
// a burst of 50 customers the kitchen can all serve would otherwise wait in line for its payments, the
// last ones for many seconds. So once the kitchen has room for an attempt and the client's own limits
// allow it, it also takes one place in a shared allowance (a token bucket row, SQUARE_CHECKOUTS_PER_SECOND):
// when there is none, it is refused at once, before anything is stored or charged, with "not charged, try
// again in a minute". Copies of one attempt (its idempotency key) share the place the first one took, and
// an attempt refused after taking it (the slot filled meanwhile, say) gives it back: refusals cost nothing.
import { randomUUID } from "node:crypto";
import { serverConfig } from "../config";
import { db } from "../platform/database";
import { ProviderBusy, said } from "../platform/errors";
import { sql } from "../platform/sql";

/** Seconds of the allowance that may be saved up: a quiet moment lets a short burst through at once, never more than a second's worth. */
const BURST_SECONDS = 1;
/** How long copies of an attempt share the place its first request took (a double click, a client's quick retry). */
const SHARE_SECONDS = 15;
/** Shares older than this are removed when a new place is taken. */
const SHARE_KEPT_SECONDS = 3600;

/** The place an attempt holds: `holder` is set when this request took it (so only it may give it back). */
export interface PaceShare {
  key: string;
  holder: string | null;
}

const burstOf = (perSecond: number) => Math.max(1, perSecond * BURST_SECONDS);

/**
 * Takes one new charge's place in the allowance for the attempt `key`, or throws ProviderBusy when there is
 * none. A copy of an attempt that took a place within SHARE_SECONDS takes none. A short transaction of its
 * own (two statements, never an order's): the attempt's key is locked so its copies queue for the first
 * one's verdict, and the refill since the last place taken is computed from the time, so a refusal
 * changes nothing.
 */
export async function admitToSquare(key: string, perSecond = serverConfig().SQUARE_CHECKOUTS_PER_SECOND): Promise<PaceShare> {
  const burst = burstOf(perSecond);
  const holder = randomUUID();
  const answer = await db.transaction(async (tx) => {
    // The lock first: the statement below then reads a copy's share committed while it waited.
    await tx.run(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`square-pace:${key}`}, 0))`);
    // The refill is a function of the time since the last place was taken, capped at the burst; a share
    // is noted only with a place taken, and old shares are pruned then.
    return tx.one<{ shared: boolean; taken: boolean }>(sql`
      WITH shared AS (
        SELECT 1 FROM square_pace_shares WHERE idempotency_key = ${key} AND taken_at > clock_timestamp() - make_interval(secs => ${SHARE_SECONDS})),
      taken AS (
        UPDATE square_checkout_pace p
        SET tokens = least(${burst}::float8, p.tokens + greatest(0, extract(epoch FROM clock_timestamp() - p.refreshed_at)) * ${perSecond}::float8) - 1,
            refreshed_at = greatest(p.refreshed_at, clock_timestamp())
        WHERE NOT EXISTS (SELECT 1 FROM shared)
          AND least(${burst}::float8, p.tokens + greatest(0, extract(epoch FROM clock_timestamp() - p.refreshed_at)) * ${perSecond}::float8) >= 1
        RETURNING 1),
      noted AS (
        INSERT INTO square_pace_shares (idempotency_key, holder, taken_at) SELECT ${key}, ${holder}, clock_timestamp() FROM taken
        ON CONFLICT (idempotency_key) DO UPDATE SET holder = excluded.holder, taken_at = excluded.taken_at
        RETURNING 1),
      pruned AS (
        DELETE FROM square_pace_shares
        WHERE taken_at < clock_timestamp() - make_interval(secs => ${SHARE_KEPT_SECONDS}) AND idempotency_key <> ${key} AND EXISTS (SELECT 1 FROM taken)
        RETURNING 1)
      SELECT EXISTS (SELECT 1 FROM shared) AS shared, EXISTS (SELECT 1 FROM noted) AS taken`);
  });
  if (answer?.shared) return { key, holder: null };
  if (answer?.taken) return { key, holder };
  throw new ProviderBusy(said("payments_busy"), Math.max(5, 1 / perSecond));
}

/**
 * Gives back the place an attempt took when it was then refused before Square was called: the allowance
 * gets it again (never past its burst) and the attempt's copies no longer share it. A copy's share (no
 * holder) has nothing to give back. Never throws: a place not given back is only a moment of pace lost.
 */
export async function giveBackToSquare(share: PaceShare | null, perSecond = serverConfig().SQUARE_CHECKOUTS_PER_SECOND): Promise<void> {
  if (!share?.holder) return;
  await db
    .run(sql`
      WITH released AS (DELETE FROM square_pace_shares WHERE idempotency_key = ${share.key} AND holder = ${share.holder} RETURNING 1)
      UPDATE square_checkout_pace SET tokens = least(${burstOf(perSecond)}::float8, tokens + 1) WHERE EXISTS (SELECT 1 FROM released)`)
    .catch(() => undefined);
}
