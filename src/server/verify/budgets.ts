// What texting a code may spend, and what checking one may try. A send is counted per account (3 a day),
// per phone (5 an hour), per network (5 an hour from its /64 or IPv4 address, 10 from its /48 or /24), and
// only then against the site's hourly budget the owner sets (30 unless set): past it texts stop for the hour
// and the owner is alarmed once. Checks are limited per account, per network and per phone, so nobody can
// spend the tries of a code another diner waits for.
import { raiseBudgetAlarm } from "../mail";
import { consumeRateLimit, countAttempt, networkKey, type RateLimitResult } from "../platform/rateLimit";
import { numberSetting, siteBudgetSpent, spendSiteBudget } from "../platform/siteBudget";

export const CODES_PER_HOUR = 5;
export const CODES_PER_ACCOUNT_DAY = 3;
export const DEFAULT_TEXTS_PER_HOUR = 30;
export const MAX_TEXTS_PER_HOUR = 1000;
export const TEXTS_PER_HOUR_SETTING = "texts_hourly_budget";
/** Tries at codes in 10 minutes: a code allows 5 (the service's rule), a diner may mistype a second code. */
export const CHECKS_PER_WINDOW = 10;
const CHECK_WINDOW_MS = 10 * 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export type Budgeted = { allowed: true } | { allowed: false; reason: "limited" | "site-budget"; retryAfterSeconds: number };

const waitOf = (row: { window_start: Date }, windowMs: number, now: number) => Math.max(1, Math.ceil((row.window_start.getTime() + windowMs - now) / 1000));

/** Counts a send on every key, the client's first and the site's last. */
export async function spendTextBudget(phone: string, address: string, accountId: string | undefined, now = Date.now()): Promise<Budgeted> {
  if (accountId) {
    const perAccount = await countAttempt("phone-code-account", networkKey(`account:${accountId}`), DAY_MS, now);
    if (perAccount.count > CODES_PER_ACCOUNT_DAY) return { allowed: false, reason: "limited", retryAfterSeconds: waitOf(perAccount, DAY_MS, now) };
  }
  const network = await consumeRateLimit({ bucket: "phone-code-network", limit: CODES_PER_HOUR, blockLimit: 2 * CODES_PER_HOUR, windowMs: HOUR_MS }, address, now);
  if (!network.allowed) return { allowed: false, reason: "limited", retryAfterSeconds: network.retryAfterSeconds };
  const perPhone = await countAttempt("phone-code-phone", networkKey(`phone:${phone}`), HOUR_MS, now);
  if (perPhone.count > CODES_PER_HOUR) return { allowed: false, reason: "limited", retryAfterSeconds: waitOf(perPhone, HOUR_MS, now) };
  const limit = await textsPerHour();
  const site = await spendSiteBudget({ name: "texts", limit, windowMs: HOUR_MS }, now);
  if (site.firstOver) await raiseBudgetAlarm({ budget: "texts", limit, windowStart: site.windowStart });
  return site.allowed ? { allowed: true } : { allowed: false, reason: "site-budget", retryAfterSeconds: site.retryAfterSeconds };
}

/** Counts a try at a code per account, per network (its /64 and /48) and per phone. */
export async function spendCheckTry(phone: string, address: string, accountId: string | undefined, now = Date.now()): Promise<RateLimitResult> {
  const rule = { limit: CHECKS_PER_WINDOW, windowMs: CHECK_WINDOW_MS };
  const tries = await Promise.all([
    consumeRateLimit({ bucket: "phone-check-network", ...rule }, address, now),
    consumeRateLimit({ bucket: "phone-check-phone", ...rule }, `phone:${phone}`, now),
    ...(accountId ? [consumeRateLimit({ bucket: "phone-check-account", ...rule }, `account:${accountId}`, now)] : []),
  ]);
  return tries.find((result) => !result.allowed) ?? tries[0]!;
}

/** The owner's hourly budget of texts (a settings row; the console's System tab sets it). */
export function textsPerHour(): Promise<number> {
  return numberSetting(TEXTS_PER_HOUR_SETTING, DEFAULT_TEXTS_PER_HOUR, MAX_TEXTS_PER_HOUR);
}

/** Texts sent in the running hour, for the console. */
export async function textsSentThisHour(): Promise<number> {
  return siteBudgetSpent({ name: "texts", limit: await textsPerHour(), windowMs: HOUR_MS });
}
