-- A dish 86'd until a time: sold out while in_stock is false and this instant has not passed.
-- The reads work out the effective flag from the clock, so no job has to flip it back.
ALTER TABLE menu_items ADD COLUMN IF NOT EXISTS back_in_stock_at timestamptz;
