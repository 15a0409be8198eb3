-- How each order was paid, for the diner's receipt, and the one "how was it?" e-mail after a pickup.

-- The tenders of a paid order as the payment provider told us when it became paid: a kind (card, a
-- wallet, a gift card), a card brand and last four digits, what it paid, and a gift card's balance after
-- it (Square tells that in its gift card activity notification, which may come a moment later). Never a
-- card number. NULL on orders paid before this column.
ALTER TABLE orders ADD COLUMN tenders jsonb;

-- When staff (or the POS) marked the order completed: the come-back e-mail goes 60 to 90 minutes after it.
-- Set by the database on the change itself, whichever path made it (console, board, Square's POS).
ALTER TABLE orders ADD COLUMN completed_at timestamptz;

CREATE FUNCTION orders_completed_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'completed' AND OLD.status IS DISTINCT FROM 'completed' THEN
    NEW.completed_at := coalesce(NEW.updated_at, now());
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER orders_completed_at BEFORE UPDATE OF status ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_completed_at();

-- Pickups just completed, for the scheduled run that asks how it was.
CREATE INDEX orders_recently_completed ON orders (completed_at) WHERE status = 'completed' AND order_type = 'pickup';

-- One row per order asked how it was: its primary key makes "exactly once" hold however many scheduled
-- runs race (the row and its e-mail are written in one statement, and the second insert finds the row).
-- The answer, once given, and the owner's message it became.
-- token_hash: the SHA-256 of the e-mail's link token (the token itself is in the outbox payload only until
-- the message is sent): the link answers for this order, and nothing else.
CREATE TABLE feedback_requests (
  order_id           text PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE,
  token_hash         text NOT NULL UNIQUE,
  email              text NOT NULL,
  created_at         timestamptz NOT NULL DEFAULT now(),
  answer             text CHECK (answer IN ('happy', 'unhappy')),
  answered_at        timestamptz,
  contact_message_id uuid REFERENCES contact_messages(id) ON DELETE SET NULL
);

-- Diners who asked never to be e-mailed this again, by a hash of their lower-cased address.
CREATE TABLE feedback_opt_outs (
  email_hash text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The new kind of message, added to whatever kinds the constraint allows by then. Not "marketing": the
-- writer gives it the priority of what can wait itself.
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
  kinds := array_remove(coalesce(kinds, '{}'), 'diner_come_back');
  kinds := kinds || ARRAY['diner_come_back'];
  ALTER TABLE mail_outbox DROP CONSTRAINT IF EXISTS mail_outbox_kind_check;
  EXECUTE format('ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check CHECK (kind = ANY (%L::text[]))', kinds);
END $$;
