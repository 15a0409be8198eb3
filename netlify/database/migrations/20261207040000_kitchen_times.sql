-- Each order's kitchen times beside its promise (promised_at): when the kitchen started it, when it was
-- ready, and when it was handed over (picked up by the diner, or given to the courier). They are stamped by
-- the database as the order's status moves, whoever moves it: a tap on the console's board or the POS
-- through Square's notification. Each writer of the status also writes updated_at from the restaurant's
-- clock, so that is the moment taken. A stage skipped (ready without a start) leaves its time empty: the
-- order page never shows a stage without the event behind it.
ALTER TABLE orders
  ADD COLUMN started_at timestamptz,
  ADD COLUMN ready_at   timestamptz,
  ADD COLUMN handed_at  timestamptz;

CREATE FUNCTION stamp_kitchen_times() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IS NOT DISTINCT FROM OLD.status THEN
    RETURN NEW;
  END IF;
  IF NEW.status = 'preparing' THEN
    NEW.started_at := coalesce(NEW.started_at, NEW.updated_at);
  ELSIF NEW.status = 'ready' THEN
    NEW.ready_at := coalesce(NEW.ready_at, NEW.updated_at);
  ELSIF NEW.status = 'completed' THEN
    -- Completed straight from the kitchen: ready and handed over at once.
    NEW.ready_at := coalesce(NEW.ready_at, NEW.updated_at);
    NEW.handed_at := coalesce(NEW.handed_at, NEW.updated_at);
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER orders_kitchen_times BEFORE UPDATE OF status ON orders
  FOR EACH ROW EXECUTE FUNCTION stamp_kitchen_times();

-- A delivery is handed over when the courier picks it up (DoorDash's DASHER_PICKED_UP).
CREATE FUNCTION stamp_courier_pickup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.courier_event = 'DASHER_PICKED_UP' AND OLD.courier_event IS DISTINCT FROM 'DASHER_PICKED_UP' THEN
    UPDATE orders SET handed_at = coalesce(handed_at, NEW.updated_at), ready_at = coalesce(ready_at, NEW.updated_at) WHERE id = NEW.order_id;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER courier_pickup_hands_over AFTER UPDATE OF courier_event ON courier_deliveries
  FOR EACH ROW EXECUTE FUNCTION stamp_courier_pickup();

-- What the quotes learn from: the recent weeks' orders by their promise.
CREATE INDEX orders_kitchen_times ON orders (promised_at) WHERE promised_at IS NOT NULL AND status IN ('confirmed', 'preparing', 'ready', 'completed');

-- The one running-late message an order gets, with its new time (the order page shows it).
CREATE TABLE order_late_notices (
  order_id   text PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
  new_time   timestamptz NOT NULL,
  channel    text NOT NULL CHECK (channel IN ('email', 'text')),
  created_at timestamptz NOT NULL
);

-- Its e-mail, queued in the transaction that records the notice, in the order's language (as every order_*
-- message is): one per order, whatever retries the sweep makes. And the owner's e-mail when a week slips.
-- Kinds of e-mail are allowed by one constraint on the outbox, which each migration that adds kinds rewrote
-- in a block of its own; from here on they call this, which keeps the kinds already allowed (read from the
-- constraint however it is written) and adds theirs.
CREATE FUNCTION mail_allow_kinds(VARIADIC added text[]) RETURNS void LANGUAGE plpgsql AS $$
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
  kinds := array(SELECT DISTINCT unnest(coalesce(kinds, '{}') || added));
  ALTER TABLE mail_outbox DROP CONSTRAINT IF EXISTS mail_outbox_kind_check;
  EXECUTE format('ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check CHECK (kind = ANY (%L::text[]))', kinds);
END
$$;

SELECT mail_allow_kinds('order_running_late', 'staff_kitchen_week');

CREATE FUNCTION mail_on_late_notice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.channel = 'email' THEN
    PERFORM mail_queue('order_running_late', 'order_running_late:' || NEW.order_id, NEW.order_id, NULL,
                       (SELECT customer_email FROM orders WHERE id = NEW.order_id), jsonb_build_object('newTime', NEW.new_time));
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER mail_on_late_notice AFTER INSERT ON order_late_notices
  FOR EACH ROW EXECUTE FUNCTION mail_on_late_notice();

-- Texts about a diner's orders, chosen on the account page for a phone the diner proved there by a code (a
-- US number only): the running-late news then goes by text. Deleting the account removes the choice.
CREATE TABLE diner_text_choices (
  account_id uuid PRIMARY KEY REFERENCES diner_accounts (id) ON DELETE CASCADE,
  phone      text NOT NULL,
  proven_at  timestamptz NOT NULL,
  chosen_at  timestamptz NOT NULL
);

-- A notice by text: the number it goes to, its state and tries, Twilio's message id once accepted. A text
-- that cannot go (refused, or the site's text budget spent) becomes an e-mail: its channel moves to 'email'
-- and the e-mail is queued then (mail_on_late_notice, on the update too).
ALTER TABLE order_late_notices
  ADD COLUMN text_to       text,
  ADD COLUMN text_status   text CHECK (text_status IN ('waiting', 'sent')),
  ADD COLUMN text_attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN text_sid      text;
CREATE INDEX order_late_notices_texts_waiting ON order_late_notices (created_at) WHERE text_status = 'waiting';

CREATE OR REPLACE FUNCTION mail_on_late_notice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.channel = 'email' AND (TG_OP = 'INSERT' OR OLD.channel IS DISTINCT FROM 'email') THEN
    PERFORM mail_queue('order_running_late', 'order_running_late:' || NEW.order_id, NEW.order_id, NULL,
                       (SELECT customer_email FROM orders WHERE id = NEW.order_id), jsonb_build_object('newTime', NEW.new_time));
  END IF;
  RETURN NEW;
END
$$;
DROP TRIGGER mail_on_late_notice ON order_late_notices;
CREATE TRIGGER mail_on_late_notice AFTER INSERT OR UPDATE OF channel ON order_late_notices
  FOR EACH ROW EXECUTE FUNCTION mail_on_late_notice();
