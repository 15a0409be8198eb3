-- Curbside pickup: the car the diner described at checkout (null: not curbside) and when they tapped
-- "I'm here" on their order page (null: not yet). The arrival is an update of the order row, so the
-- board's change_seq trigger carries it to the staff's live board.
ALTER TABLE orders ADD COLUMN curbside_car text;
ALTER TABLE orders ADD COLUMN arrived_at timestamptz;
