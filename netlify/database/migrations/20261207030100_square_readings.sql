-- What the site has learnt of Square where its pages are silent, by Square's own answers: a row per
-- question (today: whether RetrieveGiftCardFromNonce uses up the token it reads, learnt the first time a
-- payment with a token the site had read is refused as used). Read by every instance; never unlearnt by code.
CREATE TABLE square_readings (
  name        text PRIMARY KEY,
  value       text NOT NULL,
  learned_at  timestamptz NOT NULL DEFAULT now()
);
