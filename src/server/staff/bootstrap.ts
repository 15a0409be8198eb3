// The first owner's way in on a fresh deploy: ADMIN_PASSWORD, checked with the same slow hash as every
// other password (hashed once per value and kept in the database), and only until an owner has had a
// password or passkey of their own. That fact is kept (settings 'setup-password-retired'), so removing
// every credential later never brings the set-up password back.
import { db, type Queries } from "../platform/database";
import { sql } from "../platform/sql";
import { sign } from "./adminSession";
import { hashPassword, verifyPassword } from "./passwords";

const RETIRED = "setup-password-retired";
const HASH = "setup-password-hash";

/** Whether an owner has had a password or passkey of their own: ADMIN_PASSWORD then applies no more. */
export async function ownerHasOwnCredentials(on: Queries = db): Promise<boolean> {
  return (await on.one(sql`SELECT 1 FROM settings WHERE key = ${RETIRED}`)) !== null;
}

/** Notes that the account, if an owner's, has a credential of its own (in the transaction that gave it). */
export async function noteOwnCredential(accountId: string, on: Queries): Promise<void> {
  await on.run(sql`
    INSERT INTO settings (key, value)
    SELECT ${RETIRED}, to_jsonb(now()::text) FROM staff_accounts a
    WHERE a.id = ${accountId}::uuid AND a.role = 'owner'
      AND (a.password_hash IS NOT NULL OR EXISTS (SELECT 1 FROM staff_passkeys p WHERE p.account_id = a.id))
    ON CONFLICT (key) DO NOTHING`);
}

/**
 * The slow hash of the set-up password. It is made once for each value of ADMIN_PASSWORD and kept with a
 * keyed fingerprint of that value (a copy of the table alone cannot test guesses against the fingerprint).
 */
async function setupPasswordHash(setupPassword: string, secret: string): Promise<string> {
  const fingerprint = sign(secret, `setup-password:${setupPassword}`);
  const row = await db.one<{ value: { fingerprint?: string; hash?: string } }>(sql`SELECT value FROM settings WHERE key = ${HASH}`);
  if (row?.value.fingerprint === fingerprint && row.value.hash) return row.value.hash;
  const hash = await hashPassword(setupPassword);
  await db.run(sql`
    INSERT INTO settings (key, value) VALUES (${HASH}, ${JSON.stringify({ fingerprint, hash })}::jsonb)
    ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`);
  return hash;
}

/** Whether `password` is the set-up password: one slow comparison, as long as any other password's. */
export async function isSetupPassword(password: string, setupPassword: string, secret: string): Promise<boolean> {
  return verifyPassword(password, await setupPasswordHash(setupPassword, secret));
}
