-- E-mail to customers and to the restaurant goes through an outbox: a row is written by the database
-- itself, in the transaction of the change that causes it (an order confirmed after its charge, moved to
-- ready or cancelled by staff or by Square's POS, a refund on its way, a contact message), and a worker
-- sends it with retries. A dedupe key per order, kind and state keeps a redelivered webhook or a second
-- click from queueing the same message twice.

CREATE TABLE mail_outbox (
  id              bigserial PRIMARY KEY,
  -- order_confirmed, order_ready (ready for pickup / on its way), order_cancelled, order_refunded go to the
  -- customer; staff_new_order and staff_contact_message to the restaurant's address (a console setting).
  kind            text NOT NULL CHECK (kind IN ('order_confirmed', 'order_ready', 'order_cancelled', 'order_refunded',
                                                'staff_new_order', 'staff_contact_message')),
  -- One message per kind and what it is about: 'order_ready:<order id>', 'order_refunded:<refund id>'.
  dedupe_key      text NOT NULL UNIQUE,
  order_id        text REFERENCES orders (id) ON DELETE CASCADE,
  contact_message_id uuid REFERENCES contact_messages (id) ON DELETE CASCADE,
  recipient       text NOT NULL,
  language        text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'es')),
  -- What the message needs beyond the order as it stands when sent (a refund's amount).
  payload         jsonb NOT NULL DEFAULT '{}',
  -- waiting: due at next_attempt_at; sending: claimed by a worker until next_attempt_at (a worker that
  -- died mid-send leaves it to the next); sent; failed: given up after the last attempt (staff may resend).
  status          text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'sending', 'sent', 'failed')),
  attempts        integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error      text,
  sent_at         timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE status IN ('waiting', 'sending');
CREATE INDEX mail_outbox_newest ON mail_outbox (created_at DESC);
CREATE INDEX mail_outbox_of_order ON mail_outbox (order_id) WHERE order_id IS NOT NULL;

-- The restaurant's address for copies of new orders and contact messages (settings key
-- 'mail_restaurant_address', a JSON string set in the console); none set, no copies.
CREATE FUNCTION mail_restaurant_address() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT nullif(trim(value #>> '{}'), '') FROM settings WHERE key = 'mail_restaurant_address'
$$;

CREATE FUNCTION mail_queue(p_kind text, p_dedupe_key text, p_order_id text, p_contact_message_id uuid, p_recipient text, p_payload jsonb)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_recipient IS NULL OR p_recipient = '' THEN
    RETURN;
  END IF;
  INSERT INTO mail_outbox (kind, dedupe_key, order_id, contact_message_id, recipient, payload)
  VALUES (p_kind, p_dedupe_key, p_order_id, p_contact_message_id, p_recipient, p_payload)
  ON CONFLICT ON CONSTRAINT mail_outbox_dedupe_key_key DO NOTHING;
END
$$;

-- An order's status moved: confirmed after its charge (pending or declined before), ready, cancelled.
CREATE FUNCTION mail_on_order_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'confirmed' AND OLD.status IN ('pending', 'payment_failed') THEN
    PERFORM mail_queue('order_confirmed', 'order_confirmed:' || NEW.id, NEW.id, NULL, NEW.customer_email, '{}');
    PERFORM mail_queue('staff_new_order', 'staff_new_order:' || NEW.id, NEW.id, NULL, mail_restaurant_address(), '{}');
  ELSIF NEW.status = 'ready' THEN
    PERFORM mail_queue('order_ready', 'order_ready:' || NEW.id, NEW.id, NULL, NEW.customer_email,
                       jsonb_build_object('orderType', NEW.order_type));
  ELSIF NEW.status = 'cancelled' AND OLD.status IN ('confirmed', 'preparing', 'ready') THEN
    PERFORM mail_queue('order_cancelled', 'order_cancelled:' || NEW.id, NEW.id, NULL, NEW.customer_email, '{}');
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER mail_on_order_status AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION mail_on_order_status();

-- A refund reached Square (pending) or came back from it already done: the customer hears of it once.
CREATE FUNCTION mail_on_refund() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IN ('PENDING', 'COMPLETED') AND (TG_OP = 'INSERT' OR OLD.status NOT IN ('PENDING', 'COMPLETED')) THEN
    PERFORM mail_queue('order_refunded', 'order_refunded:' || NEW.id, NEW.order_id, NULL,
                       (SELECT customer_email FROM orders WHERE id = NEW.order_id),
                       jsonb_build_object('amountCents', NEW.amount_cents));
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER mail_on_refund AFTER INSERT OR UPDATE OF status ON order_refunds
  FOR EACH ROW EXECUTE FUNCTION mail_on_refund();

-- A new contact message (not one imported from the old store with a date long past).
CREATE FUNCTION mail_on_contact_message() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT NEW.handled AND NEW.created_at > now() - interval '1 hour' THEN
    PERFORM mail_queue('staff_contact_message', 'staff_contact_message:' || NEW.id, NULL, NEW.id, mail_restaurant_address(), '{}');
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER mail_on_contact_message AFTER INSERT ON contact_messages
  FOR EACH ROW EXECUTE FUNCTION mail_on_contact_message();
