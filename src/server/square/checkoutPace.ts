// New charges started at a pace Square can take. Square answers 429 past a rate it does not publish, and
// a burst of 50 customers the kitchen can all serve would otherwise wait in line for its payments, the
// last ones for many seconds. So once an attempt has the kitchen's room, it also takes one place in a
// shared allowance (a token bucket row, SQUARE_CHECKOUTS_PER_SECOND): when there is none, it is refused at
// once, before anything is stored or charged, with "not charged, try again in a minute".
import { serverConfig } from "../config";
import type { Queries } from "../database";
import { ProviderBusy, said } from "../errors";
import { sql } from "../sql";

/** Seconds of the allowance that may be saved up: a quiet minute lets a short burst through at once. */
const BURST_SECONDS = 2;

/**
 * Takes one new charge's place in the allowance, inside `on` (the transaction that stores the attempt, so a
 * refusal stores nothing and a rolled-back attempt gives its place back). Throws ProviderBusy when full.
 */
export async function admitToSquare(on: Queries, perSecond = serverConfig().SQUARE_CHECKOUTS_PER_SECOND): Promise<void> {
  const burst = Math.max(1, perSecond * BURST_SECONDS);
  const row = await on.one<{ tokens: number }>(sql`
    UPDATE square_checkout_pace
    SET tokens = least(${burst}::float8, tokens + greatest(0, extract(epoch FROM clock_timestamp() - refreshed_at)) * ${perSecond}::float8),
        refreshed_at = greatest(refreshed_at, clock_timestamp())
    RETURNING tokens`);
  const tokens = row?.tokens ?? burst;
  if (tokens < 1) throw new ProviderBusy(said("payments_busy"), Math.max(5, (1 - tokens) / perSecond));
  await on.run(sql`UPDATE square_checkout_pace SET tokens = greatest(0, tokens - 1)`);
}

/** An order's promise whose claim, once the kitchen's room is taken, also takes its place in Square's pace. */
export function pacedForSquare<P extends { claim(tx: Queries, orderId: string): Promise<Date> }>(promise: P): P {
  return {
    ...promise,
    async claim(tx: Queries, orderId: string) {
      const at = await promise.claim(tx, orderId);
      await admitToSquare(tx);
      return at;
    },
  };
}
