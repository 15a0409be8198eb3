// Steps of going live that no system the site can ask will confirm (pointing the Google Business
// Profile's "Order online" link at the menu): the owner ticks them off, and the tick is kept with who
// and when, in the activity log too.
import type { ManualStep } from "../../domain/goLive";
import { db } from "../platform/database";
import { sql } from "../platform/sql";
import { recordActivity, type ActivityActor } from "../audit";

export interface StepDone {
  doneAt: string;
  by: string;
}

const keyOf = (step: ManualStep) => `golive-step:${step}`;

export async function stepDone(step: ManualStep): Promise<StepDone | null> {
  const row = await db.one<{ value: Partial<StepDone> }>(sql`SELECT value FROM settings WHERE key = ${keyOf(step)}`);
  return row && typeof row.value.doneAt === "string" ? { doneAt: row.value.doneAt, by: String(row.value.by ?? "") } : null;
}

/** Ticks a step off (or back on), with its activity row in the same transaction. */
export async function markStep(step: ManualStep, done: boolean, actor: ActivityActor & { name: string }): Promise<StepDone | null> {
  const entry: StepDone | null = done ? { doneAt: new Date().toISOString(), by: actor.name } : null;
  await db.transaction(async (tx) => {
    const before = await tx.one<{ value: unknown }>(sql`SELECT value FROM settings WHERE key = ${keyOf(step)} FOR UPDATE`);
    if (entry) {
      await tx.run(sql`
        INSERT INTO settings (key, value) VALUES (${keyOf(step)}, ${JSON.stringify(entry)}::jsonb)
        ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`);
    } else {
      await tx.run(sql`DELETE FROM settings WHERE key = ${keyOf(step)}`);
    }
    await recordActivity(actor, { action: "settings.go-live-step", target: step, before: { done: before !== null }, after: { done } }, tx);
  });
  return entry;
}
