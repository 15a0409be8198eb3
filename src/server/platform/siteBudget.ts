// Site-wide budgets of a costly thing (texts an hour, sign-in links an hour): one counter for the whole site,
// kept in the database's counters so it holds across function instances. Read only after the client's own
// limits passed, so one client's refused traffic spends nothing of it. The request that first goes past the
// budget in a window is told so (`firstOver`), so the room that owns the budget alarms the owner once.
import { db, type Queries } from "./database";
import { countAttempt, currentCount } from "./rateLimit";
import { sql } from "./sql";

export interface SiteBudget {
  /** Name of what is budgeted, e.g. "texts"; part of the counter's key and of the owner's alarm. */
  name: string;
  limit: number;
  windowMs: number;
}

export interface SiteBudgetSpend {
  allowed: boolean;
  /** True for exactly one request a window: the first refused one. */
  firstOver: boolean;
  windowStart: Date;
  retryAfterSeconds: number;
}

const SITE = "site";
const bucketOf = (name: string) => `site-budget:${name}`;

/** Spends one of the budget's window: one upsert, so requests at the same moment each get their own place. */
export async function spendSiteBudget(budget: SiteBudget, now = Date.now(), on: Queries = db): Promise<SiteBudgetSpend> {
  const row = await countAttempt(bucketOf(budget.name), SITE, budget.windowMs, now, on);
  return {
    allowed: row.count <= budget.limit,
    firstOver: row.count === budget.limit + 1,
    windowStart: row.window_start,
    retryAfterSeconds: Math.max(1, Math.ceil((row.window_start.getTime() + budget.windowMs - now) / 1000)),
  };
}

/** What the budget's running window has spent (0 when none runs). */
export async function siteBudgetSpent(budget: SiteBudget, now = Date.now(), on: Queries = db): Promise<number> {
  return (await currentCount(bucketOf(budget.name), SITE, budget.windowMs, now, on))?.count ?? 0;
}

/** An owner's number setting (a budget), or `fallback` when unset or not a whole number within 0..max. */
export async function numberSetting(key: string, fallback: number, max: number, on: Queries = db): Promise<number> {
  const row = await on.one<{ value: unknown }>(sql`SELECT value FROM settings WHERE key = ${key}`);
  const value = row?.value;
  return typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= max ? value : fallback;
}
