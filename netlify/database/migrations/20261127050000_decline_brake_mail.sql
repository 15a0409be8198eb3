-- The owners hear when declined cards across the whole site trip the brake (every card must then be
-- verified by its bank): a new kind of message. The kinds allowed are read from the constraint as it
-- stands and this one added, so kinds that other changes add beside it are kept whatever their order.
DO $$
DECLARE
  kinds text;
BEGIN
  SELECT string_agg(quote_literal(kind), ', ' ORDER BY kind) INTO kinds
  FROM (
    SELECT (regexp_matches(pg_get_constraintdef(c.oid), '''([a-z_]+)''', 'g'))[1] AS kind
    FROM pg_constraint c
    WHERE c.conrelid = 'mail_outbox'::regclass AND c.conname = 'mail_outbox_kind_check'
    UNION
    SELECT 'staff_decline_brake'
  ) AS allowed;
  ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
  EXECUTE format('ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check CHECK (kind IN (%s))', kinds);
END
$$;
