-- Copies of one checkout attempt (one idempotency key: a double click, a retry while the first still runs)
-- take one share of Square's pace between them: the request that took the allowance's place notes it here
-- under the attempt's key, and a copy arriving within a few seconds goes on without a place of its own.
-- `holder` names the request that took it, so only that one can give it back (when its attempt is refused
-- before Square is called). Rows are removed when new places are taken, after an hour.
CREATE TABLE square_pace_shares (
  idempotency_key text PRIMARY KEY,
  holder          text NOT NULL,
  taken_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX square_pace_shares_age ON square_pace_shares (taken_at);
