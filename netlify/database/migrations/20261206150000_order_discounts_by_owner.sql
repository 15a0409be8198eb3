-- The order's discount is the order's own record, written by orders alone: `discount_cents` is what the
-- order was decided with (a code's discount, priced as Square prices it: written with the order's row),
-- and `square_discount_cents` what Square's order takes off once the participants shaped it before the
-- charge (a loyalty reward on top), cleared when the attempt ends unpaid. Offers keep their share in
-- offer_uses, loyalty in loyalty_rewards; neither writes the orders table any more.
ALTER TABLE orders ADD COLUMN square_discount_cents integer CHECK (square_discount_cents >= 0);

-- Orders whose reward share was added to discount_cents by the loyalty room before this change: the
-- shaped figure moves to its own column and the decided one is what the code's use took off.
UPDATE orders o SET square_discount_cents = o.discount_cents,
       discount_cents = coalesce((SELECT u.discount_cents FROM offer_uses u WHERE u.order_id = o.id), 0)
 WHERE EXISTS (SELECT 1 FROM loyalty_rewards r WHERE r.order_id = o.id AND r.deleted_at IS NULL);
