// The owner hears when a week slips: each Monday the last seven days' share of orders ready by their promise
// plus 5 minutes is compared with the goal and with the week before. A week slips when it falls under the
// goal, or 5 points or more under the week before. The e-mail goes to the restaurant's address, once per week
// (its dedupe key names the week).
import { restaurantTime } from "../../domain/hours";
import { nextDate } from "../../domain/schedule";
import { db } from "../platform/database";
import { sql } from "../platform/sql";
import { readyOnTime, type OnTimeDay } from "./figures";

/** The share of orders a week must have ready by their promise plus 5 minutes. */
export const ON_TIME_GOAL = 0.9;
const SLIP_POINTS = 0.05;

export interface WeekFigure {
  from: string;
  to: string;
  ready: number;
  onTime: number;
  share: number | null;
}

function weekOf(days: readonly OnTimeDay[], from: string, to: string): WeekFigure {
  const inWeek = days.filter((day) => day.date >= from && day.date <= to);
  const ready = inWeek.reduce((sum, day) => sum + day.ready, 0);
  const onTime = inWeek.reduce((sum, day) => sum + day.onTime, 0);
  return { from, to, ready, onTime, share: ready ? onTime / ready : null };
}

/** The last 14 days by day and section, and the two weeks they make (the later one ends yesterday). */
export async function kitchenWeeks(now: Date): Promise<{ days: OnTimeDay[]; weeks: [WeekFigure, WeekFigure] }> {
  const today = restaurantTime(now).date;
  const from = nextDate(today, -14);
  const yesterday = nextDate(today, -1);
  const days = await readyOnTime(from, yesterday);
  const split = nextDate(today, -7);
  return { days, weeks: [weekOf(days, from, nextDate(split, -1)), weekOf(days, split, yesterday)] };
}

export function slipped(before: WeekFigure, last: WeekFigure): boolean {
  if (last.share === null) return false;
  return last.share < ON_TIME_GOAL || (before.share !== null && before.share - last.share >= SLIP_POINTS);
}

/** Queues the owner's e-mail when the last week slipped; answers whether it did. */
export async function checkKitchenWeek(now: Date): Promise<boolean> {
  const { weeks } = await kitchenWeeks(now);
  const [before, last] = weeks;
  if (!slipped(before, last)) return false;
  await db.run(sql`SELECT mail_queue('staff_kitchen_week', ${`staff_kitchen_week:${last.from}`}, NULL, NULL, mail_restaurant_address(), ${JSON.stringify({ before, last })}::jsonb)`);
  return true;
}
