// What order texts may spend beyond the site's hourly budget of texts (shared with the phone codes): each
// order a few texts, and the month a budget the owner sets in the console (System tab): past it texts stop
// until the month is over, their news goes by e-mail, and the owner is e-mailed once.
import { restaurantTime } from "../../domain/hours";
import { raiseBudgetAlarm } from "../mail";
import { countAttempt, currentCount } from "../platform/rateLimit";
import { numberSetting } from "../platform/siteBudget";

/** Texts one order may get: ready (or curbside), running late, picked up, and one to spare. */
export const TEXTS_PER_ORDER = 4;
export const TEXTS_PER_MONTH_SETTING = "texts_monthly_budget";
/** About $5 at Twilio's US rate of about $0.0083 a segment plus carrier fees (docs/texts.md). */
export const DEFAULT_TEXTS_PER_MONTH = 500;
export const MAX_TEXTS_PER_MONTH = 100_000;
const DAY_MS = 86_400_000;
/** A counter's window longer than any month: each month has a key of its own. */
const MONTH_WINDOW_MS = 32 * DAY_MS;
const MONTH_BUCKET = "site-budget:texts-month";

export function textsPerMonth(): Promise<number> {
  return numberSetting(TEXTS_PER_MONTH_SETTING, DEFAULT_TEXTS_PER_MONTH, MAX_TEXTS_PER_MONTH);
}

/** The restaurant's month ("2026-12") of an instant: the owner's bill is counted by it. */
const monthOf = (now: number) => restaurantTime(new Date(now)).date.slice(0, 7);

/** Counts one order's text; false past its few. */
export async function spendOrderText(orderId: string, now: number): Promise<boolean> {
  return (await countAttempt("order-text-order", `order:${orderId}`, DAY_MS, now)).count <= TEXTS_PER_ORDER;
}

/** Counts one text against the month's budget; past it the owners are alarmed, once a month. */
export async function spendMonthlyText(now: number): Promise<boolean> {
  const limit = await textsPerMonth();
  const month = monthOf(now);
  const row = await countAttempt(MONTH_BUCKET, month, MONTH_WINDOW_MS, now);
  if (row.count <= limit) return true;
  // Raised once a month (the alarm's key is the month), whenever the owner lowered the budget below what was spent.
  await raiseBudgetAlarm({ budget: "texts-month", limit, windowStart: new Date(`${month}-01T12:00:00Z`) });
  return false;
}

/** Order texts sent this month, for the console. */
export async function textsSentThisMonth(now = Date.now()): Promise<number> {
  return (await currentCount(MONTH_BUCKET, monthOf(now), MONTH_WINDOW_MS, now))?.count ?? 0;
}
