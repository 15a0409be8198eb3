// Calls to Square within what Square tolerates. Square publishes no rate limit: it answers 429
// RATE_LIMITED and asks for exponential backoff with jitter, the same idempotency key sent again. So
// every call takes one of a few places held in the database (leases that run out, shared by all function
// instances), a 429 is waited out (Retry-After honoured) and the same request sent again, and a call that
// cannot get through inside its time gives up with Square's own 429, so the checkout can say "not charged".
import { randomUUID } from "node:crypto";
import { db, type Queries } from "./database";
import { log } from "./http";
import { sql } from "./sql";

export interface CallLimits {
  /** Calls to Square in flight at once, across every instance; 0 for no bound. */
  inFlight: number;
  /**
   * The first of the `inFlight` places this kind of call takes (1 by default: the places charges share).
   * A pool of its own (every purpose but charges, their checks and refunds: rows past 100) can never take a place the charges need.
   */
  firstSlot?: number;
  /** How long one call may take, waits and retries included (inside the SDK's own timeout). */
  budgetMs: number;
  /** Retries of a 5xx or 408 answer (a 429 is retried for as long as the budget allows). */
  serverRetries: number;
  /** Why the call is made (./callPurposes.ts), named in what the log says of it. */
  purpose?: string;
}

/** The places in flight: take one (or null when none is free), give it back. */
export interface CallSlots {
  take(limits: CallLimits): Promise<Lease | null>;
  give(lease: Lease): Promise<void>;
}

export interface Lease {
  slot: number;
  holder: string;
}

/** Square's answers worth sending again: rate limited, a timeout at its edge, a server error. */
const RETRYABLE = (status: number) => status === 429 || status === 408 || status >= 500;
/** First backoff and its ceiling: Square's forum asks for exponential backoff with jitter. */
const BACKOFF_BASE_MS = 250;
const BACKOFF_CAP_MS = 4_000;
/** How long one look for a place may take before the database counts as unreadable for this call. */
const SLOT_READ_LIMIT_MS = 1_000;
/** How often a call waiting for a place looks again (with jitter). */
const SLOT_POLL_MS = 40;

/** The places as rows of square_call_slots (1-100 the charges', 101 on the other purposes' pools: ./callPurposes.ts), leased by one conditional statement each. */
export const databaseSlots: CallSlots = {
  take: (limits) => takeSlot(db, limits),
  async give(lease) {
    await db.run(sql`UPDATE square_call_slots SET holder = NULL, leased_until = NULL WHERE slot = ${lease.slot} AND holder = ${lease.holder}`);
  },
};

/**
 * Takes a free place (never leased, given back, or its lease run out), locked while it is taken so two
 * instances cannot take the same one. The lease outlives the call's budget a little, so a place is only
 * taken over from an instance that died.
 */
export async function takeSlot(on: Queries, limits: CallLimits): Promise<Lease | null> {
  const holder = randomUUID();
  const leaseSeconds = Math.ceil(limits.budgetMs / 1000) + 5;
  const first = limits.firstSlot ?? 1;
  const row = await on.one<{ slot: number }>(sql`
    UPDATE square_call_slots SET holder = ${holder}, leased_until = now() + make_interval(secs => ${leaseSeconds})
    WHERE slot = (
      SELECT slot FROM square_call_slots
      WHERE slot >= ${first}::integer AND slot < ${first + limits.inFlight}::integer AND (leased_until IS NULL OR leased_until < now())
      ORDER BY slot LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING slot`);
  return row ? { slot: row.slot, holder } : null;
}

/** Seconds or an HTTP date in Retry-After, as milliseconds from now; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header.trim());
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Exponential backoff with full jitter, never shorter than what Square asked for. */
export function backoffMs(attempt: number, retryAfter: number | null, random: () => number = Math.random): number {
  const jittered = random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt);
  return retryAfter === null ? jittered : retryAfter + jittered / 4;
}

/** Square's own answer to too many calls, given when a call found no place within its budget (nothing was sent). */
export function rateLimited(detail: string): Response {
  const body = { errors: [{ category: "RATE_LIMIT_ERROR", code: "RATE_LIMITED", detail }] };
  return new Response(JSON.stringify(body), { status: 429, headers: { "content-type": "application/json" } });
}

/** After a 5xx, then only 429s: what the first call did is unknown, which the checkout must not call "not charged". */
function unknownOutcome(): Response {
  const body = { errors: [{ category: "API_ERROR", code: "SERVICE_UNAVAILABLE", detail: "Square failed, then kept rate limiting the retry." }] };
  return new Response(JSON.stringify(body), { status: 503, headers: { "content-type": "application/json" } });
}

