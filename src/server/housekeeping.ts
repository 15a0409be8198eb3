// Removes the records that only matter for a while, so the stores do not grow without bound: rate
// counters and sign-in attempt counts whose window has ended, checkout-attempt claims old enough that
// no retry can still come, and contact messages handled a year ago. Run by the scheduled reconciliation (netlify/functions/orders-reconcile.mts).
import { log } from "./http";
import { store } from "./stores";

/** Longer than every rate limit's and sign-in window (the longest is 30 minutes). */
export const COUNTER_LIFETIME_MS = 60 * 60 * 1000;
/** A checkout attempt is retried within minutes; its claim is kept a week for support questions. */
export const CLAIM_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** Messages staff marked handled are kept a year, then removed; unhandled ones are never removed. */
export const HANDLED_MESSAGE_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;
/** A scheduled function has 30 s: one run removes at most this many records, the next goes on. */
const MAX_REMOVALS_PER_RUN = 500;

interface Windowed {
  windowStart?: number;
  firstFailureAt?: number;
  createdAt?: string;
  /** A contact message: only a handled one may expire, from the time it was handled. */
  handled?: boolean;
  handledAt?: string;
}

function startedAt(record: Windowed | null): number | undefined {
  if (!record) return undefined;
  if (record.handled !== undefined) return record.handled && record.handledAt ? Date.parse(record.handledAt) : Number.POSITIVE_INFINITY;
  if (typeof record.windowStart === "number") return record.windowStart;
  if (typeof record.firstFailureAt === "number") return record.firstFailureAt;
  const created = record.createdAt ? Date.parse(record.createdAt) : Number.NaN;
  return Number.isNaN(created) ? undefined : created;
}

async function removeOlderThan(storeName: "sessions" | "orders" | "messages", prefix: string, lifetimeMs: number, now: number, budget: { left: number }): Promise<number> {
  const target = store(storeName);
  const { blobs } = await target.list({ prefix });
  let removed = 0;
  for (const { key } of blobs) {
    if (budget.left <= 0) break;
    const record = (await target.get(key, { type: "json" }).catch(() => null)) as Windowed | null;
    const started = startedAt(record);
    // A counter or claim whose time cannot be read is one no rule can use any more; a message is
    // staff's to remove.
    if (started === undefined ? storeName === "messages" : now - started < lifetimeMs) continue;
    await target.delete(key);
    removed++;
    budget.left--;
  }
  return removed;
}

export interface Housekeeping {
  counters: number;
  signInAttempts: number;
  claims: number;
  handledMessages: number;
}

export async function removeExpiredRecords(now = Date.now()): Promise<Housekeeping> {
  const budget = { left: MAX_REMOVALS_PER_RUN };
  const result = {
    counters: await removeOlderThan("sessions", "rate/", COUNTER_LIFETIME_MS, now, budget),
    signInAttempts: await removeOlderThan("sessions", "attempts/", COUNTER_LIFETIME_MS, now, budget),
    claims: await removeOlderThan("orders", "key/", CLAIM_LIFETIME_MS, now, budget),
    handledMessages: await removeOlderThan("messages", "", HANDLED_MESSAGE_LIFETIME_MS, now, budget),
  };
  if (result.counters + result.signInAttempts + result.claims + result.handledMessages > 0) log("info", "expired records removed", { ...result });
  return result;
}
