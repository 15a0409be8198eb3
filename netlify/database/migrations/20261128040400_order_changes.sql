-- The staff's live order board asks "what changed since N?" every few seconds. Every order row carries
-- change_seq, a number from one sequence taken again by a trigger on each update (by any writer: the
-- console, a Square POS notification, a charge's confirmation, a refund), so one index lookup answers
-- "nothing" in the usual case. Sequence numbers only grow, unlike clock times (two writes in the same
-- millisecond, a fixed test clock).
CREATE SEQUENCE orders_change_seq;

ALTER TABLE orders ADD COLUMN change_seq bigint NOT NULL DEFAULT nextval('orders_change_seq');
ALTER SEQUENCE orders_change_seq OWNED BY orders.change_seq;

CREATE INDEX orders_changes ON orders (change_seq);
-- The board itself: the paid orders not yet done, by promised time.
CREATE INDEX orders_on_board ON orders (promised_at, created_at) WHERE status IN ('confirmed', 'preparing', 'ready');

CREATE FUNCTION take_order_change_seq() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.change_seq := nextval('orders_change_seq');
  RETURN NEW;
END
$$;

CREATE TRIGGER orders_change_seq BEFORE UPDATE ON orders
  FOR EACH ROW EXECUTE FUNCTION take_order_change_seq();
