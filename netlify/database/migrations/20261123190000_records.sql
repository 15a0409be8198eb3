-- Every record of the site: the menu and its flags, orders with their lines and payment attempts,
-- contact messages, admin sessions, counters, locations and the home page's picture slots.
-- Uploaded image files stay in Netlify Blobs; image_url columns point at them.

-- Small facts kept by name: the menu's highest dish id ever given, the local development secret.
CREATE TABLE settings (
  key        text PRIMARY KEY,
  value      jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE menu_items (
  id                  integer PRIMARY KEY CHECK (id > 0),
  slug                text NOT NULL UNIQUE,
  name                text NOT NULL,
  description         text NOT NULL,
  price_cents         integer NOT NULL CHECK (price_cents >= 0),
  section             text NOT NULL CHECK (section IN ('jealous-fork', 'jealous-burger', 'beverages')),
  category            text NOT NULL,
  featured            boolean NOT NULL DEFAULT false,
  in_stock            boolean NOT NULL DEFAULT true,
  image               text,
  square_id           text,
  square_variation_id text,
  -- Menu order: the order of content/menu.json, or of Square's catalogue after a sync.
  position            integer NOT NULL,
  updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX menu_items_in_order ON menu_items (position, id);

CREATE TABLE orders (
  id                   text PRIMARY KEY,
  order_number         text NOT NULL,
  -- The checkout attempt's key: a retried or double-clicked checkout finds its order again.
  idempotency_key      text NOT NULL UNIQUE,
  -- Hash of what was ordered and by whom: the same key with another cart is refused.
  fingerprint          text NOT NULL,
  status               text NOT NULL CHECK (status IN ('pending', 'payment_failed', 'confirmed', 'preparing', 'ready', 'completed', 'cancelled')),
  order_type           text NOT NULL CHECK (order_type IN ('pickup', 'delivery')),
  subtotal_cents       integer NOT NULL CHECK (subtotal_cents >= 0),
  tax_cents            integer NOT NULL CHECK (tax_cents >= 0),
  delivery_fee_cents   integer NOT NULL CHECK (delivery_fee_cents >= 0),
  total_cents          integer NOT NULL CHECK (total_cents >= 0),
  customer_name        text NOT NULL,
  customer_email       text NOT NULL,
  customer_phone       text NOT NULL,
  -- { address, city, state, zipCode, phone, notes } for a delivery, else null.
  delivery             jsonb,
  created_at           timestamptz NOT NULL,
  -- The restaurant's day (America/New_York) the order was placed on: the staff's lists.
  miami_date           date NOT NULL,
  updated_at           timestamptz NOT NULL,
  confirmed_at         timestamptz,
  provider             text CHECK (provider IN ('square', 'sandbox')),
  provider_order_id    text,
  provider_tax_cents   integer,
  provider_total_cents integer,
  payment_id           text,
  amount_cents         integer,
  receipt_url          text,
  -- Failed charge attempts and the last failure ({ status, message, at }), for staff.
  failed_attempts      integer NOT NULL DEFAULT 0,
  last_error           jsonb,
  -- When the last charge attempt began: a reconciliation made before it cannot speak for it.
  last_attempt_at      timestamptz,
  last_check_at        timestamptz,
  last_check_found     boolean
);
CREATE INDEX orders_of_day ON orders (miami_date, created_at DESC);
CREATE INDEX orders_pending ON orders (updated_at) WHERE status = 'pending';

CREATE TABLE order_lines (
  order_id          text NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  line_number       integer NOT NULL,
  menu_item_id      integer NOT NULL,
  name              text NOT NULL,
  description       text NOT NULL,
  unit_price_cents  integer NOT NULL CHECK (unit_price_cents >= 0),
  quantity          integer NOT NULL CHECK (quantity > 0),
  catalog_object_id text,
  PRIMARY KEY (order_id, line_number)
);

-- One row per charge attempt: when it began and how it ended.
CREATE TABLE payment_attempts (
  id           bigserial PRIMARY KEY,
  order_id     text NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  started_at   timestamptz NOT NULL,
  finished_at  timestamptz,
  outcome      text CHECK (outcome IN ('charged', 'declined', 'refused', 'failed')),
  error_status integer,
  error        text
);
CREATE INDEX payment_attempts_of_order ON payment_attempts (order_id, started_at);

-- The local test gateway's payments (development only): same key, same answer, as at Square.
CREATE TABLE sandbox_payments (
  idempotency_key text PRIMARY KEY,
  fingerprint     text NOT NULL,
  outcome         jsonb NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE contact_messages (
  id         uuid PRIMARY KEY,
  first_name text NOT NULL,
  last_name  text NOT NULL,
  email      text NOT NULL,
  phone      text,
  message    text NOT NULL,
  created_at timestamptz NOT NULL,
  handled    boolean NOT NULL DEFAULT false,
  handled_at timestamptz
);
CREATE INDEX contact_messages_newest ON contact_messages (created_at DESC);

CREATE TABLE admin_sessions (
  id         uuid PRIMARY KEY,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX admin_sessions_expiry ON admin_sessions (expires_at);

-- Fixed-window counters (rate limits, sign-in failures): one row per rule and client, whose key
-- holds a keyed hash of the client's network, never the address itself.
CREATE TABLE counters (
  bucket       text NOT NULL,
  client       text NOT NULL,
  window_start timestamptz NOT NULL,
  count        integer NOT NULL,
  PRIMARY KEY (bucket, client)
);
CREATE INDEX counters_by_window ON counters (window_start);

CREATE TABLE locations (
  id               text PRIMARY KEY,
  name             text NOT NULL,
  slug             text NOT NULL UNIQUE,
  description      text NOT NULL DEFAULT '',
  address          text NOT NULL DEFAULT '',
  city             text NOT NULL DEFAULT 'Miami',
  state            text NOT NULL DEFAULT 'FL',
  zip_code         text NOT NULL DEFAULT '',
  phone            text NOT NULL DEFAULT '',
  is_active        boolean NOT NULL DEFAULT true,
  is_main_location boolean NOT NULL DEFAULT false,
  image_url        text,
  hero_image_url   text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);

-- The home page's banners and gallery: the picture staff chose for a slot (none: the page's own).
CREATE TABLE image_slots (
  kind       text NOT NULL CHECK (kind IN ('banners', 'gallery')),
  slot_id    text NOT NULL,
  image_url  text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, slot_id)
);
