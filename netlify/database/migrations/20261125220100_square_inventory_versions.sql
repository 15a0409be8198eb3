-- The time of the newest stock count applied per Square variation (its calculated_at): a count that is
-- not newer (a replayed or late notification) leaves the dish's stock flag alone.
CREATE TABLE square_inventory_versions (
  variation_id text PRIMARY KEY,
  counted_at   timestamptz NOT NULL
);
