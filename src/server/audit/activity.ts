// The activity log: every change staff make (refunds, order status, hours, pause and busy, prices and
// stock, content, settings, accounts, sign-ins) with who made it, when, and what it was before and after.
// Each row is written inside the change's own transaction (the `on` given), so a change is logged or did
// not happen; housekeeping removes rows after a year. The actions are src/domain/staffActivity.ts's.
import { ACTIVITY_GROUPS, isActivityGroup, type ActivityRow, type StaffAction } from "../../domain/staffActivity";
import { db, type Queries } from "../platform/database";
import { sql } from "../platform/sql";

/** Rows older than this are removed by housekeeping. */
export const ACTIVITY_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;

export interface ActivityEntry {
  action: StaffAction;
  target?: string;
  before?: unknown;
  after?: unknown;
}


/** Who did it: an account, or nobody signed in (a failed sign-in names the e-mail tried instead). */
/** Who made a change: a staff account (its id and name), or the site itself with a name of its own. */
export type ActivityActor = { accountId: string; name: string } | { accountId: null; name: string };

export async function recordActivity(actor: ActivityActor, entry: ActivityEntry, on: Queries = db): Promise<void> {
  await on.run(sql`
    INSERT INTO staff_activity (account_id, actor, action, target, before, after)
    VALUES (${actor.accountId}, ${actor.name}, ${entry.action}, ${entry.target ?? ""},
            ${entry.before === undefined ? null : JSON.stringify(entry.before)}::jsonb,
            ${entry.after === undefined ? null : JSON.stringify(entry.after)}::jsonb)`);
}

export interface ActivityFilter {
  accountId?: string;
  /** A group of the Activity tab ("hours": the hours and dish weights), an action, or its first word ("order" for "order.status"). */
  action?: string;
  from?: Date;
  to?: Date;
  /** Rows older than this id (the next page). */
  before?: number;
  limit: number;
}

export async function listActivity(filter: ActivityFilter): Promise<ActivityRow[]> {
  const group: readonly string[] | null = filter.action && isActivityGroup(filter.action) ? ACTIVITY_GROUPS[filter.action].actions : null;
  const rows = await db.all<{ id: string; at: Date; account_id: string | null; actor: string; action: string; target: string; before: unknown; after: unknown }>(sql`
    SELECT id, at, account_id, actor, action, target, before, after FROM staff_activity
    WHERE (${filter.accountId ?? null}::uuid IS NULL OR account_id = ${filter.accountId ?? null}::uuid)
      AND (${group ? [...group] : null}::text[] IS NULL OR action = ANY(${group ? [...group] : null}::text[]))
      AND (${group ? null : (filter.action ?? null)}::text IS NULL OR action = ${filter.action ?? null}::text OR action LIKE ${(filter.action ?? "") + ".%"})
      AND (${filter.from ?? null}::timestamptz IS NULL OR at >= ${filter.from ?? null}::timestamptz)
      AND (${filter.to ?? null}::timestamptz IS NULL OR at < ${filter.to ?? null}::timestamptz)
      AND (${filter.before ?? null}::bigint IS NULL OR id < ${filter.before ?? null}::bigint)
    ORDER BY id DESC LIMIT ${filter.limit}`);
  return rows.map((row) => ({
    id: Number(row.id),
    at: row.at.toISOString(),
    accountId: row.account_id,
    actor: row.actor,
    action: row.action,
    target: row.target,
    before: row.before,
    after: row.after,
  }));
}
