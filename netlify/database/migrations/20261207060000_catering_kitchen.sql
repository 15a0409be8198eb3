-- A confirmed catering event (its card held, or its invoice's deposit paid) is a kitchen order: the order
-- the board and the POS show, made through the orders room's door. The booking keeps which one it is, and
-- whether the POS was given it (the sweep gives it again when it was not). An invoiced booking keeps what
-- Square said was paid of it (its deposit, then all), so its page says what cancelling now gives back.
ALTER TABLE catering_orders ADD COLUMN kitchen_order_id text UNIQUE REFERENCES orders (id) ON DELETE SET NULL;
ALTER TABLE catering_orders ADD COLUMN invoice_paid_cents integer NOT NULL DEFAULT 0 CHECK (invoice_paid_cents >= 0);
ALTER TABLE catering_orders ADD COLUMN kitchen_pos text CHECK (kitchen_pos IN ('sent', 'failed', 'not-square'));
CREATE INDEX catering_orders_to_kitchen ON catering_orders (event_at)
  WHERE status IN ('authorized', 'captured', 'deposit_paid', 'paid') AND (kitchen_order_id IS NULL OR kitchen_pos = 'failed');
