// How late the kitchen runs, learned from its own recorded times, and what an honest promise adds for it.
// A fixed lead time promises the same 15 minutes on a quiet Tuesday and in a Friday rush; here each kitchen
// section's lateness (ready minus promised, in minutes) is measured two ways, and the larger one counts:
//   - by hour of the day: the 80th percentile over the recent weeks' orders of that section and hour,
//     weighted by each order's dish load (a six-burger order late says more than a soda late);
//   - right now: the same percentile over the section's last orders, where an order past its promise and
//     still not ready counts as late by now. So when the kitchen falls behind, the next quote moves out at
//     once, before any late order is even finished.
// Pure: the samples come in as data (src/server/schedule reads them), the instant as a Date.
import { restaurantTime } from "./hours";

const MINUTE = 60_000;

/** The share of weighted orders a quote should cover: four out of five ready by their promise. */
export const QUOTE_PERCENTILE = 0.8;
/** How many of a section's latest orders say how it runs right now. */
export const RECENT_ORDERS = 10;
/** Orders older than this say nothing about right now (a lunch's lateness is not the evening's). */
export const RECENT_WINDOW_MINUTES = 120;
/** An order counts as on time when ready by its promise plus these minutes (the board's figure). */
export const ON_TIME_GRACE_MINUTES = 5;
/** The weeks an hour of the day's history reaches back. */
export const HISTORY_DAYS = 28;
/** An hour of the day needs this many orders before its history counts. */
export const MIN_HOURLY_ORDERS = 5;
/** No quote grows past this: beyond it the owner pauses or sets busy minutes by hand. */
export const MAX_LEARNED_MINUTES = 60;

/** One order's kitchen times in one section: what the learning reads. */
export interface KitchenSample {
  section: string;
  promisedAt: Date;
  /** When the order was ready; null while the kitchen has it. */
  readyAt: Date | null;
  /** The dish load the order put on the section (kitchen weight times quantity). */
  load: number;
  /** Not ready yet: when the kitchen will have it ready at its present pace (see projectReadyTimes). */
  expectedReadyAt?: Date | null;
}

export interface LearnedLateness {
  /** Whole minutes an 'as soon as possible' promise adds (0 when the kitchen keeps its time). */
  minutes: number;
  /** Which measure gave it: the section's last orders, or its history at this hour of the day. */
  source: "recent" | "hourly" | "none";
  /** The orders the measure that counted read. */
  orders: number;
}

/** The weighted percentile of values (each with its weight): the smallest value covering that share of the weight. */
export function weightedPercentile(values: readonly { value: number; weight: number }[], share: number): number | null {
  const usable = values.filter((entry) => entry.weight > 0 && Number.isFinite(entry.value)).sort((a, b) => a.value - b.value);
  const total = usable.reduce((sum, entry) => sum + entry.weight, 0);
  if (!total) return null;
  let covered = 0;
  for (const entry of usable) {
    covered += entry.weight;
    if (covered >= share * total - 1e-9) return entry.value;
  }
  return usable[usable.length - 1]!.value;
}

/** An order's lateness in minutes at `now`: ready minus promised, or, not ready yet, how far past its promise it already is. */
export function latenessOf(sample: KitchenSample, now: Date): number | null {
  if (sample.readyAt) return (sample.readyAt.getTime() - sample.promisedAt.getTime()) / MINUTE;
  const overdue = (now.getTime() - sample.promisedAt.getTime()) / MINUTE;
  if (sample.expectedReadyAt) return Math.max(overdue, (sample.expectedReadyAt.getTime() - sample.promisedAt.getTime()) / MINUTE);
  return overdue > 0 ? overdue : null;
}

/** An order in the kitchen's queue, as the projection reads it. */
export interface Queued {
  promisedAt: Date;
  startedAt: Date | null;
  readyAt: Date | null;
}

/**
 * When each order not ready yet will be, at the kitchen's present pace: a started one after the usual cooking
 * time from its start (or a few minutes from now once past it), one waiting after the orders promised before
 * it have started, at the pace the kitchen has started orders lately, then the cooking. Answers a map from
 * each such order to its expected time; with no pace measured yet, the waiting count as starting now.
 */
export function projectReadyTimes<T extends Queued>(orders: readonly T[], pace: { startsPerMinute: number; cookMinutes: number }, now: Date): Map<T, Date> {
  const cook = pace.cookMinutes * MINUTE;
  const expected = new Map<T, Date>();
  let ahead = 0;
  for (const order of [...orders].sort((a, b) => a.promisedAt.getTime() - b.promisedAt.getTime())) {
    if (order.readyAt) continue;
    if (order.startedAt) {
      expected.set(order, new Date(Math.max(order.startedAt.getTime() + cook, now.getTime() + MINUTE)));
      continue;
    }
    const wait = pace.startsPerMinute > 0 ? (ahead / pace.startsPerMinute) * MINUTE : 0;
    expected.set(order, new Date(now.getTime() + wait + cook));
    ahead++;
  }
  return expected;
}

