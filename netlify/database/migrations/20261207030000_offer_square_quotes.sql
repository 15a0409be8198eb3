-- Square's own figures (CalculateOrder) for a cart carrying a promo code, kept by the cart's shape: the
-- checkout shows them, and the order placed from that cart is stored and charged as Square priced it,
-- whichever rounding Square follows. A row is a few minutes' memory; older rows are removed as new ones come.
CREATE TABLE offer_square_quotes (
  cart_key        text PRIMARY KEY,
  subtotal_cents  integer NOT NULL CHECK (subtotal_cents >= 0),
  discount_cents  integer NOT NULL CHECK (discount_cents >= 0),
  tax_cents       integer NOT NULL CHECK (tax_cents >= 0),
  service_cents   integer NOT NULL CHECK (service_cents >= 0),
  total_cents     integer NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX offer_square_quotes_created ON offer_square_quotes (created_at);
