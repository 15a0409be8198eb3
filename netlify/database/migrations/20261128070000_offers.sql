-- Promo codes the owner runs (the console's Offers tab), and each order's use of one. A use is held
-- ('reserved') in the transaction that takes the kitchen's room, before any call to Square; a paid order
-- makes it 'redeemed'; an attempt that failed, was refused or was abandoned gives it back ('released').
-- The offer's row is locked while a use is counted against its caps, so no code is used more than allowed.
CREATE TABLE offers (
  id                     text PRIMARY KEY,
  -- Compared and kept in capitals: codes are case-insensitive.
  code                   text NOT NULL UNIQUE CHECK (code ~ '^[A-Z0-9_-]{3,40}$'),
  kind                   text NOT NULL CHECK (kind IN ('percent', 'amount', 'free_dish')),
  percent                integer CHECK (percent BETWEEN 1 AND 100),
  amount_cents           integer CHECK (amount_cents > 0),
  free_dish_id           text,
  scope                  text NOT NULL DEFAULT 'order' CHECK (scope IN ('order', 'dishes')),
  dish_ids               jsonb NOT NULL DEFAULT '[]'::jsonb,
  min_subtotal_cents     integer NOT NULL DEFAULT 0 CHECK (min_subtotal_cents >= 0),
  -- The restaurant's wall clock (America/New_York), "YYYY-MM-DDTHH:mm".
  starts_at              text,
  ends_at                text,
  total_cap              integer CHECK (total_cap > 0),
  per_diner_cap          integer CHECK (per_diner_cap > 0),
  first_order_only       boolean NOT NULL DEFAULT false,
  single_use             boolean NOT NULL DEFAULT false,
  label_en               text NOT NULL,
  label_es               text NOT NULL,
  paused                 boolean NOT NULL DEFAULT false,
  combines_with_rewards  boolean NOT NULL DEFAULT false,
  created_at             timestamptz NOT NULL DEFAULT now(),
  updated_at             timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE offer_uses (
  order_id         text PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
  offer_id         text NOT NULL REFERENCES offers (id),
  code             text NOT NULL,
  label_en         text NOT NULL,
  label_es         text NOT NULL,
  state            text NOT NULL DEFAULT 'reserved' CHECK (state IN ('reserved', 'redeemed', 'released')),
  discount_cents   integer NOT NULL CHECK (discount_cents >= 0),
  -- The discount as Square's order carries it (type, percentage or amount, scope, lines).
  square_discount  jsonb NOT NULL,
  -- Who used it, for "first order" and per-diner caps: the diner's account, else the e-mail and phone.
  account_id       text,
  email            text NOT NULL,
  phone            text NOT NULL,
  first_time       boolean NOT NULL DEFAULT false,
  reserved_at      timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX offer_uses_offer ON offer_uses (offer_id, state);
CREATE INDEX offer_uses_email ON offer_uses (email) WHERE state <> 'released';
CREATE INDEX offer_uses_phone ON offer_uses (phone) WHERE state <> 'released';
CREATE INDEX offer_uses_reserved ON offer_uses (reserved_at) WHERE state = 'reserved';

-- "First order" looks for earlier paid orders by the phone's last 10 digits, whatever way it was typed (the
-- e-mail has its index already, orders_by_customer_email); the expression is src/server/offers/rules.ts's.
CREATE INDEX orders_by_phone_digits ON orders (right(regexp_replace(customer_phone, '\D', '', 'g'), 10));

-- The order's discount in cents: its totals show it, the subtotal stays the dishes' gross.
ALTER TABLE orders ADD COLUMN discount_cents integer NOT NULL DEFAULT 0 CHECK (discount_cents >= 0);

-- The one place a use follows its order, whichever path moved it (the checkout, Square's notification, a
-- reconciliation): paid makes it redeemed; an attempt ended unpaid (declined, refused, released after no
-- charge was found) gives it back, in the same transaction as the order's change.
CREATE FUNCTION offer_use_follows_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IN ('confirmed', 'preparing', 'ready', 'completed') AND OLD.status IN ('pending', 'payment_failed') THEN
    UPDATE offer_uses SET state = 'redeemed', updated_at = now() WHERE order_id = NEW.id AND state <> 'redeemed';
  ELSIF NEW.status = 'payment_failed' THEN
    UPDATE offer_uses SET state = 'released', updated_at = now() WHERE order_id = NEW.id AND state = 'reserved';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER orders_offer_use
  AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION offer_use_follows_order();
