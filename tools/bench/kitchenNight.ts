// A Friday night at Jealous Burger, replayed minute by minute through the site's own quoting code: the
// hours of content/hours.json, the slots and lead time of src/domain/schedule.ts, each slot's room, the
// lateness learned from the kitchen's recorded times (src/domain/readyQuote.ts) and the running-late check
// that sends one message with a new time. Only the kitchen and the diners are simulated:
// - arrivals: a Poisson process whose rate climbs from 0.2 orders a minute at 17:00 to a rush of about
//   0.9 around 19:00 and falls back (a Gaussian bump, 35 minutes wide), all 'as soon as possible';
// - an order's size: 1 to 4 burgers (40%, 30%, 20%, 10%), its kitchen load one per burger;
// - the kitchen: 3 grill stations, each cooking one order at a time, first promised first started; an
//   order's cooking time is 4 minutes plus 2 per burger, times a log-normal factor (median 1, sigma
//   0.3), the spread line cooks report for a grill ticket: about 11 burgers in 15 minutes, fewer than the
//   14 a slot takes on the console's Hours tab (the owner's figure is a quiet night's). In the rush the orders come faster than three
//   stations cook them, so the kitchen falls behind, and it catches up once the rush has passed.
// The random numbers come from a seeded generator: the same seed gives the same night.
import hoursSeed from "../../content/hours.json" with { type: "json" };
import { lateBy, learnedForOrder, projectReadyTimes, type KitchenSample } from "../../src/domain/readyQuote.ts";
import { availableSlots, miamiInstant, type RestaurantSchedule, type Slot } from "../../src/domain/schedule.ts";
import { scheduleFromSeed, type ScheduleSeed } from "../../src/domain/scheduleSeed.ts";

const MINUTE = 60_000;
const SECTION = "jealous-burger";
/** A Friday: Jealous Burger serves 17:00 to 21:00. */
export const NIGHT = "2026-11-20";

export interface NightOptions {
  seed: number;
  /** Whether promises add the learned lateness (false: the fixed lead time alone, as before). */
  learn: boolean;
  /** Whether orders not ready yet count with their expected lateness at the kitchen's pace. */
  project: boolean;
  stations: number;
  /** Each 15-minute slot's room in kitchen load (the console's Hours tab). */
  slotRoom: number;
  /** Peak arrivals per minute at 19:00. */
  rush: number;
}

export const DEFAULT_NIGHT: NightOptions = { seed: 7, learn: true, project: true, stations: 3, slotRoom: 14, rush: 0.9 };

interface Order {
  arrivedAt: number;
  burgers: number;
  cookMinutes: number;
  promisedAt: number;
  finalPromiseAt: number;
  startedAt: number | null;
  readyAt: number | null;
  lateMessages: number;
}

export interface NightResult {
  orders: number;
  /** Share of orders ready within 5 minutes of their final promise (the late message's time, when one was sent). */
  readyWithinFive: number;
  /** Ready minus the first promise, in minutes, at the 50th and 90th percentile (negative: early). */
  errorP50: number;
  errorP90: number;
  lateMessagesPerOrder: number;
  refused: number;
}

/** Mulberry32: a small seeded generator, enough for a replay. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

function poisson(random: () => number, mean: number): number {
  let count = 0;
  for (let product = random(); product > Math.exp(-mean); product *= random()) count++;
  return count;
}

export function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? 0;
}

/** The median cooking time of the orders the kitchen has finished (the late check's expectation), or the stated 10 minutes before any. */
function medianCook(orders: readonly Order[]): number {
  const cooked = orders.flatMap((order) => (order.startedAt !== null && order.readyAt !== null ? [(order.readyAt - order.startedAt) / MINUTE] : []));
  return cooked.length ? percentile(cooked, 0.5) : 10;
}

