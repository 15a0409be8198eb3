-- A second step for strangers once an account's alarm has rung, and IPv6 guesses counted per /48 too.
-- 'block': the /48 an IPv6 client's /64 lies in, with waits like the network's.
ALTER TABLE sign_in_failures DROP CONSTRAINT IF EXISTS sign_in_failures_scope_check;
ALTER TABLE sign_in_failures ADD CONSTRAINT sign_in_failures_scope_check CHECK (scope IN ('account', 'network', 'block', 'device', 'pair'));

-- One-time sign-in codes e-mailed to the person: the row is found by a hash of the challenge the browser
-- holds; the code itself is kept only as a keyed hash. Single use, 10 minutes, at most 5 tries.
CREATE TABLE staff_sign_in_codes (
  id          text PRIMARY KEY,
  account_id  uuid NOT NULL REFERENCES staff_accounts (id) ON DELETE CASCADE,
  code_hash   text NOT NULL,
  -- How the password was proven (the session's method once the code is entered).
  method      text NOT NULL CHECK (method IN ('password', 'setup-password')),
  tries       integer NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX staff_sign_in_codes_account ON staff_sign_in_codes (account_id, created_at);

-- Networks (a keyed hash of the IPv4 address or IPv6 /64) an account has signed in from: the person's
-- own network needs no second step.
CREATE TABLE staff_known_networks (
  account_id        uuid NOT NULL REFERENCES staff_accounts (id) ON DELETE CASCADE,
  network           text NOT NULL,
  last_signed_in_at timestamptz NOT NULL,
  PRIMARY KEY (account_id, network)
);

-- When the account's failures in a row reached the alarm: from then until a day without failures, a
-- right password from a browser and network the account has not signed in from needs the second step.
ALTER TABLE sign_in_failures ADD COLUMN second_step_at timestamptz;
