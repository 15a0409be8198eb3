// New charges started at a pace Square can take. Square answers 429 past a rate it does not publish, and
// a burst of 50 customers the kitchen can all serve would otherwise wait in line for its payments, the
// last ones for many seconds. So once the kitchen has room for an attempt, it also takes one place in a
// shared allowance (a token bucket row, SQUARE_CHECKOUTS_PER_SECOND): when there is none, it is refused at
// once, before anything is stored or charged, with "not charged, try again in a minute".
import { serverConfig } from "../config";
import { db, type Queries } from "../platform/database";
import { ProviderBusy, said } from "../platform/errors";
import { sql } from "../platform/sql";

/** Seconds of the allowance that may be saved up: a quiet moment lets a short burst through at once, never more than a second's worth. */
const BURST_SECONDS = 1;

/**
 * Takes one new charge's place in the allowance, or throws ProviderBusy when there is none. One statement
 * on its own (the allowance's row is locked for that statement only, never for an order's transaction):
 * the refill since the last place taken is computed from the time, so a refusal changes nothing.
 */
export async function admitToSquare(on: Queries = db, perSecond = serverConfig().SQUARE_CHECKOUTS_PER_SECOND): Promise<void> {
  const burst = Math.max(1, perSecond * BURST_SECONDS);
  // The refill is a function of the time since the last place was taken, capped at the burst.
  const taken = await on.one<{ tokens: number }>(sql`
    UPDATE square_checkout_pace p
    SET tokens = least(${burst}::float8, p.tokens + greatest(0, extract(epoch FROM clock_timestamp() - p.refreshed_at)) * ${perSecond}::float8) - 1,
        refreshed_at = greatest(p.refreshed_at, clock_timestamp())
    WHERE least(${burst}::float8, p.tokens + greatest(0, extract(epoch FROM clock_timestamp() - p.refreshed_at)) * ${perSecond}::float8) >= 1
    RETURNING tokens`);
  if (taken) return;
  throw new ProviderBusy(said("payments_busy"), Math.max(5, 1 / perSecond));
}
