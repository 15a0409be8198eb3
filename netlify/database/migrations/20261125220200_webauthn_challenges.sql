-- The challenge of each passkey ceremony under way (registering one, or signing in with one): functions
-- keep nothing between requests, so the challenge waits here, used once, for five minutes at most.
CREATE TABLE webauthn_challenges (
  id         text PRIMARY KEY,
  purpose    text NOT NULL CHECK (purpose IN ('register', 'sign-in')),
  -- The account registering a passkey; NULL for a sign-in (the passkey names its account).
  account_id uuid REFERENCES staff_accounts (id) ON DELETE CASCADE,
  challenge  text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX webauthn_challenges_expiry ON webauthn_challenges (expires_at);
