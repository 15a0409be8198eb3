-- Delivery by a courier (DoorDash Drive): the quotes the checkout asked for, the delivery of each paid
-- order that chose one, the courier's notifications applied once, and the owner's fee policy.

-- A quote lives about 5 minutes at the courier; its id is ours (DoorDash's external_delivery_id) and
-- unique there, so a new quote always takes a new id. An order takes one quote (order_id, set once).
CREATE TABLE courier_quotes (
  id                  text PRIMARY KEY,
  provider            text NOT NULL CHECK (provider IN ('doordash')),
  -- The drop-off as it was quoted ("street, city, state zip"): an order to another address needs another quote.
  dropoff_address     text NOT NULL,
  -- What the courier charges the restaurant, and what the customer pays of it under the fee policy.
  courier_fee_cents   integer NOT NULL CHECK (courier_fee_cents >= 0),
  customer_fee_cents  integer NOT NULL CHECK (customer_fee_cents >= 0),
  subtotal_cents      integer NOT NULL CHECK (subtotal_cents >= 0),
  pickup_at           timestamptz NOT NULL,
  dropoff_eta         timestamptz,
  expires_at          timestamptz NOT NULL,
  order_id            text REFERENCES orders (id) ON DELETE CASCADE,
  created_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX courier_quotes_of_order ON courier_quotes (order_id) WHERE order_id IS NOT NULL;
CREATE INDEX courier_quotes_created ON courier_quotes (created_at);

-- One courier delivery per order, written with the pending order and dispatched only once it is paid.
-- state: awaiting_payment (the order is not paid: never sent to the courier), to_dispatch (paid, its
-- quote to be accepted; due at next_attempt_at), dispatching (a worker holds it until next_attempt_at),
-- dispatched (accepted by the courier), failed (dispatch given up: staff decide), cancelled (the
-- courier or staff cancelled it), delivered.
CREATE TABLE courier_deliveries (
  order_id             text PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
  provider             text NOT NULL CHECK (provider IN ('doordash')),
  -- The quote (and so the courier's external_delivery_id) it is dispatched with; a new one after a re-quote.
  external_delivery_id text NOT NULL UNIQUE,
  state                text NOT NULL DEFAULT 'awaiting_payment'
                       CHECK (state IN ('awaiting_payment', 'to_dispatch', 'dispatching', 'dispatched', 'failed', 'cancelled', 'delivered')),
  -- The courier's own words for where it is (DASHER_CONFIRMED, DASHER_PICKED_UP ...), from its notifications.
  courier_event        text,
  tracking_url         text,
  driver_name          text,
  pickup_at            timestamptz NOT NULL,
  dropoff_eta          timestamptz,
  tip_cents            integer NOT NULL DEFAULT 0 CHECK (tip_cents >= 0),
  customer_fee_cents   integer NOT NULL CHECK (customer_fee_cents >= 0),
  -- What the courier charged when it accepted (the restaurant pays it; the Sales tab compares).
  courier_fee_cents    integer NOT NULL CHECK (courier_fee_cents >= 0),
  attempts             integer NOT NULL DEFAULT 0,
  next_attempt_at      timestamptz NOT NULL DEFAULT now(),
  last_error           text,
  cancellation_reason  text,
  -- Set when staff must act (a dispatch given up, a courier's cancellation); cleared when they do.
  needs_staff          boolean NOT NULL DEFAULT false,
  dispatched_at        timestamptz,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX courier_deliveries_due ON courier_deliveries (next_attempt_at) WHERE state IN ('to_dispatch', 'dispatching');
CREATE INDEX courier_deliveries_staff ON courier_deliveries (updated_at) WHERE needs_staff;

-- Each notification once: a redelivered one (the courier retries up to 3 times) changes nothing.
CREATE TABLE courier_events (
  id                   bigserial PRIMARY KEY,
  dedupe_key           text NOT NULL UNIQUE,
  external_delivery_id text NOT NULL,
  event_type           text NOT NULL,
  received_at          timestamptz NOT NULL DEFAULT now()
);

-- The owner's policy for the courier's fee (settings key 'courier_fee_policy'): the customer pays all
-- of it, a flat part of it, or nothing once the subtotal reaches an amount. All of it until changed.
INSERT INTO settings (key, value) VALUES ('courier_fee_policy', '{"mode": "all"}') ON CONFLICT (key) DO NOTHING;

-- New kinds of e-mail: the customer's tracking link once a driver is assigned, the customer's and the
-- restaurant's word of a courier's cancellation or of a dispatch given up. The kinds already allowed are
-- kept as they stand (other migrations add kinds of their own): every kind has an underscore, read from
-- the constraint whether it is written as an IN list ('a', 'b') or as one array literal ('{a,b}').
DO $$
DECLARE
  kinds text[];
BEGIN
  SELECT array_agg(DISTINCT match[1]) INTO kinds
  FROM pg_constraint, regexp_matches(pg_get_constraintdef(pg_constraint.oid), '([a-z]+_[a-z_]+)', 'g') AS match
  WHERE conrelid = 'mail_outbox'::regclass AND conname = 'mail_outbox_kind_check';
  kinds := array(SELECT DISTINCT unnest(coalesce(kinds, '{}') || ARRAY['order_courier_assigned', 'order_courier_cancelled', 'staff_courier_problem']));
  ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
  EXECUTE format('ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check CHECK (kind = ANY (%L::text[]))', kinds);
END
$$;

-- The courier's notifications queue their e-mails in the transaction that applies them.
CREATE FUNCTION mail_on_courier_delivery() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  customer text;
BEGIN
  SELECT customer_email INTO customer FROM orders WHERE id = NEW.order_id;
  IF NEW.driver_name IS NOT NULL AND NEW.tracking_url IS NOT NULL
     AND (TG_OP = 'INSERT' OR OLD.driver_name IS NULL OR OLD.tracking_url IS NULL) THEN
    PERFORM mail_queue('order_courier_assigned', 'order_courier_assigned:' || NEW.order_id, NEW.order_id, NULL, customer, '{}');
  END IF;
  -- The courier cancelled, or a dispatch was given up: the customer hears what happens next, the
  -- restaurant that it must act (a new courier or a refund, from the order in the console).
  IF NEW.state IN ('cancelled', 'failed') AND NEW.needs_staff AND (TG_OP = 'INSERT' OR OLD.state NOT IN ('cancelled', 'failed')) THEN
    -- (An order the restaurant cancelled already told its customer so.)
    IF (SELECT status FROM orders WHERE id = NEW.order_id) <> 'cancelled' THEN
      PERFORM mail_queue('order_courier_cancelled', 'order_courier_cancelled:' || NEW.external_delivery_id, NEW.order_id, NULL, customer, '{}');
    END IF;
    PERFORM mail_queue('staff_courier_problem', 'staff_courier_problem:' || NEW.external_delivery_id, NEW.order_id, NULL,
                       mail_restaurant_address(), jsonb_build_object('state', NEW.state, 'reason', coalesce(NEW.cancellation_reason, NEW.last_error, '')));
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER mail_on_courier_delivery AFTER INSERT OR UPDATE ON courier_deliveries
  FOR EACH ROW EXECUTE FUNCTION mail_on_courier_delivery();

-- The customer's courier messages are in the order's language too, as every order_* message is.
CREATE OR REPLACE FUNCTION mail_outbox_language() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.order_id IS NOT NULL AND NEW.kind LIKE 'order\_%' THEN
    NEW.language := coalesce((SELECT locale FROM orders WHERE id = NEW.order_id), NEW.language);
  END IF;
  RETURN NEW;
END
$$;
