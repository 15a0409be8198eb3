// The alarm of an account's failed sign-ins: every wrong password is counted on the e-mail it was tried
// for, from whatever network, and past ALARM_FAILURES in a row the person and the owners hear of
// it by e-mail and the Activity tab shows it (at most once a day an account). It never holds anyone back:
// from then until a day without failures, a right password from a stranger's browser and network asks
// for a second step (./signInSteps) instead.
import { db } from "../platform/database";
import { sql } from "../platform/sql";
import type { AccountRecord } from "./accounts";
import { recordActivity } from "../audit";
import { ownerAddresses, queueSecurityNotice } from "./securityNotices";
import { accountLimit } from "./signInLimits";
import { ALARM_FAILURES, ALARM_INTERVAL_MS, QUIET_RESET_MS } from "./signInWaits";

/** Who the activity row names for an alarm: nobody signed in. */
const GUARD = { accountId: null, name: "Sign-in guard" };

/**
 * Counts a wrong password for the e-mail and, when it names an enabled account, rings the alarm when it is
 * due; answers whether it rang. An e-mail without an account is counted the same, so the answer's time
 * does not tell them apart.
 */
export async function countAccountFailure(email: string, account: AccountRecord | null, now = Date.now()): Promise<boolean> {
  const { scope, key } = accountLimit(email);
  const at = new Date(now);
  return db.transaction(async (tx) => {
    const row = await tx.one<{ failures: number }>(sql`
      INSERT INTO sign_in_failures (scope, key, failures, last_failure_at) VALUES (${scope}, ${key}, 1, ${at})
      ON CONFLICT (scope, key) DO UPDATE SET
        failures = CASE WHEN sign_in_failures.last_failure_at < ${new Date(now - QUIET_RESET_MS)} THEN 1 ELSE sign_in_failures.failures + 1 END,
        second_step_at = CASE WHEN sign_in_failures.last_failure_at < ${new Date(now - QUIET_RESET_MS)} THEN NULL ELSE sign_in_failures.second_step_at END,
        last_failure_at = ${at}
      RETURNING failures`);
    if (!row || row.failures < ALARM_FAILURES) return false;
    // From the alarm on, until a day without failures, strangers meet the second step (./signInSteps).
    await tx.run(sql`UPDATE sign_in_failures SET second_step_at = COALESCE(second_step_at, ${at}) WHERE scope = ${scope} AND key = ${key}`);
    if (!account || account.disabled) return false;
    // Conditional, so simultaneous failures ring it once.
    const rings = await tx.one(sql`
      UPDATE sign_in_failures SET alarmed_at = ${at}
      WHERE scope = ${scope} AND key = ${key} AND (alarmed_at IS NULL OR alarmed_at <= ${new Date(now - ALARM_INTERVAL_MS)})
      RETURNING 1`);
    if (!rings) return false;
    await recordActivity(GUARD, { action: "sign-in.alarm", target: account.email, after: { failedSignIns: row.failures } }, tx);
    const notice = { event: "sign-in-alarm" as const, accountName: account.name, accountEmail: account.email, at: at.toISOString(), failures: row.failures };
    await queueSecurityNotice([account.email, ...(await ownerAddresses(tx))], notice, tx);
    return true;
  });
}

/** The right password: the account's count starts again (its alarm keeps its day). */
export async function clearAccountFailures(account: AccountRecord): Promise<void> {
  const { scope, key } = accountLimit(account.email);
  await db.run(sql`UPDATE sign_in_failures SET failures = 0 WHERE scope = ${scope} AND key = ${key}`);
}