export function replayNight(options: NightOptions = DEFAULT_NIGHT): NightResult {
  const random = generator(options.seed);
  const base = scheduleFromSeed(hoursSeed as ScheduleSeed);
  const opens = miamiInstant(NIGHT, 17 * 60).getTime();
  const lastOrder = miamiInstant(NIGHT, 20 * 60 + 45).getTime();
  const booked = new Map<string, number>();
  const orders: Order[] = [];
  const cooking: Order[] = [];
  let refused = 0;
  const asQueued = (order: Order) => ({ order, promisedAt: new Date(order.promisedAt), startedAt: order.startedAt === null ? null : new Date(order.startedAt), readyAt: order.readyAt === null ? null : new Date(order.readyAt) });
  const samples = (now: number): KitchenSample[] => {
    const queued = orders.map(asQueued);
    const expected = projectReadyTimes(queued, { startsPerMinute: startsPerMinute(now), cookMinutes: medianCook(orders) }, new Date(now));
    return queued.map((entry) => ({ section: SECTION, promisedAt: entry.promisedAt, readyAt: entry.readyAt, load: entry.order.burgers, expectedReadyAt: options.project ? (expected.get(entry) ?? null) : null }));
  };
  const startsPerMinute = (now: number) => orders.filter((order) => order.startedAt !== null && order.startedAt > now - 30 * MINUTE).length / 30;

  for (let now = opens; now <= lastOrder || orders.some((order) => order.readyAt === null); now += MINUTE) {
    // Diners order, each quoted by the site's code at this minute.
    if (now <= lastOrder) {
      const hour = (now - miamiInstant(NIGHT, 19 * 60).getTime()) / (35 * MINUTE);
      const rate = 0.2 + (options.rush - 0.2) * Math.exp(-(hour * hour) / 2);
      for (let arrivals = poisson(random, rate); arrivals > 0; arrivals--) {
        const draw = random();
        const burgers = draw < 0.4 ? 1 : draw < 0.7 ? 2 : draw < 0.9 ? 3 : 4;
        const learned = options.learn ? learnedForOrder(samples(now), [SECTION], new Date(now)).minutes : 0;
        const schedule: RestaurantSchedule = base;
        const hasRoom = (slot: Slot) => (booked.get(slot.at) ?? 0) + burgers <= options.slotRoom;
        const [slot] = availableSlots(schedule, [SECTION], "pickup", new Date(now), hasRoom, 1);
        if (!slot || !slot.at.startsWith(NIGHT.slice(0, 8)) || new Date(slot.at).getTime() > miamiInstant(NIGHT, 21 * 60).getTime()) {
          refused++;
          continue;
        }
        booked.set(slot.at, (booked.get(slot.at) ?? 0) + burgers);
        // The slot takes the room; the promise adds what the kitchen runs late (src/domain/readyQuote.ts).
        const promisedAt = new Date(slot.at).getTime() + learned * MINUTE;
        const cookMinutes = (4 + 2 * burgers) * Math.exp(0.3 * normal(random));
        orders.push({ arrivedAt: now, burgers, cookMinutes, promisedAt, finalPromiseAt: promisedAt, startedAt: null, readyAt: null, lateMessages: 0 });
      }
    }
    // The grill: finished orders leave their station; free stations take the earliest promise waiting.
    for (const order of [...cooking]) {
      if (order.startedAt! + order.cookMinutes * MINUTE <= now) {
        order.readyAt = now;
        cooking.splice(cooking.indexOf(order), 1);
      }
    }
    const waiting = orders.filter((order) => order.startedAt === null).sort((a, b) => a.promisedAt - b.promisedAt || a.arrivedAt - b.arrivedAt);
    while (cooking.length < options.stations && waiting.length) {
      const next = waiting.shift()!;
      next.startedAt = now;
      cooking.push(next);
    }
    // Running late, said once, with the new time.
    const queued = orders.map(asQueued);
    const cook = medianCook(orders);
    const expected = projectReadyTimes(queued, { startsPerMinute: startsPerMinute(now), cookMinutes: cook }, new Date(now));
    for (const entry of queued) {
      const order = entry.order;
      if (order.lateMessages || order.readyAt !== null) continue;
      const newTime = lateBy({ ...entry, expectedReadyAt: expected.get(entry)!, cookMinutes: cook }, new Date(now));
      if (newTime) {
        order.lateMessages++;
        order.finalPromiseAt = newTime.getTime();
      }
    }
  }
  const errors = orders.map((order) => (order.readyAt! - order.promisedAt) / MINUTE);
  return {
    orders: orders.length,
    readyWithinFive: orders.filter((order) => order.readyAt! <= order.finalPromiseAt + 5 * MINUTE).length / orders.length,
    errorP50: percentile(errors, 0.5),
    errorP90: percentile(errors, 0.9),
    lateMessagesPerOrder: orders.reduce((sum, order) => sum + order.lateMessages, 0) / orders.length,
    refused,
  };
}
