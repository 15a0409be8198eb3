// The tender of an order whose promo code is for a first order or capped per diner: a new e-mail and phone
// on a tender that paid here before is the same diner. The payment is only authorized when this runs
// (payments/checkedCharge.ts); refused, it is cancelled, and the order's end gives the use and the
// kitchen's room back. Tenders are compared by a stable identity (payments/tenderIdentity.ts: a card's or
// a wallet card's fingerprint, a gift card's id, a Cash App cashtag, kept in orders.card_fingerprint); a
// tender without one cannot take such a code, since nothing would tell its second first order.
import type { CardCheck } from "../payments";
import { db } from "../platform/database";
import { RuleBroken, said } from "../platform/errors";
import { sql } from "../platform/sql";
import { isFirstOrder } from "./rules";

/**
 * Statuses of an order that was paid (a cancelled one was paid, then refunded), as "first order" reads them;
 * an order whose use the owner gave back on its full refund does not count (offers/rules.ts isFirstOrder).
 */
const PAID = ["confirmed", "preparing", "ready", "completed", "cancelled"];

/** The check for this order's tender, or undefined when its code (if any) does not look at the diner. */
export async function cardCheckFor(orderId: string): Promise<CardCheck | undefined> {
  const use = await db.one<{ offer_id: string }>(sql`
    SELECT u.offer_id FROM offer_uses u JOIN offers o ON o.id = u.offer_id
     WHERE u.order_id = ${orderId} AND (o.first_order_only OR o.per_diner_cap IS NOT NULL)`);
  return use ? (fingerprint) => checkCard(orderId, use.offer_id, fingerprint) : undefined;
}

/**
 * Notes the tender on the order and, under the offer's lock (so two attempts on one tender at once are
 * counted one after the other), refuses it when it has no identity, when it, or the order's e-mail or
 * phone, paid an order before (first order only), or when the uses of the code by the same tender, or by
 * the same account, e-mail or phone, reach the per-diner cap. An e-mail's or a phone's uses count once
 * their own tender was checked (or paid), so attempts at once are judged one after the other, never all
 * refused together. A diner who paid before makes the use no first-time diner's.
 */
async function checkCard(orderId: string, offerId: string, identity: string | null): Promise<void> {
  if (!identity) throw new RuleBroken(said("offer_tender_unknown"));
  await db.transaction(async (tx) => {
    const offer = (await tx.one<{ first_order_only: boolean; per_diner_cap: number | null }>(
      sql`SELECT first_order_only, per_diner_cap FROM offers WHERE id = ${offerId} FOR UPDATE`,
    ))!;
    await tx.run(sql`UPDATE orders SET card_fingerprint = ${identity} WHERE id = ${orderId}`);
    const paid = await tx.one<{ found: boolean }>(sql`
      SELECT EXISTS (SELECT 1 FROM orders o WHERE o.card_fingerprint = ${identity} AND o.status = ANY(${PAID}::text[]) AND o.id <> ${orderId}
                        AND NOT EXISTS (SELECT 1 FROM offer_uses g WHERE g.order_id = o.id AND g.state = 'released')) AS found`);
    if (paid?.found && offer.first_order_only) throw new RuleBroken(said("offer_card_first_order"));
    const mine = (await tx.one<{ account_id: string | null; email: string; phone: string }>(
      sql`SELECT account_id, email, phone FROM offer_uses WHERE order_id = ${orderId}`,
    ))!;
    const firstByContact = await isFirstOrder({ email: mine.email, phone: mine.phone }, orderId, tx);
    if (!firstByContact && offer.first_order_only) throw new RuleBroken(said("offer_first_order"));
    // A tender or a contact that paid before is no first-time diner won (the tab counts them).
    if (paid?.found || !firstByContact) await tx.run(sql`UPDATE offer_uses SET first_time = false WHERE order_id = ${orderId} AND first_time`);
    // The diner's uses of the code held or paid by other orders: by the same tender, or by the same
    // account, e-mail or phone once that order's own tender was checked.
    const uses = (await tx.one<{ tender: number; diner: number }>(sql`
      SELECT count(*) FILTER (WHERE o.card_fingerprint = ${identity})::int AS tender,
             count(*) FILTER (WHERE (u.state = 'redeemed' OR o.card_fingerprint IS NOT NULL)
                                AND ((${mine.account_id}::text IS NOT NULL AND u.account_id = ${mine.account_id})
                                     OR (${mine.email} <> '' AND u.email = ${mine.email})
                                     OR (${mine.phone} <> '' AND u.phone = ${mine.phone})))::int AS diner
        FROM offer_uses u JOIN orders o ON o.id = u.order_id
       WHERE u.offer_id = ${offerId} AND u.state <> 'released' AND u.order_id <> ${orderId}`))!;
    const cap = offer.first_order_only ? 1 : offer.per_diner_cap;
    if (cap !== null && uses.tender >= cap) throw new RuleBroken(said("offer_card_used"));
    if (cap !== null && uses.diner >= cap) throw new RuleBroken(said("offer_used_by_you"));
  });
}
