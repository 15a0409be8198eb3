-- A texted code is checked only for the account that asked for it: the last account to ask for a code to a
-- phone, and when (a code lives 10 minutes). Without it, anyone signed in could spend the 5 tries of a code
-- someone else is waiting for. One row per phone: a newer asker takes the phone's code over.
CREATE TABLE phone_code_askers (
  phone      text PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES diner_accounts (id) ON DELETE CASCADE,
  asked_at   timestamptz NOT NULL
);
CREATE INDEX phone_code_askers_asked ON phone_code_askers (asked_at);

-- A phone is proved only by its code: a Square customer holding the phone and the account's e-mail was
-- taken as proof, and anyone can write both into Square's directory. Those proofs end here.
DELETE FROM loyalty_phone_proofs WHERE proof <> 'code';
