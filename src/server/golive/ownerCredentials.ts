// Whether an owner signs in with credentials of their own (a password or a passkey), which makes the
// set-up password ADMIN_PASSWORD a key nobody needs any more. Read from the staff tables in this one
// place, to be replaced by the staff room's own answer when it gives one.
import { db } from "../database";
import { sql } from "../sql";

export async function ownerHasOwnCredentials(): Promise<boolean> {
  const row = await db.one(sql`
    SELECT 1 FROM staff_accounts a WHERE a.role = 'owner' AND a.disabled_at IS NULL
      AND (a.password_hash IS NOT NULL OR EXISTS (SELECT 1 FROM staff_passkeys p WHERE p.account_id = a.id))`);
  return row !== null;
}