/** Whether Square's errors say the call was rate limited (so nothing was done). */
export function isRateLimited(errors: readonly { code?: string; category?: string }[] | undefined): boolean {
  return Boolean(errors?.length) && errors!.every((e) => e.code === "RATE_LIMITED" || e.category === "RATE_LIMIT_ERROR");
}

function pause(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", stop, { once: true });
  });
}

/**
 * A `fetch` for the Square SDK (built with no retries of its own) that keeps its calls within `limits`:
 * a place in flight first, then the call; a 429 waited out and the identical request (its idempotency
 * key in the body) sent again; a 5xx or 408 sent again up to `serverRetries` times. When the budget runs
 * out it answers the last 429 (or Square's 429 when no place came free): the call was never processed.
 */
export function limitedFetch(inner: typeof fetch, limits: CallLimits, slots: CallSlots = databaseSlots, random: () => number = Math.random): typeof fetch {
  return async (input, init) => {
    const signal = init?.signal;
    // The last request sent must still have time to be answered inside the budget: no request (nor a
    // wait for a place) starts in its last quarter.
    const deadline = Date.now() + limits.budgetMs * 0.75;
    let serverRetries = 0;
    // Once a 5xx or a timeout was answered, Square may have done the work: a later 429 proves nothing.
    let uncertain = false;
    for (let attempt = 0; ; attempt += 1) {
      const lease = await placeUntil(slots, limits, deadline, signal, random);
      if (!lease) {
        log("warn", "square call not sent: every place in flight stayed taken", { inFlight: limits.inFlight, purpose: limits.purpose ?? null });
        return uncertain ? unknownOutcome() : rateLimited("Too many calls to Square in flight; this one was not sent.");
      }
      let response: Response;
      try {
        response = await inner(input, init);
      } finally {
        // Given back without holding up the answer (the SDK's timeout runs meanwhile); a place not given
        // back frees itself when its lease runs out. A call made without a place has none to give back.
        if (lease.slot > 0) void slots.give(lease).catch((error: unknown) => log("warn", "a square call place was not given back; its lease will run out", { error: String(error) }));
      }
      if (!RETRYABLE(response.status)) return response;
      if (response.status !== 429) uncertain = true;
      if (response.status !== 429 && ++serverRetries > limits.serverRetries) return response;
      const wait = backoffMs(attempt, retryAfterMs(response.headers.get("retry-after")), random);
      // A wait past the budget would end in the function's time limit: the answer is given now instead.
      if (Date.now() + wait >= deadline) {
        log("warn", "square kept answering a retryable status; the call gives up", { status: response.status, attempts: attempt + 1 });
        return uncertain && response.status === 429 ? unknownOutcome() : response;
      }
      await response.body?.cancel().catch(() => undefined);
      await pause(wait, signal);
    }
  };
}

/** No place taken (none configured, or the database unreadable): nothing to give back. */
const UNBOUNDED: Lease = { slot: 0, holder: "" };

/** A place, taken before the deadline, or null. A database that cannot lease one lets the call go (logged). */
async function placeUntil(slots: CallSlots, limits: CallLimits, deadline: number, signal: AbortSignal | null | undefined, random: () => number): Promise<Lease | null> {
  if (limits.inFlight === 0) return UNBOUNDED;
  for (;;) {
    let lease: Lease | null;
    try {
      lease = await withinTime(slots, slots.take(limits), Math.min(SLOT_READ_LIMIT_MS, Math.max(100, limits.budgetMs / 4)));
    } catch (error) {
      // The order that needs this call was just written to the same database: a failure here is brief,
      // and refusing the call would turn it into a failed payment. The call goes unbounded this once.
      log("warn", "square call places unreadable; calling without one", { error: error instanceof Error ? error.message : String(error) });
      return UNBOUNDED;
    }
    if (lease) return lease;
    const wait = SLOT_POLL_MS * (0.5 + random());
    if (Date.now() + wait >= deadline) return null;
    await pause(wait, signal);
  }
}

/** The place taken, unless the database takes longer than `ms` (a cold start, a database waking): then it throws, and a place taken late is given back. */
async function withinTime(slots: CallSlots, taking: Promise<Lease | null>, ms: number): Promise<Lease | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([taking, late]);
  } catch (error) {
    void taking.then((lease) => lease && slots.give(lease)).catch(() => undefined);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
