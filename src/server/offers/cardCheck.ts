// The card of an order whose promo code is for a first order or capped per diner: a new e-mail and phone
// on a card that paid here before is the same diner. The payment is only authorized when this runs
// (payments/checkedCharge.ts); refused, it is cancelled, and the order's end gives the use and the
// kitchen's room back. Cards are compared by Square's fingerprint (the same card, the same fingerprint at
// this seller); a wallet's device card has its own, and Cash App Pay none.
import type { CardCheck } from "../payments";
import { db } from "../platform/database";
import { RuleBroken, said } from "../platform/errors";
import { sql } from "../platform/sql";

/**
 * Statuses of an order that was paid (a cancelled one was paid, then refunded), as "first order" reads them;
 * an order whose use the owner gave back on its full refund does not count (offers/rules.ts isFirstOrder).
 */
const PAID = ["confirmed", "preparing", "ready", "completed", "cancelled"];

/** The check for this order's card, or undefined when its code (if any) does not look at the diner. */
export async function cardCheckFor(orderId: string): Promise<CardCheck | undefined> {
  const use = await db.one<{ offer_id: string }>(sql`
    SELECT u.offer_id FROM offer_uses u JOIN offers o ON o.id = u.offer_id
     WHERE u.order_id = ${orderId} AND (o.first_order_only OR o.per_diner_cap IS NOT NULL)`);
  return use ? (fingerprint) => checkCard(orderId, use.offer_id, fingerprint) : undefined;
}

/**
 * Notes the card on the order and, under the offer's lock (so two attempts on one card at once are counted
 * one after the other), refuses it when it paid an order before (first order only) or its uses of the code,
 * with those of the order's e-mail, phone and account, reach the per-diner cap. A card that paid before
 * makes the use no first-time diner's.
 */
async function checkCard(orderId: string, offerId: string, fingerprint: string | null): Promise<void> {
  if (!fingerprint) return;
  await db.transaction(async (tx) => {
    const offer = (await tx.one<{ first_order_only: boolean; per_diner_cap: number | null }>(
      sql`SELECT first_order_only, per_diner_cap FROM offers WHERE id = ${offerId} FOR UPDATE`,
    ))!;
    await tx.run(sql`UPDATE orders SET card_fingerprint = ${fingerprint} WHERE id = ${orderId}`);
    const paid = await tx.one<{ found: boolean }>(sql`
      SELECT EXISTS (SELECT 1 FROM orders o WHERE o.card_fingerprint = ${fingerprint} AND o.status = ANY(${PAID}::text[]) AND o.id <> ${orderId}
                        AND NOT EXISTS (SELECT 1 FROM offer_uses g WHERE g.order_id = o.id AND g.state = 'released')) AS found`);
    if (paid?.found && offer.first_order_only) throw new RuleBroken(said("offer_card_first_order"));
    // A card that paid before is no first-time diner won, whatever e-mail it comes with (the tab counts them).
    if (paid?.found) await tx.run(sql`UPDATE offer_uses SET first_time = false WHERE order_id = ${orderId} AND first_time`);
    const mine = (await tx.one<{ account_id: string | null; email: string; phone: string }>(
      sql`SELECT account_id, email, phone FROM offer_uses WHERE order_id = ${orderId}`,
    ))!;
    // The diner's uses of the code held or paid by other orders: the same card, account, e-mail or phone.
    const uses = await tx.one<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM offer_uses u JOIN orders o ON o.id = u.order_id
       WHERE u.offer_id = ${offerId} AND u.state <> 'released' AND u.order_id <> ${orderId}
         AND (o.card_fingerprint = ${fingerprint}
              OR (${mine.account_id}::text IS NOT NULL AND u.account_id = ${mine.account_id})
              OR (${mine.email} <> '' AND u.email = ${mine.email})
              OR (${mine.phone} <> '' AND u.phone = ${mine.phone}))`);
    const cap = offer.first_order_only ? 1 : offer.per_diner_cap;
    if (cap !== null && (uses?.n ?? 0) >= cap) throw new RuleBroken(said("offer_card_used"));
  });
}
