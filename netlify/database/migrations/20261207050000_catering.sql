-- Catering: trays with "serves N" (filled from content/catering.json on first use), the owner's rules
-- (minimums, notice, each event day's room in trays, the cancellation terms), each event day's trays
-- booked, and each catering order with the card's authorization or its Square invoice, and what became of it.
CREATE TABLE catering_trays (
  id              serial PRIMARY KEY,
  slug            text NOT NULL UNIQUE,
  name_en         text NOT NULL,
  name_es         text NOT NULL,
  description_en  text NOT NULL DEFAULT '',
  description_es  text NOT NULL DEFAULT '',
  serves          integer NOT NULL CHECK (serves BETWEEN 1 AND 200),
  price_cents     integer NOT NULL CHECK (price_cents BETWEEN 100 AND 1000000),
  available       boolean NOT NULL DEFAULT true,
  position        integer NOT NULL DEFAULT 0
);

-- One row (id 1): its presence is also the marker that the trays were seeded.
CREATE TABLE catering_settings (
  id                  integer PRIMARY KEY CHECK (id = 1),
  enabled             boolean NOT NULL DEFAULT true,
  min_people          integer NOT NULL,
  min_cents           integer NOT NULL,
  notice_hours        integer NOT NULL,
  small_notice_hours  integer NOT NULL,
  small_max_people    integer NOT NULL,
  trays_per_day       integer NOT NULL,
  terms               jsonb NOT NULL,
  updated_at          timestamptz NOT NULL DEFAULT now()
);

-- The trays taken of each event day (Miami's date): catering's own room, apart from the kitchen's slots.
CREATE TABLE catering_day_bookings (
  event_date  date PRIMARY KEY,
  trays       integer NOT NULL CHECK (trays >= 0)
);

CREATE TABLE catering_orders (
  id                   text PRIMARY KEY,
  idempotency_key      text NOT NULL UNIQUE,
  -- held (being placed), authorized/captured (a card held, then taken), invoiced/deposit_paid/paid (a Square
  -- invoice with a deposit and a balance, for events further out), cancelled.
  status               text NOT NULL CHECK (status IN ('held', 'authorized', 'captured', 'invoiced', 'deposit_paid', 'paid', 'cancelled')),
  event_at             timestamptz NOT NULL,
  event_date           date NOT NULL,
  headcount            integer NOT NULL,
  trays                integer NOT NULL,
  lines                jsonb NOT NULL,
  total_cents          integer NOT NULL,
  terms                jsonb NOT NULL,
  locale               text NOT NULL,
  customer_name        text NOT NULL,
  customer_email       text NOT NULL,
  customer_phone       text NOT NULL,
  note                 text NOT NULL DEFAULT '',
  payment_id           text,
  invoice_id           text UNIQUE,
  pay_url              text,
  authorized_at        timestamptz,
  captured_at          timestamptz,
  cancelled_at         timestamptz,
  refunded_cents       integer NOT NULL DEFAULT 0,
  created_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX catering_orders_event ON catering_orders (event_date);
CREATE INDEX catering_orders_authorized ON catering_orders (authorized_at) WHERE status = 'authorized';
