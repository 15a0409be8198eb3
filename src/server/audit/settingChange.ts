// An owner's number setting changed (a site-wide budget): the settings row and its activity row written in
// one transaction, with what it was.
import type { StaffAction } from "../../domain/staffActivity";
import { db } from "../platform/database";
import { numberSetting } from "../platform/siteBudget";
import { sql } from "../platform/sql";
import { recordActivity, type ActivityActor } from "./activity";

export async function changeNumberSetting(
  change: { key: string; value: number; fallback: number; max: number; action: StaffAction; target: string },
  actor: ActivityActor,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await numberSetting(change.key, change.fallback, change.max, tx);
    await tx.run(sql`
      INSERT INTO settings (key, value) VALUES (${change.key}, ${JSON.stringify(change.value)}::jsonb)
      ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`);
    await recordActivity(actor, { action: change.action, target: change.target, before: { limit: before }, after: { limit: change.value } }, tx);
  });
}
