-- The diner's e-mail of a catering booking (its day, trays, how it is paid, the terms and the link to see or
-- cancel it), queued with the booking; it names the booking in its payload (mail_outbox.order_id is a
-- kitchen order's).
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
  kinds := array_remove(coalesce(kinds, '{}'), 'catering_booked') || ARRAY['catering_booked'];
  ALTER TABLE mail_outbox DROP CONSTRAINT IF EXISTS mail_outbox_kind_check;
  EXECUTE format('ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check CHECK (kind = ANY (%L::text[]))', kinds);
END $$;
