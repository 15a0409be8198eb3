-- An account made in place: the order confirmation offers a passkey at once, with the name, e-mail and
-- phone the order was placed with. Such an account's e-mail is not proven yet (anyone may type any e-mail
-- at a checkout): until an e-mailed link is used it sees only the orders placed in it, and is not linked to
-- the Square customer found by its e-mail. Every other way makes an account by a link: proven when made
-- (the default), as were all accounts before this.
ALTER TABLE diner_accounts ADD COLUMN email_confirmed_at timestamptz DEFAULT now();
UPDATE diner_accounts SET email_confirmed_at = created_at;

-- The link e-mailed to confirm such an account's e-mail. Any other sign-in link of the e-mail used first
-- proves the e-mail's owner is someone who may not have made the account (the order's page may have been
-- shared): the passkeys and sessions made before it go, and the owner starts clean.
ALTER TABLE diner_links ADD COLUMN confirms_account boolean NOT NULL DEFAULT false;

-- The ceremony of a passkey made from an order: the order it starts from, and the id the new account
-- will have (the passkey's user handle), before the account exists.
ALTER TABLE diner_webauthn_challenges DROP CONSTRAINT IF EXISTS diner_webauthn_challenges_purpose_check;
ALTER TABLE diner_webauthn_challenges ADD CONSTRAINT diner_webauthn_challenges_purpose_check CHECK (purpose IN ('register', 'sign-in', 'register-order'));
ALTER TABLE diner_webauthn_challenges ADD COLUMN order_id text;
ALTER TABLE diner_webauthn_challenges ADD COLUMN new_account_id uuid;
CREATE INDEX diner_webauthn_challenges_by_order ON diner_webauthn_challenges (order_id) WHERE order_id IS NOT NULL;
