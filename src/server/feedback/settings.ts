// Whether diners are asked how their pickup was (a console setting, off until an owner turns it on): a
// row of settings, its change written to the activity log in the same transaction.
import { recordActivity, type ActivityActor } from "../audit";
import { db, type Queries } from "../platform/database";
import { sql } from "../platform/sql";

const KEY = "come_back_mail";

export async function comeBackMailOn(on: Queries = db): Promise<boolean> {
  const row = await on.one<{ value: unknown }>(sql`SELECT value FROM settings WHERE key = ${KEY}`);
  return row?.value === true;
}

export async function setComeBackMail(enabled: boolean, actor: ActivityActor): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await comeBackMailOn(tx);
    await tx.run(sql`
      INSERT INTO settings (key, value) VALUES (${KEY}, ${JSON.stringify(enabled)}::jsonb)
      ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`);
    await recordActivity(actor, { action: "settings.come-back-mail", target: "after-pickup e-mail", before: { enabled: before }, after: { enabled } }, tx);
  });
}
