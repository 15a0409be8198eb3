-- The restaurant's time as staff run it: weekly hours per kitchen section, special dates, pausing and
-- busy minutes, lead times, each dish's kitchen weight, each 15-minute slot's capacity and what orders
-- have taken of it; and the time each order is promised for.
-- Until staff save hours, no row exists and the hours of content/hours.json apply.

-- One row per open range of a weekday (0 = Sunday ... 6 = Saturday), Miami wall-clock minutes.
CREATE TABLE opening_hours (
  section text NOT NULL CHECK (section IN ('jealous-fork', 'jealous-burger')),
  weekday smallint NOT NULL CHECK (weekday BETWEEN 0 AND 6),
  opens   integer NOT NULL CHECK (opens >= 0 AND opens < 1440),
  closes  integer NOT NULL CHECK (closes > opens AND closes <= 1440),
  PRIMARY KEY (section, weekday, opens)
);

-- A date or range of dates closed (no hours) or with its own hours, with the note customers read.
CREATE TABLE special_dates (
  id        bigserial PRIMARY KEY,
  starts_on date NOT NULL,
  ends_on   date NOT NULL CHECK (ends_on >= starts_on),
  -- The kitchen sections it applies to; null: every one.
  sections  text[],
  -- [{ opens, closes }]; empty: closed all day.
  hours     jsonb NOT NULL DEFAULT '[]',
  note      text NOT NULL DEFAULT ''
);

-- The ordering switches, one row: whether staff saved hours at all, the pause, busy minutes, lead times.
CREATE TABLE ordering_settings (
  id                    boolean PRIMARY KEY DEFAULT true CHECK (id),
  -- False until staff first save the weekly hours: content/hours.json applies meanwhile.
  hours_saved           boolean NOT NULL DEFAULT false,
  paused                boolean NOT NULL DEFAULT false,
  -- Null with paused: until staff resume.
  paused_until          timestamptz,
  pause_message         text NOT NULL DEFAULT '',
  busy_minutes          integer NOT NULL DEFAULT 0 CHECK (busy_minutes BETWEEN 0 AND 180),
  pickup_lead_minutes   integer NOT NULL DEFAULT 15 CHECK (pickup_lead_minutes BETWEEN 0 AND 240),
  delivery_lead_minutes integer NOT NULL DEFAULT 45 CHECK (delivery_lead_minutes BETWEEN 0 AND 240),
  updated_at            timestamptz NOT NULL DEFAULT now()
);
INSERT INTO ordering_settings (id) VALUES (true);

-- What one 15-minute slot of a kitchen section can make, in kitchen weight, for pickup and for delivery.
CREATE TABLE slot_capacities (
  section    text NOT NULL CHECK (section IN ('jealous-fork', 'jealous-burger')),
  fulfilment text NOT NULL CHECK (fulfilment IN ('pickup', 'delivery')),
  weight     integer NOT NULL CHECK (weight BETWEEN 0 AND 10000),
  PRIMARY KEY (section, fulfilment)
);
INSERT INTO slot_capacities (section, fulfilment, weight) VALUES
  ('jealous-fork', 'pickup', 40), ('jealous-fork', 'delivery', 20),
  ('jealous-burger', 'pickup', 40), ('jealous-burger', 'delivery', 20);

-- The weight orders have taken of a slot. Taken by one conditional statement (the sum stays within
-- the capacity), so two orders racing for the last room cannot both have it.
CREATE TABLE slot_bookings (
  slot_at    timestamptz NOT NULL,
  section    text NOT NULL,
  fulfilment text NOT NULL CHECK (fulfilment IN ('pickup', 'delivery')),
  weight     integer NOT NULL CHECK (weight >= 0),
  PRIMARY KEY (slot_at, section, fulfilment)
);

-- How heavy a dish is on its kitchen (a burger 1, a party platter 4): what a slot's capacity counts.
ALTER TABLE menu_items ADD COLUMN kitchen_weight integer NOT NULL DEFAULT 1 CHECK (kitchen_weight BETWEEN 0 AND 100);

-- The time the order is promised for (the chosen slot, or the quoted time of an as-soon-as-possible order).
ALTER TABLE orders ADD COLUMN promised_at timestamptz;
ALTER TABLE orders ADD COLUMN promised_asap boolean NOT NULL DEFAULT false;
CREATE INDEX orders_upcoming ON orders (promised_at) WHERE promised_at IS NOT NULL;
