-- What each order took of its slot's room, so a cancelled order gives it back: a trigger on the
-- order's status does it in the same statement as the cancellation, whichever way it comes (the
-- console, or Square's POS through its webhook), so no path can forget it.
CREATE TABLE order_slot_claims (
  order_id   text NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  slot_at    timestamptz NOT NULL,
  section    text NOT NULL,
  fulfilment text NOT NULL CHECK (fulfilment IN ('pickup', 'delivery')),
  weight     integer NOT NULL CHECK (weight > 0),
  PRIMARY KEY (order_id, section)
);

CREATE FUNCTION release_slot_room() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE slot_bookings AS b SET weight = GREATEST(b.weight - c.weight, 0)
  FROM order_slot_claims AS c
  WHERE c.order_id = NEW.id AND b.slot_at = c.slot_at AND b.section = c.section AND b.fulfilment = c.fulfilment;
  DELETE FROM order_slot_claims WHERE order_id = NEW.id;
  RETURN NEW;
END;
$$;

CREATE TRIGGER orders_release_slot_room
  AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN (NEW.status = 'cancelled' AND OLD.status IS DISTINCT FROM 'cancelled')
  EXECUTE FUNCTION release_slot_room();
