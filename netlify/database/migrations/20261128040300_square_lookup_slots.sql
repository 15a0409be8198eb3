-- Balance look-ups (RetrieveGiftCardFromGAN) take their places in flight from rows of their own, past the
-- 100 that charges and every other call share: however many look-ups arrive, they never hold a place a
-- charge needs (src/server/giftcards/balance.ts says how many of these rows are used).
INSERT INTO square_call_slots (slot) SELECT generate_series(101, 110) ON CONFLICT DO NOTHING;
