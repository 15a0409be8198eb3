// Catering's rules, shared by the catering page and the server (pure, no I/O): how much notice an event
// needs, the first moment that gives it, what the trays come to and serve, when the card's hold is
// taken, and what a cancellation gives back under the terms shown before paying.
import { restaurantTime } from "./hours";
import { taxOf, type Cents } from "./money";
import { miamiInstant, nextDate } from "./schedule";

const HOUR_MS = 3_600_000;

/** A tier of the cancellation terms: cancelled at least `hoursBefore` the event, `refundPercent` comes back. */
export interface CateringTerm {
  hoursBefore: number;
  refundPercent: number;
}

/** A tray of the catering menu as the owner keeps it, in both languages. */
export interface CateringTray {
  id: number;
  slug: string;
  name: { en: string; es: string };
  description: { en: string; es: string };
  serves: number;
  priceCents: number;
  available: boolean;
}

/** What the owner sets (content/catering.json holds the defaults the database starts with). */
export interface CateringRules {
  minPeople: number;
  minCents: Cents;
  noticeHours: number;
  /** The shorter notice of a small event (`smallMaxPeople` people or fewer). */
  smallNoticeHours: number;
  smallMaxPeople: number;
  /** Trays the kitchen can make for events on one day, apart from its pickup and delivery slots. */
  traysPerDay: number;
  /** Sorted from the most notice down; the last tier should start at 0 hours. */
  terms: CateringTerm[];
}

/** Events are served between these Miami times (minutes after midnight). */
export const EVENT_FIRST_MINUTE = 7 * 60;
export const EVENT_LAST_MINUTE = 21 * 60;
/** The card's hold is taken (captured) at 6 AM on the event's day, or at the event if it starts earlier. */
export const CAPTURE_MINUTE = 6 * 60;
/**
 * Square voids a card-not-present authorization after 7 days; we never keep one longer than 6, so an event
 * is taken online only when its capture falls within 6 days of the hold.
 */
export const HOLD_DAYS = 6;

export function noticeHoursFor(rules: CateringRules, headcount: number): number {
  return headcount <= rules.smallMaxPeople ? rules.smallNoticeHours : rules.noticeHours;
}

/** The first event time (quarter-hour, within event hours) that gives the notice a headcount needs. */
export function earliestEventAt(rules: CateringRules, headcount: number, now: Date): Date {
  const ready = now.getTime() + noticeHoursFor(rules, headcount) * HOUR_MS;
  const quarter = 15 * 60_000;
  let at = new Date(Math.ceil(ready / quarter) * quarter);
  const { date, minutes } = restaurantTime(at);
  if (minutes < EVENT_FIRST_MINUTE) at = miamiInstant(date, EVENT_FIRST_MINUTE);
  else if (minutes > EVENT_LAST_MINUTE) at = miamiInstant(nextDate(date), EVENT_FIRST_MINUTE);
  return at;
}

/** When an event's hold is captured. */
export function captureAt(eventAt: Date): Date {
  const morning = miamiInstant(restaurantTime(eventAt).date, CAPTURE_MINUTE);
  return morning < eventAt ? morning : eventAt;
}

/** Whether the event's capture falls within the days a hold may be kept. */
export function holdReaches(eventAt: Date, now: Date): boolean {
  return captureAt(eventAt).getTime() - now.getTime() <= HOLD_DAYS * 24 * HOUR_MS;
}

/** An event further out is paid by a Square invoice: this share of it now, the balance this many days before. */
export const DEPOSIT_PERCENT = 50;
export const BALANCE_DAYS_BEFORE = 2;

export function withinEventHours(eventAt: Date): boolean {
  const { minutes } = restaurantTime(eventAt);
  return minutes >= EVENT_FIRST_MINUTE && minutes <= EVENT_LAST_MINUTE;
}

export interface TrayPrice {
  id: number;
  serves: number;
  priceCents: Cents;
}

export interface CateringTotals {
  subtotalCents: Cents;
  taxCents: Cents;
  totalCents: Cents;
  trays: number;
  serves: number;
}

export function cateringTotals(lines: readonly { tray: TrayPrice; quantity: number }[]): CateringTotals {
  const subtotalCents = lines.reduce((sum, line) => sum + line.tray.priceCents * line.quantity, 0);
  const taxCents = taxOf(subtotalCents);
  return {
    subtotalCents,
    taxCents,
    totalCents: subtotalCents + taxCents,
    trays: lines.reduce((sum, line) => sum + line.quantity, 0),
    serves: lines.reduce((sum, line) => sum + line.tray.serves * line.quantity, 0),
  };
}

/** Trays of one kind that feed a headcount: the picker's suggestion. */
export function traysToServe(serves: number, headcount: number): number {
  return Math.max(1, Math.ceil(headcount / serves));
}

/** The share of the terms that applies `hoursBefore` the event (the tier with the most notice it meets). */
export function termFor(terms: readonly CateringTerm[], hoursBefore: number): CateringTerm {
  const sorted = [...terms].sort((a, b) => b.hoursBefore - a.hoursBefore);
  return sorted.find((term) => hoursBefore >= term.hoursBefore) ?? { hoursBefore: 0, refundPercent: 0 };
}

/** What a cancellation at `now` gives back of `paidCents`, whole cents, rounded down. */
export function refundCentsFor(terms: readonly CateringTerm[], paidCents: Cents, eventAt: Date, now: Date): Cents {
  const hoursBefore = (eventAt.getTime() - now.getTime()) / HOUR_MS;
  return Math.floor((paidCents * termFor(terms, hoursBefore).refundPercent) / 100);
}

/**
 * What a cancellation at `now` gives back of an order of `totalCents` of which `paidCents` were paid so far
 * (an invoice's deposit): the terms keep their share of the whole order, and what was paid beyond it comes
 * back. Paid in full, that is refundCentsFor's answer; nothing is ever asked for beyond what was paid.
 */
export function refundOfPaid(terms: readonly CateringTerm[], totalCents: Cents, paidCents: Cents, eventAt: Date, now: Date): Cents {
  const kept = totalCents - refundCentsFor(terms, totalCents, eventAt, now);
  return Math.max(paidCents - kept, 0);
}
