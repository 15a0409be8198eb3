-- Sign-in that no stranger can shut, and recovery that leaves no intruder in.
-- Waits are counted per pair of account and client network ('pair') and per network; the account's own
-- count ('account') only raises an alarm to the owner, at most once a day (alarmed_at).
ALTER TABLE sign_in_failures DROP CONSTRAINT IF EXISTS sign_in_failures_scope_check;
ALTER TABLE sign_in_failures ADD CONSTRAINT sign_in_failures_scope_check CHECK (scope IN ('account', 'network', 'device', 'pair'));
ALTER TABLE sign_in_failures ADD COLUMN alarmed_at timestamptz;

-- The staff's security notices by e-mail (a passkey added, a password changed, many failed sign-ins).
-- The kinds are read from the constraint as it stands, so a kind another migration added is kept.
DO $$
DECLARE
  kinds text[];
BEGIN
  -- Each quoted part of the definition: one kind ('order_ready'::text) or an array of them ('{a,b}'::text[]).
  SELECT array_agg(DISTINCT kind) INTO kinds
  FROM pg_constraint c,
       regexp_matches(pg_get_constraintdef(c.oid), '''([^'']*)''', 'g') AS m,
       unnest(string_to_array(trim(both '{}' from m[1]), ',')) AS kind
  WHERE c.conrelid = 'mail_outbox'::regclass AND c.conname = 'mail_outbox_kind_check';
  kinds := array_append(array_remove(coalesce(kinds, ARRAY[]::text[]), 'staff_security_notice'), 'staff_security_notice');
  ALTER TABLE mail_outbox DROP CONSTRAINT IF EXISTS mail_outbox_kind_check;
  EXECUTE format('ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check CHECK (kind = ANY (%L::text[]))', kinds);
END $$;

-- ADMIN_PASSWORD opens the console only until an owner has had a password or passkey of their own; the
-- fact is kept here, so removing every credential later never brings the set-up password back.
INSERT INTO settings (key, value)
SELECT 'setup-password-retired', to_jsonb(now()::text)
WHERE EXISTS (
  SELECT 1 FROM staff_accounts a WHERE a.role = 'owner'
    AND (a.password_hash IS NOT NULL OR EXISTS (SELECT 1 FROM staff_passkeys p WHERE p.account_id = a.id)))
ON CONFLICT (key) DO NOTHING;