function percentileOf(samples: readonly KitchenSample[], now: Date): number | null {
  const values = samples.flatMap((sample) => {
    const value = latenessOf(sample, now);
    return value === null ? [] : [{ value, weight: sample.load }];
  });
  return weightedPercentile(values, QUOTE_PERCENTILE);
}

/** The section's last orders that say how it runs now: promised in the recent window, latest first. */
export function recentSamples(samples: readonly KitchenSample[], section: string, now: Date): KitchenSample[] {
  const since = now.getTime() - RECENT_WINDOW_MINUTES * MINUTE;
  return samples
    .filter((sample) => sample.section === section && sample.promisedAt.getTime() >= since)
    .filter((sample) => latenessOf(sample, now) !== null)
    .sort((a, b) => b.promisedAt.getTime() - a.promisedAt.getTime())
    .slice(0, RECENT_ORDERS);
}

/** The hour of Miami's clock (0 to 23) at an instant. */
const hourOf = (at: Date) => Math.floor(restaurantTime(at).minutes / 60);

/** What a promise made now for a section adds, from its recorded times. */
export function learnedLateness(samples: readonly KitchenSample[], section: string, now: Date): LearnedLateness {
  const recent = recentSamples(samples, section, now);
  const hour = hourOf(now);
  const sameHour = samples.filter((sample) => sample.section === section && sample.readyAt && hourOf(sample.promisedAt) === hour);
  const recentLate = recent.length ? percentileOf(recent, now) : null;
  const hourlyLate = sameHour.length >= MIN_HOURLY_ORDERS ? percentileOf(sameHour, now) : null;
  const pick = (late: number | null) => Math.min(MAX_LEARNED_MINUTES, Math.max(0, Math.ceil((late ?? 0) - 1e-9)));
  const fromRecent = pick(recentLate);
  const fromHour = pick(hourlyLate);
  if (!fromRecent && !fromHour) return { minutes: 0, source: "none", orders: recent.length };
  return fromRecent >= fromHour
    ? { minutes: fromRecent, source: "recent", orders: recent.length }
    : { minutes: fromHour, source: "hourly", orders: sameHour.length };
}

/** What an order of several sections adds: the slowest of them. */
export function learnedForOrder(samples: readonly KitchenSample[], sections: readonly string[], now: Date): LearnedLateness {
  return sections
    .map((section) => learnedLateness(samples, section, now))
    .reduce<LearnedLateness>((worst, next) => (next.minutes > worst.minutes ? next : worst), { minutes: 0, source: "none", orders: 0 });
}

/** Why quotes add what they add, as the console says it ("Quotes +6 min: the last 10 orders ran 6 min late"). */
export function quoteSentence(learned: LearnedLateness): string {
  if (learned.source === "none") return "Quotes on time: the kitchen keeps its promises.";
  const minutes = `${learned.minutes} min`;
  return learned.source === "recent"
    ? `Quotes +${minutes}: the last ${learned.orders} orders ran ${minutes} late`
    : `Quotes +${minutes}: orders at this hour ran ${minutes} late over the last ${HISTORY_DAYS / 7} weeks`;
}

/** An order the running-late check reads: its promise, start and readiness, and when it is expected (projectReadyTimes). */
export interface LateCheck {
  promisedAt: Date;
  startedAt: Date | null;
  readyAt: Date | null;
  expectedReadyAt: Date;
  /** The section's usual minutes from start to ready (its median). */
  cookMinutes: number;
}

/**
 * The new time an order will be ready when it will miss its promise, or null while it keeps it. It will miss
 * it when it is not started in time (its promise minus the usual cooking time has passed) or not ready at its
 * promise. The new time is the expected one at the kitchen's pace, never less than a few minutes from now,
 * rounded up to 5 minutes: a time the kitchen can keep, said once.
 */
export function lateBy(order: LateCheck, now: Date): Date | null {
  if (order.readyAt) return null;
  // The kitchen's own figure allows its grace past the promise; so does the message.
  const promised = order.promisedAt.getTime() + ON_TIME_GRACE_MINUTES * MINUTE;
  const startInTime = promised - order.cookMinutes * MINUTE;
  if (order.startedAt ? now.getTime() <= promised : now.getTime() <= startInTime) return null;
  const soonest = Math.max(order.expectedReadyAt.getTime(), now.getTime() + 5 * MINUTE);
  return new Date(Math.ceil(soonest / (5 * MINUTE)) * 5 * MINUTE);
}
