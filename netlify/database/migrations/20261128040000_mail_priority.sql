-- Mail by importance. The outbox sent in the order messages were queued, so a flood of contact-form
-- copies (5 per 10 minutes per network, from any number of networks) held a set-up link, a security
-- notice or an order confirmation behind it at the provider's pace. Each row now has a priority, the
-- worker claims the most important due ones first, and contact copies are capped per hour (the cap is
-- the site's, src/server/content/contactMessages.ts; a message past it is kept, marked copy_held).

-- 0: staff security (set-up links, security notices, sign-in codes: a kind starting staff_sign_in);
-- 1: order and customer mail and the restaurant's notices (confirmations, ready, cancellations, refunds,
--    gift cards, couriers, new-order copies, alarms), and any kind not named here;
-- 2: what can wait: contact-form copies and marketing (a kind starting marketing).
CREATE FUNCTION mail_priority(p_kind text) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT (CASE
    WHEN p_kind IN ('staff_setup_link', 'staff_security_notice') OR p_kind LIKE 'staff\_sign\_in%' THEN 0
    WHEN p_kind = 'staff_contact_message' OR p_kind LIKE 'marketing%' THEN 2
    ELSE 1
  END)::smallint
$$;

-- The default fills the rows already there without rewriting them; dropped after, so a row queued without
-- a priority takes its kind's (below), and a writer may still give one of its own.
ALTER TABLE mail_outbox ADD COLUMN priority smallint NOT NULL DEFAULT 1 CHECK (priority >= 0);
UPDATE mail_outbox SET priority = mail_priority(kind) WHERE mail_priority(kind) <> 1;
ALTER TABLE mail_outbox ALTER COLUMN priority DROP DEFAULT;

CREATE FUNCTION mail_outbox_priority() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.priority := coalesce(NEW.priority, mail_priority(NEW.kind));
  RETURN NEW;
END
$$;
CREATE TRIGGER mail_outbox_priority BEFORE INSERT ON mail_outbox
  FOR EACH ROW EXECUTE FUNCTION mail_outbox_priority();

-- The worker's claim (src/server/mail/outbox.ts claimDue) walks this index in its own order and stops
-- after its few rows, however large the backlog behind them.
DROP INDEX mail_outbox_due;
CREATE INDEX mail_outbox_due ON mail_outbox (priority, next_attempt_at, id) WHERE status IN ('waiting', 'sending');

-- The contact copies queued in the last hour, counted for the cap.
CREATE INDEX mail_outbox_contact_copies ON mail_outbox (created_at) WHERE kind = 'staff_contact_message';

-- A message past the hour's cap is stored and listed in the console as any other, but not e-mailed.
ALTER TABLE contact_messages ADD COLUMN copy_held boolean NOT NULL DEFAULT false;

CREATE OR REPLACE FUNCTION mail_on_contact_message() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT NEW.handled AND NOT NEW.copy_held AND NEW.created_at > now() - interval '1 hour' THEN
    PERFORM mail_queue('staff_contact_message', 'staff_contact_message:' || NEW.id, NULL, NEW.id, mail_restaurant_address(), '{}');
  END IF;
  RETURN NEW;
END
$$;
