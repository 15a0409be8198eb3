// The owner's courier fee policy (settings key 'courier_fee_policy'): read by every quote, changed in
// the console with its activity row.
import { courierFeePolicySchema, DEFAULT_COURIER_FEE_POLICY, type CourierFeePolicy } from "../../domain/courierFee";
import { db, type Queries } from "../platform/database";
import { sql } from "../platform/sql";
import { recordActivity, type ActivityActor } from "../audit";

const KEY = "courier_fee_policy";

export async function courierFeePolicy(on: Queries = db): Promise<CourierFeePolicy> {
  const row = await on.one<{ value: unknown }>(sql`SELECT value FROM settings WHERE key = ${KEY}`);
  const parsed = courierFeePolicySchema.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_COURIER_FEE_POLICY;
}

export async function setCourierFeePolicy(policy: CourierFeePolicy, actor: ActivityActor): Promise<CourierFeePolicy> {
  return db.transaction(async (tx) => {
    const before = await courierFeePolicy(tx);
    await tx.run(sql`
      INSERT INTO settings (key, value) VALUES (${KEY}, ${JSON.stringify(policy)}::jsonb)
      ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`);
    await recordActivity(actor, { action: "settings.courier_fee", target: "courier fee policy", before, after: policy }, tx);
    return policy;
  });
}
