-- Square as the kitchen's system of record: each order's Square fulfillment (so a status can go both
-- ways), the refunds of its payment, and every Square notification already applied (applied once).

-- The Square order's one fulfillment and the order version last seen: a notification older than what
-- we know changes nothing, and a status sent to Square names the version it changes.
ALTER TABLE orders ADD COLUMN fulfillment_uid text;
ALTER TABLE orders ADD COLUMN square_version integer;
-- Refunded so far (refunds pending or completed at Square): kept with each refund, in its transaction.
ALTER TABLE orders ADD COLUMN refunded_cents integer NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0);
-- Why the last status staff set here did not reach the POS (null once one did).
ALTER TABLE orders ADD COLUMN pos_sync_error text;
CREATE INDEX orders_of_provider_order ON orders (provider_order_id) WHERE provider_order_id IS NOT NULL;
CREATE INDEX orders_of_payment ON orders (payment_id) WHERE payment_id IS NOT NULL;

CREATE TABLE order_refunds (
  id               bigserial PRIMARY KEY,
  order_id         text NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  -- The console's refund attempt (a retried click sends the same one); null for a refund made at Square.
  idempotency_key  text UNIQUE,
  square_refund_id text UNIQUE,
  amount_cents     integer NOT NULL CHECK (amount_cents > 0),
  reason           text NOT NULL DEFAULT '' CHECK (char_length(reason) <= 192),
  -- REQUESTED: asked of Square, no answer yet (counts against what may still be refunded).
  status           text NOT NULL CHECK (status IN ('REQUESTED', 'PENDING', 'COMPLETED', 'REJECTED', 'FAILED')),
  source           text NOT NULL CHECK (source IN ('console', 'square')),
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL
);
CREATE INDEX order_refunds_of_order ON order_refunds (order_id, created_at);
CREATE INDEX order_refunds_by_day ON order_refunds (created_at);

-- Square's notifications by event id: a redelivered event finds its row and changes nothing.
CREATE TABLE square_events (
  event_id    text PRIMARY KEY,
  type        text NOT NULL,
  outcome     text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX square_events_by_age ON square_events (received_at);
