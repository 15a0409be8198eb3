-- E-gift cards sold on the site through Square (Square's Orders API walkthrough): one row per sale, keyed by
-- the buyer's checkout attempt, so twins with one key make one card and one charge. The card number itself
-- lives at Square (the e-mail reads it from there): only its last four digits are kept here.
CREATE TABLE gift_card_sales (
  id                text PRIMARY KEY CHECK (id ~ '^GC-[A-Z0-9]{6,12}$'),
  idempotency_key   text NOT NULL UNIQUE,
  -- What the attempt asked for: the same key with another amount, recipient or card is refused.
  fingerprint       text NOT NULL,
  provider          text NOT NULL CHECK (provider IN ('square', 'sandbox')),
  amount_cents      integer NOT NULL CHECK (amount_cents BETWEEN 1000 AND 50000),
  buyer_name        text NOT NULL CHECK (length(buyer_name) BETWEEN 1 AND 100),
  buyer_email       text NOT NULL CHECK (length(buyer_email) BETWEEN 3 AND 254),
  recipient_name    text NOT NULL CHECK (length(recipient_name) BETWEEN 1 AND 100),
  recipient_email   text NOT NULL CHECK (length(recipient_email) BETWEEN 3 AND 254),
  message           text NOT NULL DEFAULT '' CHECK (length(message) <= 200),
  locale            text NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'es')),
  -- pending: not charged (yet); paid: charged, card not yet active (the worker finishes it); activated; failed: refused.
  status            text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'activated', 'failed')),
  provider_order_id text,
  line_item_uid     text,
  payment_id        text,
  gift_card_id      text UNIQUE,
  gan_last4         text CHECK (gan_last4 ~ '^\d{4}$'),
  -- Square's state and balance of the card as last heard (activation, webhooks of redemptions at the counter).
  card_state        text CHECK (card_state IN ('PENDING', 'ACTIVE', 'DEACTIVATED', 'BLOCKED')),
  balance_cents     integer CHECK (balance_cents >= 0),
  failure           text,
  finish_attempts   integer NOT NULL DEFAULT 0,
  paid_at           timestamptz,
  activated_at      timestamptz,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX gift_card_sales_unfinished ON gift_card_sales (paid_at) WHERE status = 'paid';
CREATE INDEX gift_card_sales_newest ON gift_card_sales (created_at DESC);
CREATE INDEX gift_card_sales_of_order ON gift_card_sales (provider_order_id) WHERE provider_order_id IS NOT NULL;

-- The recipient's card and the buyer's receipt go through the outbox, queued in the activation's transaction.
ALTER TABLE mail_outbox ADD COLUMN gift_card_sale_id text REFERENCES gift_card_sales (id) ON DELETE CASCADE;
CREATE INDEX mail_outbox_of_gift_card_sale ON mail_outbox (gift_card_sale_id) WHERE gift_card_sale_id IS NOT NULL;
-- The two kinds are added to whatever kinds the constraint allows by then (other migrations add their own):
-- every kind has an underscore, so the constraint's words with one are its kinds, whether it is written
-- as IN ('a', 'b') or as = ANY ('{a,b}').
DO $$
DECLARE
  kinds text[];
BEGIN
  SELECT array_agg(DISTINCT match[1]) INTO kinds
  FROM pg_constraint, regexp_matches(pg_get_constraintdef(oid), '([a-z]+(?:_[a-z]+)+)', 'g') AS match
  WHERE conrelid = 'mail_outbox'::regclass AND conname = 'mail_outbox_kind_check';
  kinds := array_remove(array_remove(coalesce(kinds, '{}'), 'gift_card_delivery'), 'gift_card_receipt') || ARRAY['gift_card_delivery', 'gift_card_receipt'];
  ALTER TABLE mail_outbox DROP CONSTRAINT IF EXISTS mail_outbox_kind_check;
  EXECUTE format('ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check CHECK (kind = ANY (%L::text[]))', kinds);
END $$;

-- The local test gateway's gift cards and the first result of each of its keyed steps (development only):
-- as at Square, the same key gives the first result again.
CREATE TABLE sandbox_gift_cards (
  id            text PRIMARY KEY,
  gan           text NOT NULL UNIQUE CHECK (gan ~ '^\d{16}$'),
  state         text NOT NULL DEFAULT 'PENDING' CHECK (state IN ('PENDING', 'ACTIVE', 'DEACTIVATED', 'BLOCKED')),
  balance_cents integer NOT NULL DEFAULT 0 CHECK (balance_cents >= 0),
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE sandbox_gift_card_steps (
  idempotency_key text PRIMARY KEY,
  fingerprint     text NOT NULL,
  result          jsonb NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);
