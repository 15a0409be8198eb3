-- A diner account whose Square customer was deleted (without a merge) is unlinked and linked again: the
-- profile it makes then needs an idempotency key of its own, since Square answers the old key with the
-- deleted profile. `square_customer_relinks` counts the unlinks, and the key carries it.
ALTER TABLE diner_accounts ADD COLUMN square_customer_relinks integer NOT NULL DEFAULT 0;
