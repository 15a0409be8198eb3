-- Square Loyalty. A diner account links to one loyalty account, found (or enrolled) by a phone the diner
-- proved; Square's loyalty account may belong to another Square customer than the account's own, so both
-- are kept. Deleting the account removes its link.
CREATE TABLE diner_loyalty_links (
  account_id           uuid PRIMARY KEY REFERENCES diner_accounts (id) ON DELETE CASCADE,
  loyalty_account_id   text NOT NULL,
  loyalty_customer_id  text,
  phone                text NOT NULL,
  verified_at          timestamptz NOT NULL,
  linked_at            timestamptz NOT NULL DEFAULT now()
);

-- One accrual per paid order, ever: the row is claimed before Square is asked (the primary key lets one
-- caller in) and kept when Square did not answer, for the reconcile schedule to try again with the same
-- idempotency key.
CREATE TABLE loyalty_accruals (
  order_id            text PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
  loyalty_account_id  text NOT NULL,
  status              text NOT NULL DEFAULT 'due' CHECK (status IN ('due', 'done')),
  points              integer,
  tries               integer NOT NULL DEFAULT 0,
  last_error          text,
  tried_at            timestamptz,
  created_at          timestamptz NOT NULL DEFAULT now(),
  done_at             timestamptz
);
CREATE INDEX loyalty_accruals_due ON loyalty_accruals (tried_at) WHERE status = 'due';
