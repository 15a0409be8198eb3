-- Order texts (the texts room, src/server/texts): a diner ticks "Text me about this order" at the checkout
-- for the phone typed there. The consent is kept beside the order, in the words the diner read, their
-- language and its time, written in the order's own transaction (its lifecycle's hold stage); a pickup
-- brought to the car is noted so its ready text says how to tell the staff they are here.
CREATE TABLE order_text_consents (
  order_id     text PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
  phone        text NOT NULL,
  words        text NOT NULL,
  language     text NOT NULL CHECK (language IN ('en', 'es')),
  consented_at timestamptz NOT NULL,
  curbside     boolean NOT NULL DEFAULT false
);

-- Each text about an order, once per kind (the primary key): waiting to go (Twilio busy), accepted by
-- Twilio (its message sid), then delivered, or failed/undelivered as Twilio's status callback says. A
-- text that cannot reach the diner becomes an e-mail of the same words, once ('email', queued below).
CREATE TABLE order_texts (
  order_id    text NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  kind        text NOT NULL CHECK (kind IN ('ready', 'curbside', 'picked_up', 'late')),
  phone       text NOT NULL,
  body        text NOT NULL,
  status      text NOT NULL CHECK (status IN ('waiting', 'accepted', 'delivered', 'email', 'stopped')),
  attempts    integer NOT NULL DEFAULT 0,
  sid         text UNIQUE,
  error_code  integer,
  created_at  timestamptz NOT NULL,
  accepted_at timestamptz,
  PRIMARY KEY (order_id, kind)
);
CREATE INDEX order_texts_waiting ON order_texts (created_at) WHERE status = 'waiting';

-- Numbers whose owner replied STOP (or another of Twilio's opt-out words): nothing more goes to them until
-- they reply START. Kept as the number, since the reply names nothing else.
CREATE TABLE text_opt_outs (
  phone      text PRIMARY KEY,
  stopped_at timestamptz NOT NULL
);

SELECT mail_allow_kinds('order_text_failed');

CREATE FUNCTION mail_on_order_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'email' AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 'email') THEN
    PERFORM mail_queue('order_text_failed', 'order_text_failed:' || NEW.order_id || ':' || NEW.kind, NEW.order_id, NULL,
                       (SELECT customer_email FROM orders WHERE id = NEW.order_id), jsonb_build_object('body', NEW.body, 'kind', NEW.kind));
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER mail_on_order_text AFTER INSERT OR UPDATE OF status ON order_texts
  FOR EACH ROW EXECUTE FUNCTION mail_on_order_text();
