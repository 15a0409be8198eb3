-- One charge at a time per checkout attempt: the request that claims an order's lease calls the payment
-- provider; others with the same key wait for its outcome instead of charging alongside it. A lease
-- that outlives its request (an instance that died mid-charge) expires, and the provider's idempotency
-- key keeps the next claim from charging twice.
ALTER TABLE orders ADD COLUMN charge_lease_until timestamptz;
