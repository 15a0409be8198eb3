-- The owners hear when declined cards across the whole site trip the brake (every card must then be
-- verified by its bank): a new kind of message. It is added to whatever kinds the constraint allows by
-- then (written as a list or as an array: other migrations add kinds of their own), not to a list
-- copied here.
DO $$
DECLARE
  kinds text[];
BEGIN
  SELECT array_agg(DISTINCT kind) INTO kinds
  FROM (
    SELECT regexp_split_to_table(trim(BOTH '{}' FROM quoted[1]), ',') AS kind
    FROM pg_constraint, regexp_matches(pg_get_constraintdef(oid), '''([^'']*)''', 'g') AS quoted
    WHERE conrelid = 'mail_outbox'::regclass AND conname = 'mail_outbox_kind_check'
  ) AS found
  WHERE kind ~ '^[a-z_]+$';
  kinds := array_append(array_remove(coalesce(kinds, '{}'), 'staff_decline_brake'), 'staff_decline_brake');
  ALTER TABLE mail_outbox DROP CONSTRAINT IF EXISTS mail_outbox_kind_check;
  EXECUTE format('ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check CHECK (kind = ANY (%L::text[]))', kinds);
END $$;
