// A refund of an order paid partly by a gift card returns each tender's share to where it came from: the
// console's one refund is split, in proportion to what each tender paid, into the card's part (the claim
// itself) and the gift card's part (a claim of its own beside it, its key the claim's with "-gc"), and each
// part goes to Square against its own payment. A full refund of what is left returns each tender's rest.
import { createHash } from "node:crypto";
import { db } from "../platform/database";
import { sql } from "../platform/sql";

interface Claim {
  id: string;
  order_id: string;
  idempotency_key: string | null;
  amount_cents: number;
  reason: string;
  status: string;
}

export interface RefundPart<C> {
  claim: C;
  paymentId: string;
}

/** The gift card part's key: the claim's with "-gc" (hashed when that would pass Square's 45 characters). */
function giftCardKey(key: string): string {
  const plain = `${key}-gc`;
  return plain.length <= 45 ? plain : `gc-${createHash("sha256").update(key).digest("base64url").slice(0, 40)}`;
}

/** The parts of a console refund claim, each with the payment it goes back to. */
export async function refundParts<C extends Claim>(claim: C, cardPaymentId: string): Promise<RefundPart<C>[]> {
  const tenders = await db.one<{ gift_card_payment_id: string | null; gift_card_cents: number | null; amount_cents: number; tip_cents: number | null }>(sql`
    SELECT gift_card_payment_id, gift_card_cents, amount_cents, tip_cents FROM orders WHERE id = ${claim.order_id}`);
  if (!tenders?.gift_card_payment_id || !tenders.gift_card_cents || !claim.idempotency_key) return [{ claim, paymentId: cardPaymentId }];
  const key = giftCardKey(claim.idempotency_key);
  const giftCents = tenders.gift_card_cents;
  return db.transaction(async (tx) => {
    await tx.one(sql`SELECT id FROM orders WHERE id = ${claim.order_id} FOR UPDATE`);
    let gift = await tx.one<C>(sql`SELECT * FROM order_refunds WHERE idempotency_key = ${key}`);
    let card = (await tx.one<C>(sql`SELECT * FROM order_refunds WHERE id = ${claim.id}`))!;
    if (!gift) {
      const paid = tenders.amount_cents + (tenders.tip_cents ?? 0);
      const giftRefunded = await tx.one<{ cents: number }>(sql`
        SELECT coalesce(sum(amount_cents), 0)::int AS cents FROM order_refunds
        WHERE order_id = ${claim.order_id} AND idempotency_key LIKE '%-gc' AND status IN ('REQUESTED', 'PENDING', 'COMPLETED')`);
      const allRefunded = await tx.one<{ cents: number }>(sql`
        SELECT coalesce(sum(amount_cents), 0)::int AS cents FROM order_refunds
        WHERE order_id = ${claim.order_id} AND status IN ('REQUESTED', 'PENDING', 'COMPLETED')`);
      const giftLeft = giftCents - (giftRefunded?.cents ?? 0);
      // The claim is already counted: what is left after it is zero when it refunds everything remaining.
      const last = (allRefunded?.cents ?? 0) >= paid;
      const share = Math.min(giftLeft, claim.amount_cents, last ? giftLeft : Math.round((claim.amount_cents * giftCents) / paid));
      if (share <= 0) return [{ claim: card, paymentId: cardPaymentId }];
      if (share === claim.amount_cents) {
        // All of it goes back to the gift card: the claim itself is the gift card's part.
        return [{ claim: card, paymentId: tenders.gift_card_payment_id! }];
      }
      card = (await tx.one<C>(sql`UPDATE order_refunds SET amount_cents = amount_cents - ${share}, updated_at = now() WHERE id = ${claim.id} RETURNING *`))!;
      gift = await tx.one<C>(sql`
        INSERT INTO order_refunds (order_id, idempotency_key, amount_cents, reason, status, source, created_at, updated_at)
        VALUES (${claim.order_id}, ${key}, ${share}, ${claim.reason}, 'REQUESTED', 'console', now(), now())
        RETURNING *`);
    }
    return [
      { claim: card, paymentId: cardPaymentId },
      { claim: gift!, paymentId: tenders.gift_card_payment_id! },
    ].filter((part) => part.claim.status === "REQUESTED");
  });
}
