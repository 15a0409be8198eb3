// A use of a code, held for an order in the transaction that takes the kitchen's room (before any call to
// Square): the offer's row is locked while its uses are counted, so 50 attempts at once on the last 10 uses
// hold exactly 10. The order's own status moves the use on (the offer_use_follows_order trigger: paid
// redeems it, an attempt ended unpaid gives it back); a retried attempt holds it again; a full refund may
// give it back when the owner says so.
import type { SquareDiscount } from "../../domain/discounts";
import type { Cents } from "../../domain/money";
import { recordActivity, type ActivityActor } from "../audit";
import { db, type Queries } from "../platform/database";
import { sql } from "../platform/sql";
import { accountOnly, assertCaps, assertOpen, countUses, normalisedDiner, type DinerIdentity, type PricedOffer } from "./rules";
import type { OfferRow } from "./store";

/** What the order keeps of its code: the read side of the order, its e-mail and Square's order. */
export interface OrderOffer {
  code: string;
  labelEn: string;
  labelEs: string;
  amountCents: Cents;
  square: SquareDiscount;
}

async function lockedOffer(tx: Queries, offerId: string): Promise<OfferRow> {
  return (await tx.one<OfferRow>(sql`SELECT * FROM offers WHERE id = ${offerId} FOR UPDATE`))!;
}

/**
 * Holds one use of the priced offer for `orderId`, counted under the offer's lock: refused (nothing
 * stored, the caller's transaction rolls back) when it is paused, over, or its caps are reached now.
 */
export async function reserveUse(tx: Queries, priced: PricedOffer, orderId: string, diner: DinerIdentity, now: Date): Promise<void> {
  const offer = await lockedOffer(tx, priced.offer.id);
  assertOpen(offer, now);
  assertCaps(offer, await countUses(offer.id, accountOnly(diner), orderId, tx));
  const who = normalisedDiner(diner);
  await tx.run(sql`
    INSERT INTO offer_uses (order_id, offer_id, code, label_en, label_es, state, discount_cents, square_discount, account_id, email, phone, first_time, reserved_at, updated_at)
    VALUES (${orderId}, ${offer.id}, ${offer.code}, ${offer.label_en}, ${offer.label_es}, 'reserved', ${priced.discount}, ${JSON.stringify(priced.square)}::jsonb,
            ${who.accountId}, ${who.email}, ${who.phone}, ${priced.firstTime}, ${now}, ${now})`);
}

/** A retried attempt's use, given back when its try ended, is held again under the same caps (or refused). */
export async function reserveAgain(tx: Queries, orderId: string, now: Date): Promise<void> {
  const use = await tx.one<{ offer_id: string; state: string; account_id: string | null }>(
    sql`SELECT offer_id, state, account_id FROM offer_uses WHERE order_id = ${orderId}`,
  );
  if (!use || use.state !== "released") return;
  const offer = await lockedOffer(tx, use.offer_id);
  assertOpen(offer, now);
  assertCaps(offer, await countUses(offer.id, { accountId: use.account_id }, orderId, tx));
  await tx.run(sql`UPDATE offer_uses SET state = 'reserved', reserved_at = ${now}, updated_at = ${now} WHERE order_id = ${orderId}`);
}

/** A fully refunded order's use given back (the owner's choice), logged with the refund's actor. */
export async function giveBackUse(tx: Queries, order: { orderId: string; orderNumber: string }, actor: ActivityActor | undefined): Promise<boolean> {
  const { orderId } = order;
  const given = await tx.one<{ code: string }>(sql`
    UPDATE offer_uses SET state = 'released', updated_at = now() WHERE order_id = ${orderId} AND state = 'redeemed' RETURNING code`);
  if (given && actor) await recordActivity(actor, { action: "offer.give-back", target: given.code, after: { orderNumber: order.orderNumber } }, tx);
  return given !== null;
}

/**
 * After a console refund: when the owner chose to give the code's use back and the order is now refunded
 * in full (everything paid, the tip too), its use no longer counts against the code's caps.
 */
export async function giveBackAfterFullRefund(order: { orderId: string; orderNumber: string }, actor: ActivityActor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await tx.one<{ full: boolean }>(sql`
      SELECT refunded_cents >= coalesce(amount_cents, 0) + coalesce(tip_cents, 0) AS full FROM orders WHERE id = ${order.orderId} FOR UPDATE`);
    return row?.full ? giveBackUse(tx, order, actor) : false;
  });
}

/** How long a use stays held for an attempt that never reached Square (its request has long ended by then). */
export const ABANDONED_USE_MINUTES = 5;

/**
 * Gives back the uses of attempts abandoned before Square was asked (no Square order remembered, no
 * charge running): such an order can never be charged, so its use is free again on the next 10-minute
 * run. An attempt that reached Square keeps its use until the reconciliation asks Square and ends it
 * (then the order's status gives the use back), so a late charge never finds its code spent twice.
 */
export async function releaseAbandonedUses(now: Date): Promise<number> {
  return db.run(sql`
    UPDATE offer_uses u SET state = 'released', updated_at = ${now}
      FROM orders o
     WHERE u.order_id = o.id AND u.state = 'reserved' AND u.reserved_at < ${new Date(now.getTime() - ABANDONED_USE_MINUTES * 60_000)}
       AND o.status IN ('pending', 'payment_failed') AND o.provider_order_id IS NULL
       AND (o.charge_lease_until IS NULL OR o.charge_lease_until < now())`);
}
