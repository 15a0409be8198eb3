// The owner's loyalty setting: whether a promo code and a reward may go on one order. The default is no
// (a code and a reward both discounting one order is the owner's call, not the site's).
import type { ActivityActor } from "../audit/activity";
import { recordActivity } from "../audit/activity";
import { db } from "../platform/database";
import { sql } from "../platform/sql";

export interface LoyaltySettings {
  combineWithCodes: boolean;
}

export async function combineWithCodes(): Promise<boolean> {
  const row = await db.one<{ combine_with_codes: boolean }>(sql`SELECT combine_with_codes FROM loyalty_settings WHERE id = 1`);
  return row?.combine_with_codes ?? false;
}

export async function loyaltySettings(): Promise<LoyaltySettings> {
  return { combineWithCodes: await combineWithCodes() };
}

/** The owner changes the setting; the change is in the activity log. */
export async function saveLoyaltySettings(settings: LoyaltySettings, actor: ActivityActor): Promise<LoyaltySettings> {
  const before = await loyaltySettings();
  await db.transaction(async (tx) => {
    await tx.run(sql`
      INSERT INTO loyalty_settings (id, combine_with_codes, updated_at) VALUES (1, ${settings.combineWithCodes}, now())
      ON CONFLICT (id) DO UPDATE SET combine_with_codes = EXCLUDED.combine_with_codes, updated_at = now()`);
    await recordActivity(actor, { action: "settings.loyalty", target: "loyalty", before: { ...before }, after: { ...settings } }, tx);
  });
  return loyaltySettings();
}
