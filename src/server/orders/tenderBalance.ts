// A gift card's balance on the receipt of the order it paid: Square names no balance on the payment, but
// its gift_card.activity.created notification for the REDEEM (developer.squareup.com/reference/square/
// objects/GiftCardActivity: gift_card_balance_money, redeem_activity_details.payment_id) does, a moment
// after. The order's gift card tender takes it; its page and later e-mails then say what is left.
import { db } from "../platform/database";
import { sql } from "../platform/sql";

/** Notes the balance left on the gift card that made `paymentId`; false when no paid order has that payment. */
export async function noteGiftCardBalance(paymentId: string, balanceCents: number): Promise<boolean> {
  const updated = await db.run(sql`
    UPDATE orders SET tenders = (
      SELECT jsonb_agg(CASE WHEN tender->>'kind' = 'gift_card' THEN tender || jsonb_build_object('balanceCents', ${balanceCents}::integer) ELSE tender END
                       ORDER BY position)
      FROM jsonb_array_elements(tenders) WITH ORDINALITY AS t(tender, position))
    WHERE (payment_id = ${paymentId} OR id IN (SELECT order_id FROM order_tenders WHERE payment_id = ${paymentId})) AND jsonb_typeof(tenders) = 'array'`);
  return Boolean(updated);
}
