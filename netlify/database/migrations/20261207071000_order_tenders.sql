-- An order keeps its tenders as a list: every payment that paid it, in the order they paid (a split
-- tender's partial source first, the booked payment, orders.payment_id, last), each with what it took, its
-- tip included, and its kind of tender (a receipt's kind: card, gift_card, apple_pay...). A console refund
-- returns each tender's share to where it came from by this list, and each refund names the payment it went
-- back to (payment_id; null: the order's booked payment) and, for a share split off a console refund, that
-- refund (part_of). The split tender's gift card columns move into the list, and its refunds' gift card
-- parts (their key the refund's with "-gc", or "gc-" and a hash of it) are named as such.
CREATE TABLE order_tenders (
  order_id      text NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  position      smallint NOT NULL CHECK (position > 0),
  payment_id    text NOT NULL,
  amount_cents  integer NOT NULL CHECK (amount_cents >= 0),
  kind          text NOT NULL,
  PRIMARY KEY (order_id, position)
);
CREATE INDEX order_tenders_of_payment ON order_tenders (payment_id);

-- Every paid order: a gift card that paid part first, then the booked payment with the rest and the tip.
INSERT INTO order_tenders (order_id, position, payment_id, amount_cents, kind)
SELECT id, 1, gift_card_payment_id, gift_card_cents, 'gift_card' FROM orders
WHERE payment_id IS NOT NULL AND gift_card_payment_id IS NOT NULL AND gift_card_cents IS NOT NULL;

INSERT INTO order_tenders (order_id, position, payment_id, amount_cents, kind)
SELECT id,
       CASE WHEN gift_card_payment_id IS NOT NULL AND gift_card_cents IS NOT NULL THEN 2 ELSE 1 END,
       payment_id,
       greatest(coalesce(amount_cents, 0) + tip_cents - coalesce(gift_card_cents, 0), 0),
       coalesce(CASE WHEN jsonb_typeof(tenders) = 'array' THEN tenders -> -1 ->> 'kind' END, 'card')
FROM orders WHERE payment_id IS NOT NULL;

ALTER TABLE order_refunds ADD COLUMN payment_id text;
ALTER TABLE order_refunds ADD COLUMN part_of bigint REFERENCES order_refunds (id);
CREATE INDEX order_refunds_parts ON order_refunds (part_of) WHERE part_of IS NOT NULL;

-- A split refund's gift card part went to the gift card's payment, as a share of its console refund.
UPDATE order_refunds part SET payment_id = o.gift_card_payment_id, part_of = claim.id
FROM orders o, order_refunds claim
WHERE part.order_id = o.id AND claim.order_id = o.id AND claim.id <> part.id AND o.gift_card_payment_id IS NOT NULL
  AND claim.idempotency_key IS NOT NULL
  AND (part.idempotency_key = claim.idempotency_key || '-gc'
       OR part.idempotency_key = 'gc-' || left(translate(encode(sha256(convert_to(claim.idempotency_key, 'UTF8')), 'base64'), '+/', '-_'), 40));

-- Every other refund went to the booked payment, as the split counted it, except a console refund still
-- waiting on Square with no part split off: its split is decided when it is asked again.
UPDATE order_refunds r SET payment_id = o.payment_id
FROM orders o
WHERE r.order_id = o.id AND r.payment_id IS NULL AND o.payment_id IS NOT NULL
  AND (r.status <> 'REQUESTED' OR EXISTS (SELECT 1 FROM order_refunds p WHERE p.part_of = r.id));

DROP INDEX orders_gift_card_payment;
ALTER TABLE orders DROP COLUMN gift_card_payment_id;
ALTER TABLE orders DROP COLUMN gift_card_cents;
