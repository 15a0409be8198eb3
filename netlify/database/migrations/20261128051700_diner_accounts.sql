-- Diner accounts: a diner signs in with passkeys or a single-use e-mailed link, never a password. Their
-- own tables, apart from the staff's: a diner's session opens nothing in the console and the reverse.

CREATE TABLE diner_accounts (
  id         uuid PRIMARY KEY,
  email      text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  name       text NOT NULL DEFAULT '' CHECK (length(name) <= 80),
  -- A phone the diner saved (E.164), searched for in Square's directory after the e-mail.
  phone      text,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- The one Square customer of the diner (src/server/accounts/squareCustomer.ts); NULL until linked.
  square_customer_id   text,
  -- When linking last failed (a 429, Square down): the scheduled retry takes the oldest first.
  square_link_tried_at timestamptz
);
CREATE INDEX diner_accounts_unlinked ON diner_accounts (square_link_tried_at NULLS FIRST) WHERE square_customer_id IS NULL;
CREATE INDEX diner_accounts_square_customer ON diner_accounts (square_customer_id) WHERE square_customer_id IS NOT NULL;
CREATE UNIQUE INDEX diner_accounts_email ON diner_accounts (lower(email));

CREATE TABLE diner_passkeys (
  -- The credential id (base64url) the authenticator chose.
  id           text PRIMARY KEY,
  account_id   uuid NOT NULL REFERENCES diner_accounts (id) ON DELETE CASCADE,
  public_key   bytea NOT NULL,
  counter      bigint NOT NULL DEFAULT 0,
  transports   text[] NOT NULL DEFAULT '{}',
  label        text NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL,
  last_used_at timestamptz
);
CREATE INDEX diner_passkeys_by_account ON diner_passkeys (account_id);

CREATE TABLE diner_sessions (
  -- SHA-256 of the random token the cookie carries: a copy of this table opens no session.
  id           text PRIMARY KEY,
  account_id   uuid NOT NULL REFERENCES diner_accounts (id) ON DELETE CASCADE,
  method       text NOT NULL CHECK (method IN ('passkey', 'email-link')),
  user_agent   text NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL,
  revoked_at   timestamptz
);
CREATE INDEX diner_sessions_by_account ON diner_sessions (account_id) WHERE revoked_at IS NULL;
CREATE INDEX diner_sessions_expiry ON diner_sessions (expires_at);

-- Single-use e-mailed links (15 minutes): to sign in to an account, or to create one for an e-mail that
-- has none yet (the name waits here until the link is used, so no account exists for an unproven e-mail).
CREATE TABLE diner_links (
  -- SHA-256 of the token in the link.
  token_hash text PRIMARY KEY,
  email      text NOT NULL,
  name       text NOT NULL DEFAULT '',
  account_id uuid REFERENCES diner_accounts (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX diner_links_expiry ON diner_links (expires_at);
CREATE INDEX diner_links_by_email ON diner_links (lower(email));

-- The challenge of each diner passkey ceremony under way, used once, for five minutes at most.
CREATE TABLE diner_webauthn_challenges (
  id         text PRIMARY KEY,
  purpose    text NOT NULL CHECK (purpose IN ('register', 'sign-in')),
  account_id uuid REFERENCES diner_accounts (id) ON DELETE CASCADE,
  challenge  text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX diner_webauthn_challenges_expiry ON diner_webauthn_challenges (expires_at);

-- Two new kinds of message: the sign-in link, and the notice that a passkey was added. Added to whatever
-- kinds the constraint allows by then (other migrations add kinds of their own), not to a list copied here.
-- Neither starts with "marketing": the outbox sends them before what can wait.
DO $$
DECLARE
  kinds text[];
BEGIN
  SELECT array_agg(DISTINCT kind) INTO kinds
  FROM (
    SELECT regexp_split_to_table(trim(BOTH '{}' FROM quoted[1]), ',') AS kind
    FROM pg_constraint, regexp_matches(pg_get_constraintdef(oid), '''([^'']*)''', 'g') AS quoted
    WHERE conrelid = 'mail_outbox'::regclass AND conname = 'mail_outbox_kind_check'
  ) AS found
  WHERE kind ~ '^[a-z_]+$';
  kinds := array_remove(array_remove(coalesce(kinds, '{}'), 'diner_sign_in_link'), 'diner_passkey_added');
  kinds := kinds || ARRAY['diner_sign_in_link', 'diner_passkey_added'];
  ALTER TABLE mail_outbox DROP CONSTRAINT IF EXISTS mail_outbox_kind_check;
  EXECUTE format('ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check CHECK (kind = ANY (%L::text[]))', kinds);
END $$;
