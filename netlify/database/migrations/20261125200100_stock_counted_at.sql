-- The time of the newest Square inventory count applied to a dish: a count calculated earlier (a late
-- or replayed notification) cannot flip the dish's stock back.
ALTER TABLE menu_items ADD COLUMN stock_counted_at timestamptz;
