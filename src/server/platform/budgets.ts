// One count against a budget whose holder is already a keyed hash (an account, a network, a /48, the
// whole site): whether it is within the rule, the window's count (so the first refusal of a window can
// raise the owner's alarm once) and when the window ends.
import { countAttempt, type RateLimitRule } from "./rateLimit";

export interface Counted {
  allowed: boolean;
  /** This attempt's number in the window: `limit + 1` is the window's first refusal. */
  count: number;
  retryAfterSeconds: number;
}

export async function countAgainst(rule: RateLimitRule, holder: string, now = Date.now()): Promise<Counted> {
  const row = await countAttempt(rule.bucket, holder, rule.windowMs, now);
  return { allowed: row.count <= rule.limit, count: row.count, retryAfterSeconds: Math.max(1, Math.ceil((row.window_start.getTime() + rule.windowMs - now) / 1000)) };
}

/** Whether this count is the window's first refusal: the one that raises the owner's alarm. */
export const firstRefusal = (rule: RateLimitRule, counted: Counted) => counted.count === rule.limit + 1;
