// Limits on password guessing that never lock the restaurant out: each failed sign-in lengthens the wait
// before the next password is compared for the pair of account and client network, and for the network
// alone, and for an IPv6 client's /48 as well as its /64 (a browser that signed in to the account before is
// counted on its own). Nothing waits on the
// account alone, so a stranger's failures never refuse the right password from another network: the
// account's count is an alarm (./signInAlarm) instead. A passkey is never held back by password failures.
import { createHash } from "node:crypto";
import { db, type Queries } from "../platform/database";
import { TooManyAttempts } from "../platform/errors";
import { clientKey, ipv6Block, networkKey } from "../platform/rateLimit";
import { sql } from "../platform/sql";

import { ALARM_FAILURES, FREE_FAILURES, MAX_WAIT_SECONDS, QUIET_RESET_MS, waitAfter } from "./signInWaits";

export { ALARM_FAILURES, FREE_FAILURES, MAX_WAIT_SECONDS, QUIET_RESET_MS, waitAfter };

export type LimitScope = "account" | "network" | "block" | "device" | "pair";
export interface LimitKey {
  scope: LimitScope;
  key: string;
}

const digest = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 32);
const emailKey = (email: string) => email.trim().toLowerCase();

/** The account's alarm counter, by a hash of its e-mail. */
export function accountLimit(email: string): LimitKey {
  return { scope: "account", key: digest(`account:${emailKey(email)}`) };
}

/** The pair of an e-mail (known or not, so answers do not tell them apart) and a client network. */
export function pairLimit(email: string, address: string): LimitKey {
  return { scope: "pair", key: digest(`pair:${emailKey(email)}:${clientKey(address)}`) };
}

export function networkLimit(address: string): LimitKey {
  return { scope: "network", key: clientKey(address) };
}

/**
 * The keys a stranger's guess is counted on: the pair, the network, and an IPv6 client's /48 unless it is the
 * account's own /48 (`ownBlock`: the person signed in from it), where failures ring the account's alarm
 * instead of making the person wait.
 */
export function strangerLimits(email: string, address: string, ownBlock = false): LimitKey[] {
  const block = ownBlock ? null : ipv6Block(address);
  return [pairLimit(email, address), networkLimit(address), ...(block ? [{ scope: "block" as const, key: networkKey(block) }] : [])];
}

export function deviceLimit(deviceId: string): LimitKey {
  return { scope: "device", key: digest(`device:${deviceId}`) };
}

const TOO_MANY = "Too many failed sign-in attempts from here. Please wait and try again, or sign in with a passkey.";

/**
 * Counts an attempt as a failure before its password is compared, on every key, or on none and
 * refuses it (429 with the wait in Retry-After) when any key is still waiting. One upsert per key
 * inside one transaction: simultaneous attempts each see the count the others left, so a burst
 * compares no more passwords than the free failures allow.
 */
export async function reserveAttempt(keys: LimitKey[], now = Date.now()): Promise<void> {
  const at = new Date(now);
  const quiet = new Date(now - QUIET_RESET_MS);
  const blocked = await db
    .transaction(async (tx) => {
      for (const { scope, key } of [...keys].sort((a, b) => `${a.scope}${a.key}`.localeCompare(`${b.scope}${b.key}`))) {
        const counted = await tx.one(sql`
          INSERT INTO sign_in_failures (scope, key, failures, last_failure_at) VALUES (${scope}, ${key}, 1, ${at})
          ON CONFLICT (scope, key) DO UPDATE SET
            failures = CASE WHEN sign_in_failures.last_failure_at < ${quiet} THEN 1 ELSE sign_in_failures.failures + 1 END,
            last_failure_at = ${at}
          WHERE sign_in_failures.last_failure_at < ${quiet}
             OR sign_in_failures.failures < ${FREE_FAILURES}::int
             OR sign_in_failures.last_failure_at
                + make_interval(secs => LEAST(${MAX_WAIT_SECONDS}::int, power(2, sign_in_failures.failures - ${FREE_FAILURES}::int + 1))::double precision) <= ${at}
          RETURNING failures`);
        // Waiting: nothing of this attempt is counted anywhere.
        if (!counted) throw new Waiting(await secondsToWait(tx, scope, key, now));
      }
      return 0;
    })
    .catch((error: unknown) => {
      if (error instanceof Waiting) return error.seconds;
      throw error;
    });
  if (blocked > 0) throw new TooManyAttempts(TOO_MANY, blocked);
}

class Waiting extends Error {
  constructor(readonly seconds: number) {
    super("waiting");
  }
}

async function secondsToWait(on: Queries, scope: string, key: string, now: number): Promise<number> {
  const row = await on.one<{ failures: number; last_failure_at: Date }>(sql`
    SELECT failures, last_failure_at FROM sign_in_failures WHERE scope = ${scope} AND key = ${key}`);
  if (!row) return 1;
  return Math.min(MAX_WAIT_SECONDS, Math.max(1, Math.ceil((row.last_failure_at.getTime() + waitAfter(row.failures) * 1000 - now) / 1000)));
}

/** A right password gives its reservations back; a known browser's and a pair's own counts start again. */
export async function releaseAttempt(keys: LimitKey[]): Promise<void> {
  for (const { scope, key } of keys) {
    if (scope === "device" || scope === "pair") await db.run(sql`DELETE FROM sign_in_failures WHERE scope = ${scope} AND key = ${key}`);
    else await db.run(sql`UPDATE sign_in_failures SET failures = GREATEST(0, failures - 1) WHERE scope = ${scope} AND key = ${key}`);
  }
}
