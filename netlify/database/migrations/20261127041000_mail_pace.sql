-- Mail at the provider's pace. One row holds the sending allowance shared by every outbox worker (a
-- token bucket refilled at MAIL_RATE_PER_MINUTE): a worker locks it in the transaction that claims
-- messages, so two workers together never send faster than the provider takes. A backlog older than
-- five minutes is remembered in settings ('mail_backlog'); once it clears, the owners hear of it by a
-- message of a new kind, staff_mail_backlog.
CREATE TABLE mail_send_pace (
  id           boolean PRIMARY KEY DEFAULT true CHECK (id),
  tokens       double precision NOT NULL DEFAULT 0 CHECK (tokens >= 0),
  refreshed_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO mail_send_pace DEFAULT VALUES;

-- The kinds allowed so far, plus the new one (read from the constraint itself, so another migration's
-- kinds are kept whatever order they were added in).
DO $$
DECLARE
  kinds text[];
BEGIN
  -- Every kind has an underscore, which no word of the constraint's own text has; this reads both the
  -- first form (ARRAY['a'::text, ...]) and the rewritten one ('{a,b}'::text[]).
  SELECT array_agg(DISTINCT m[1]) INTO kinds
  FROM pg_constraint c, regexp_matches(pg_get_constraintdef(c.oid), '([a-z]+_[a-z_]+)', 'g') AS m
  WHERE c.conrelid = 'mail_outbox'::regclass AND c.conname = 'mail_outbox_kind_check';
  ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
  EXECUTE format('ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check CHECK (kind = ANY (%L::text[]))',
                 array_append(array_remove(kinds, 'staff_mail_backlog'), 'staff_mail_backlog'));
END
$$;
