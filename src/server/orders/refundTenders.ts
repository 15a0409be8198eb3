// A refund of an order paid by more than one tender (a split tender) returns each tender's share to where it
// came from, by the order's list of tenders (order_tenders): the console's one refund is split, in proportion
// to what each tender took, into the claim itself (the newest tender's share, usually the booked payment's)
// and a part of its own for each other share (part_of the claim, its key the claim's with the tender's
// place), each sent to Square against its own payment. A full refund of what is left returns each tender's
// rest. No tender is asked for more than it has left: what one cannot take goes to the others, newest first.
import { createHash } from "node:crypto";
import { db, type Queries } from "../platform/database";
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

interface Tender {
  payment_id: string;
  amount_cents: number;
}

/** A part's key: the claim's with the tender's place (hashed when that would pass Square's 45 characters). */
function partKey(key: string, position: number): string {
  const plain = `${key}-t${position}`;
  return plain.length <= 45 ? plain : `t${position}-${createHash("sha256").update(key).digest("base64url").slice(0, 40)}`;
}

/**
 * Each tender's share of `amount`, oldest first: in proportion to what each took (`took`), the newest taking
 * the rest, each within what it has `left`; `whole` (the refund takes everything left) gives each its rest.
 */
export function refundShares(amount: number, took: readonly number[], left: readonly number[], whole: boolean): number[] {
  const paid = took.reduce((sum, cents) => sum + cents, 0);
  const newest = took.length - 1;
  const shares = took.map(() => 0);
  let assigned = 0;
  for (let i = 0; i < newest; i++) {
    const due = whole ? left[i]! : Math.round((amount * took[i]!) / paid);
    shares[i] = Math.max(0, Math.min(left[i]!, amount - assigned, due));
    assigned += shares[i]!;
  }
  let rest = amount - assigned;
  shares[newest] = Math.min(rest, Math.max(0, left[newest]!));
  rest -= shares[newest]!;
  for (let i = newest - 1; i >= 0 && rest > 0; i--) {
    const more = Math.min(rest, Math.max(0, left[i]! - shares[i]!));
    shares[i]! += more;
    rest -= more;
  }
  // More than every tender has left cannot be claimed (refundOrder checks it); were it, the provider refuses the newest's.
  shares[newest]! += rest;
  return shares;
}

/** The parts of a console refund claim, each with the payment it goes back to (`bookedPaymentId`: the order's). */
export async function refundParts<C extends Claim>(claim: C, bookedPaymentId: string): Promise<RefundPart<C>[]> {
  const tenders = await db.all<Tender>(sql`SELECT payment_id, amount_cents FROM order_tenders WHERE order_id = ${claim.order_id} ORDER BY position`);
  // One tender (or no list): the claim goes back to the booked payment whole.
  if (tenders.length < 2 || !claim.idempotency_key) return [{ claim, paymentId: bookedPaymentId }];
  return db.transaction(async (tx) => {
    await tx.one(sql`SELECT id FROM orders WHERE id = ${claim.order_id} FOR UPDATE`);
    const current = (await tx.one<C & { payment_id: string | null }>(sql`SELECT * FROM order_refunds WHERE id = ${claim.id}`))!;
    // A claim asked again keeps the split it was given the first time.
    if (current.payment_id === null) await splitClaim(tx, current, tenders, bookedPaymentId);
    const parts = await tx.all<C & { payment_id: string }>(sql`
      SELECT * FROM order_refunds WHERE (id = ${claim.id} OR part_of = ${claim.id}) AND status = 'REQUESTED' ORDER BY id`);
    return parts.map((part) => ({ claim: part, paymentId: part.payment_id }));
  });
}

/** Splits a claim by the tenders' shares: the claim keeps the newest share, each other share is a part beside it. */
async function splitClaim(tx: Queries, claim: Claim, tenders: Tender[], bookedPaymentId: string): Promise<void> {
  const order = (await tx.one<{ amount_cents: number; tip_cents: number | null }>(sql`SELECT amount_cents, tip_cents FROM orders WHERE id = ${claim.order_id}`))!;
  const paid = order.amount_cents + (order.tip_cents ?? 0);
  // What each took: the tenders before the newest as recorded, the newest the rest of what was paid (its tip too).
  const before = tenders.slice(0, -1).reduce((sum, tender) => sum + tender.amount_cents, 0);
  const took = tenders.map((tender, index) => (index === tenders.length - 1 ? paid - before : tender.amount_cents));
  const refunded = await tx.all<{ payment_id: string; cents: number }>(sql`
    SELECT coalesce(payment_id, ${bookedPaymentId}) AS payment_id, coalesce(sum(amount_cents), 0)::int AS cents FROM order_refunds
    WHERE order_id = ${claim.order_id} AND id <> ${claim.id} AND status IN ('REQUESTED', 'PENDING', 'COMPLETED')
    GROUP BY 1`);
  const refundedOf = new Map(refunded.map((row) => [row.payment_id, row.cents]));
  const left = tenders.map((tender, index) => took[index]! - (refundedOf.get(tender.payment_id) ?? 0));
  const refundedBefore = refunded.reduce((sum, row) => sum + row.cents, 0);
  const shares = refundShares(claim.amount_cents, took, left, refundedBefore + claim.amount_cents >= paid);
  const own = shares.findLastIndex((share) => share > 0);
  await tx.run(sql`
    UPDATE order_refunds SET amount_cents = ${shares[own]!}, payment_id = ${tenders[own]!.payment_id}, updated_at = now() WHERE id = ${claim.id}`);
  for (const [index, share] of shares.entries()) {
    if (index === own || share <= 0) continue;
    await tx.run(sql`
      INSERT INTO order_refunds (order_id, idempotency_key, amount_cents, reason, status, source, payment_id, part_of, created_at, updated_at)
      VALUES (${claim.order_id}, ${partKey(claim.idempotency_key!, index + 1)}, ${share}, ${claim.reason}, 'REQUESTED', 'console',
              ${tenders[index]!.payment_id}, ${claim.id}, now(), now())`);
  }
}
