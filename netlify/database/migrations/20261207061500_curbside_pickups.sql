-- Curbside pickup is a room of its own (src/server/curbside): the car the diner described at checkout
-- and when they tapped "I'm here" move from the order's row to the room's own record, written in the
-- order's transaction (its lifecycle's hold stage). An arrival still moves the order's change_seq (the
-- room asks orders to note the change), so the staff's live board hears of it at its next poll.
CREATE TABLE curbside_pickups (
  order_id    text PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
  car         text NOT NULL,
  arrived_at  timestamptz
);

INSERT INTO curbside_pickups (order_id, car, arrived_at)
SELECT id, curbside_car, arrived_at FROM orders WHERE curbside_car IS NOT NULL;

ALTER TABLE orders DROP COLUMN curbside_car;
ALTER TABLE orders DROP COLUMN arrived_at;
