-- Orders remember the customer's language (issue 27): the site they ordered from ('es' under /es/, or
-- what their browser asked for). The kitchen reads every order in English; the customer's e-mails about
-- the order (confirmation, ready, cancellation, refund) are written in it. The restaurant's copies stay English.
ALTER TABLE orders ADD COLUMN locale text NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'es'));

-- A customer's message about an order takes the order's language as it is queued, whichever trigger
-- queues it (mail_queue has no language argument, and its callers need not know one).
CREATE FUNCTION mail_outbox_language() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.order_id IS NOT NULL AND NEW.kind IN ('order_confirmed', 'order_ready', 'order_cancelled', 'order_refunded') THEN
    NEW.language := coalesce((SELECT locale FROM orders WHERE id = NEW.order_id), NEW.language);
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER mail_outbox_language BEFORE INSERT ON mail_outbox
  FOR EACH ROW EXECUTE FUNCTION mail_outbox_language();
