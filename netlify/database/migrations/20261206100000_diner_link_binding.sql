-- A sign-in link signs in only the browser that asked for it. Asking sets a short-lived random cookie
-- (jf_link_asker); the link keeps the SHA-256 of its value. Opened in any other browser, the page asks
-- "Sign in as a•••@example.com?" first and opens nothing until the diner says yes. Links asked before
-- this migration have no asker: they always ask.
ALTER TABLE diner_links ADD COLUMN asker_hash text;

-- Site-wide budgets (texts an hour, sign-in links an hour): each time a budget is spent, one row, so the
-- owner is alarmed once per window (an e-mail and a console banner) however many requests come after.
CREATE TABLE site_budget_alarms (
  budget       text NOT NULL,
  window_start timestamptz NOT NULL,
  budget_limit integer NOT NULL,
  raised_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (budget, window_start)
);
CREATE INDEX site_budget_alarms_recent ON site_budget_alarms (raised_at);

-- The owners' alarm when a site-wide budget is spent: a new kind of message, added to whatever kinds the
-- constraint allows by then (other migrations add kinds of their own).
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
  kinds := array_remove(coalesce(kinds, '{}'), 'staff_budget_alarm');
  kinds := kinds || ARRAY['staff_budget_alarm'];
  ALTER TABLE mail_outbox DROP CONSTRAINT IF EXISTS mail_outbox_kind_check;
  EXECUTE format('ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check CHECK (kind = ANY (%L::text[]))', kinds);
END $$;

-- Sign-in link mail waits behind order mail: a flood of link requests never holds an order's confirmation.
-- 0 staff security; 1 order and customer mail; 2 diners' sign-in links; 3 what can wait (contact copies,
-- the after-pickup e-mail, marketing). Rows already queued take their kind's new place.
CREATE OR REPLACE FUNCTION mail_priority(p_kind text) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT (CASE
    WHEN p_kind IN ('staff_setup_link', 'staff_security_notice') OR p_kind LIKE 'staff\_sign\_in%' THEN 0
    WHEN p_kind = 'diner_sign_in_link' THEN 2
    WHEN p_kind IN ('staff_contact_message', 'diner_come_back') OR p_kind LIKE 'marketing%' THEN 3
    ELSE 1
  END)::smallint
$$;
UPDATE mail_outbox SET priority = mail_priority(kind) WHERE status IN ('waiting', 'sending') AND (priority >= 2 OR kind = 'diner_sign_in_link');
