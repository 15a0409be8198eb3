// The numbers of the sign-in limits (src/server/staff/signInLimits.ts applies them): how many failures
// in a row are free, how the wait grows after them, when an account's failures raise the alarm, and when
// failures are forgotten. No imports, so the load tools (run by Node alone) print the limits they test from here.

/** Failures in a row that cost no wait; each one after doubles it, from 2 s up to MAX_WAIT_SECONDS. */
export const FREE_FAILURES = 5;
export const MAX_WAIT_SECONDS = 15 * 60;
/** Failed passwords on one account (from any network) that raise the alarm: the owner hears of them by e-mail. */
export const ALARM_FAILURES = 10;
/** The alarm of one account rings at most this often. */
export const ALARM_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** A day without failures forgets them. */
export const QUIET_RESET_MS = 24 * 60 * 60 * 1000;

/** The seconds to wait after `failures` failures in a row. */
export function waitAfter(failures: number): number {
  return failures < FREE_FAILURES ? 0 : Math.min(MAX_WAIT_SECONDS, 2 ** (failures - FREE_FAILURES + 1));
}
