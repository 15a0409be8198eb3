-- An order paid partly by a gift card (split tender): the gift card's payment and its share beside the card's
-- or wallet's (payment_id, amount_cents the whole). A refund returns each tender's share to where it came from.
ALTER TABLE orders ADD COLUMN gift_card_payment_id text;
ALTER TABLE orders ADD COLUMN gift_card_cents integer CHECK (gift_card_cents > 0);
CREATE INDEX orders_gift_card_payment ON orders (gift_card_payment_id) WHERE gift_card_payment_id IS NOT NULL;
