-- A declined order gives its slot's room back at once, as a cancelled one does: it was never paid, and
-- the customer's next try is a new checkout attempt that takes room of its own.
DROP TRIGGER orders_release_slot_room ON orders;

CREATE TRIGGER orders_release_slot_room
  AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN (NEW.status IN ('cancelled', 'payment_failed') AND OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION release_slot_room();
