-- Square Loyalty, the diner's side: phones proved before a loyalty account is linked or made, rewards put on
-- orders, and points taken back after console refunds. Whether a promo code and a reward combine is each
-- code's own setting (offers.combines_with_rewards).

-- A phone the diner proved (a one-time code, or Square's customer of that phone already holding the
-- account's e-mail). Linking or enrolling reads it; the link itself is diner_loyalty_links.
CREATE TABLE loyalty_phone_proofs (
  account_id  uuid PRIMARY KEY REFERENCES diner_accounts (id) ON DELETE CASCADE,
  phone       text NOT NULL,
  proof       text NOT NULL CHECK (proof IN ('code', 'square-email')),
  proved_at   timestamptz NOT NULL DEFAULT now()
);

-- A reward put on an order's Square order (its points locked at Square). One live reward per order;
-- deleted_at once Square gave its points back (a declined, refused or abandoned checkout).
CREATE TABLE loyalty_rewards (
  reward_id           text PRIMARY KEY,
  order_id            text NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  loyalty_account_id  text NOT NULL,
  tier_id             text NOT NULL,
  points              integer NOT NULL,
  total_cents         integer,
  -- What the reward took off the order (added to the order's discount_cents while it is on the order).
  discount_cents      integer NOT NULL DEFAULT 0,
  created_at          timestamptz NOT NULL DEFAULT now(),
  deleted_at          timestamptz
);
CREATE UNIQUE INDEX loyalty_rewards_one_live ON loyalty_rewards (order_id) WHERE deleted_at IS NULL;

-- Points taken back after a console refund: one row per Square refund, so copies of its notification
-- take nothing twice. `points` 0 when Square had already taken them back itself.
CREATE TABLE loyalty_refund_adjustments (
  refund_id    text PRIMARY KEY,
  order_id     text NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  points       integer NOT NULL,
  adjusted_at  timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now()
);
