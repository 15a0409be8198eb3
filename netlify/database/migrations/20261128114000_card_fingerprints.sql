-- The card that paid an order, as Square names it (card_details.card.fingerprint: the same card gives the
-- same fingerprint at this seller, never the card's number). "First order" and per-diner caps of a promo code
-- compare it with earlier paid orders, so a new e-mail and phone on the same card is the same diner.
ALTER TABLE orders ADD COLUMN card_fingerprint text;
CREATE INDEX orders_by_card_fingerprint ON orders (card_fingerprint) WHERE card_fingerprint IS NOT NULL;
