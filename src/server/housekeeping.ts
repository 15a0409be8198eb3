// Removes the records that only matter for a while, so the database does not grow without bound:
// counters whose window has ended, sessions whose time is up, the local test gateway's payments,
// contact messages handled a year ago, and Square notifications long past Square's retries. Run by the scheduled reconciliation
// (netlify/functions/orders-reconcile.mts).
import { db } from "./database";
import { log } from "./http";
import { sql } from "./sql";

/** Longer than every rate limit's and sign-in window (the longest is 30 minutes). */
export const COUNTER_LIFETIME_MS = 60 * 60 * 1000;
/** Messages staff marked handled are kept a year, then removed; unhandled ones are never removed. */
export const HANDLED_MESSAGE_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;
/** Square retries a notification for up to 3 days; its event id is kept well beyond, then forgotten. */
export const SQUARE_EVENT_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** A scheduled function has 30 s: one run removes at most this many rows of each kind, the next goes on. */
const MAX_REMOVALS_PER_RUN = 5000;

export interface Housekeeping {
  counters: number;
  sessions: number;
  handledMessages: number;
  squareEvents: number;
}

export async function removeExpiredRecords(now = Date.now()): Promise<Housekeeping> {
  const result: Housekeeping = {
    counters: await db.run(sql`
      DELETE FROM counters WHERE ctid IN (
        SELECT ctid FROM counters WHERE window_start < ${new Date(now - COUNTER_LIFETIME_MS)} LIMIT ${MAX_REMOVALS_PER_RUN})`),
    sessions: await db.run(sql`DELETE FROM admin_sessions WHERE expires_at <= ${new Date(now)}`),
    handledMessages: await db.run(sql`
      DELETE FROM contact_messages WHERE id IN (
        SELECT id FROM contact_messages WHERE handled AND handled_at < ${new Date(now - HANDLED_MESSAGE_LIFETIME_MS)}
        LIMIT ${MAX_REMOVALS_PER_RUN})`),
    squareEvents: await db.run(sql`
      DELETE FROM square_events WHERE event_id IN (
        SELECT event_id FROM square_events WHERE received_at < ${new Date(now - SQUARE_EVENT_LIFETIME_MS)} LIMIT ${MAX_REMOVALS_PER_RUN})`),
  };
  if (result.counters + result.sessions + result.handledMessages + result.squareEvents > 0) log("info", "expired records removed", { ...result });
  return result;
}
