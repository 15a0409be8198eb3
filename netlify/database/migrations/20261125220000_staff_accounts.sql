-- Staff accounts: each person signs in as themselves (a password or passkeys), with a role, sessions
-- kept here (only a hash of their id), one-time set-up links, sign-in failure counters per account and
-- per client network (growing delays, never a lockout of everyone), and the activity log of changes.

CREATE TABLE staff_accounts (
  id            uuid PRIMARY KEY,
  name          text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  email         text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  role          text NOT NULL CHECK (role IN ('owner', 'staff')),
  -- scrypt$N$r$p$salt$hash (base64url); NULL until the person sets one (a passkey may be all they have).
  password_hash text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  disabled_at   timestamptz
);
CREATE UNIQUE INDEX staff_accounts_email ON staff_accounts (lower(email));

-- The shared-password sessions carried no account: everyone signs in again, as themselves.
DROP TABLE admin_sessions;

CREATE TABLE admin_sessions (
  -- SHA-256 of the random token the cookie carries: a copy of this table opens no session.
  id           text PRIMARY KEY,
  account_id   uuid NOT NULL REFERENCES staff_accounts (id) ON DELETE CASCADE,
  method       text NOT NULL CHECK (method IN ('password', 'passkey', 'setup-password')),
  user_agent   text NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  -- created_at + 7 days: the absolute end, whatever the use.
  expires_at   timestamptz NOT NULL,
  revoked_at   timestamptz
);
CREATE INDEX admin_sessions_expiry ON admin_sessions (expires_at);
CREATE INDEX admin_sessions_by_account ON admin_sessions (account_id) WHERE revoked_at IS NULL;

CREATE TABLE staff_setup_links (
  -- SHA-256 of the token in the link.
  token_hash text PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES staff_accounts (id) ON DELETE CASCADE,
  created_by uuid REFERENCES staff_accounts (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX staff_setup_links_by_account ON staff_setup_links (account_id);

CREATE TABLE staff_passkeys (
  -- The credential id (base64url) the authenticator chose.
  id           text PRIMARY KEY,
  account_id   uuid NOT NULL REFERENCES staff_accounts (id) ON DELETE CASCADE,
  public_key   bytea NOT NULL,
  counter      bigint NOT NULL DEFAULT 0,
  transports   text[] NOT NULL DEFAULT '{}',
  label        text NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL,
  last_used_at timestamptz
);
CREATE INDEX staff_passkeys_by_account ON staff_passkeys (account_id);

-- Failed password sign-ins in a row: per account (a hash of the e-mail, known or not), per client
-- network (a keyed hash) and per known browser. Each failure lengthens the wait before the next
-- comparison; a success or a quiet day starts again.
CREATE TABLE sign_in_failures (
  scope           text NOT NULL CHECK (scope IN ('account', 'network', 'device')),
  key             text NOT NULL,
  failures        integer NOT NULL,
  last_failure_at timestamptz NOT NULL,
  PRIMARY KEY (scope, key)
);
CREATE INDEX sign_in_failures_by_age ON sign_in_failures (last_failure_at);

CREATE TABLE staff_activity (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at         timestamptz NOT NULL DEFAULT now(),
  -- Who: the account (kept as a name too, so a row outlives nothing it needs).
  account_id uuid REFERENCES staff_accounts (id) ON DELETE SET NULL,
  actor      text NOT NULL,
  action     text NOT NULL,
  target     text NOT NULL DEFAULT '',
  before     jsonb,
  after      jsonb
);
CREATE INDEX staff_activity_newest ON staff_activity (at DESC);
CREATE INDEX staff_activity_by_account ON staff_activity (account_id, at DESC);
CREATE INDEX staff_activity_by_action ON staff_activity (action, at DESC);
