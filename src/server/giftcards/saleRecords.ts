// The gift card sales' records (table gift_card_sales): one row per buyer's attempt, moved pending ->
// paid -> activated by conditional updates, with the recipient's e-mail and the buyer's receipt queued
// in the transaction that records the activation.
import type { GiftCardSaleStatus, GiftCardSaleView, GiftCardState } from "../../domain/giftCards";
import { db } from "../platform/database";
import { sql } from "../platform/sql";
import type { GiftCardView, SaleOrder } from "./provider";
import { assertUnderHourlyCap } from "./salesCap";

/** A sale as stored: what the console shows of it, and what only the server keeps (its key, the provider's ids). */
export interface SaleRecord extends Omit<GiftCardSaleView, "delivery"> {
  idempotencyKey: string;
  fingerprint: string;
  provider: "square" | "sandbox";
  order: SaleOrder | null;
  paymentId: string | null;
  giftCardId: string | null;
}

interface SaleRow {
  id: string;
  idempotency_key: string;
  fingerprint: string;
  provider: "square" | "sandbox";
  amount_cents: number;
  buyer_name: string;
  buyer_email: string;
  recipient_name: string;
  recipient_email: string;
  message: string;
  locale: "en" | "es";
  status: GiftCardSaleStatus;
  provider_order_id: string | null;
  line_item_uid: string | null;
  payment_id: string | null;
  gift_card_id: string | null;
  gan_last4: string | null;
  card_state: GiftCardState | null;
  balance_cents: number | null;
  created_at: Date;
  activated_at: Date | null;
}

function recordOf(row: SaleRow): SaleRecord {
  return {
    id: row.id,
    idempotencyKey: row.idempotency_key,
    fingerprint: row.fingerprint,
    provider: row.provider,
    amountCents: row.amount_cents,
    buyerName: row.buyer_name,
    buyerEmail: row.buyer_email,
    recipientName: row.recipient_name,
    recipientEmail: row.recipient_email,
    message: row.message,
    locale: row.locale,
    status: row.status,
    order: row.provider_order_id && row.line_item_uid ? { orderId: row.provider_order_id, lineItemUid: row.line_item_uid } : null,
    paymentId: row.payment_id,
    giftCardId: row.gift_card_id,
    last4: row.gan_last4,
    cardState: row.card_state,
    balanceCents: row.balance_cents,
    createdAt: row.created_at.toISOString(),
    activatedAt: row.activated_at?.toISOString() ?? null,
  };
}

export type NewSale = Pick<
  SaleRecord,
  "id" | "idempotencyKey" | "fingerprint" | "provider" | "amountCents" | "buyerName" | "buyerEmail" | "recipientName" | "recipientEmail" | "message" | "locale"
>;

/**
 * Stores the attempt, or answers the row its key already has (first writer wins). A new one is stored
 * only within the site's hourly cap (./salesCap.ts), checked in the same transaction.
 */
export async function claimSale(sale: NewSale): Promise<{ sale: SaleRecord; created: boolean }> {
  const known = await db.one<SaleRow>(sql`SELECT * FROM gift_card_sales WHERE idempotency_key = ${sale.idempotencyKey}`);
  if (known) return { sale: recordOf(known), created: false };
  const inserted = await db.transaction(async (tx) => {
    await assertUnderHourlyCap(tx);
    return tx.one<SaleRow>(sql`
    INSERT INTO gift_card_sales (id, idempotency_key, fingerprint, provider, amount_cents, buyer_name, buyer_email,
      recipient_name, recipient_email, message, locale)
    VALUES (${sale.id}, ${sale.idempotencyKey}, ${sale.fingerprint}, ${sale.provider}, ${sale.amountCents}, ${sale.buyerName},
      ${sale.buyerEmail}, ${sale.recipientName}, ${sale.recipientEmail}, ${sale.message}, ${sale.locale})
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING *`);
  });
  if (inserted) return { sale: recordOf(inserted), created: true };
  const existing = await db.one<SaleRow>(sql`SELECT * FROM gift_card_sales WHERE idempotency_key = ${sale.idempotencyKey}`);
  return { sale: recordOf(existing!), created: false };
}

export async function getSale(id: string): Promise<SaleRecord | null> {
  const row = await db.one<SaleRow>(sql`SELECT * FROM gift_card_sales WHERE id = ${id}`);
  return row ? recordOf(row) : null;
}

export async function saleOfGiftCard(giftCardId: string): Promise<SaleRecord | null> {
  const row = await db.one<SaleRow>(sql`SELECT * FROM gift_card_sales WHERE gift_card_id = ${giftCardId}`);
  return row ? recordOf(row) : null;
}

export async function noteSaleOrder(id: string, order: SaleOrder): Promise<void> {
  await db.run(sql`
    UPDATE gift_card_sales SET provider_order_id = ${order.orderId}, line_item_uid = ${order.lineItemUid}, updated_at = now()
    WHERE id = ${id} AND provider_order_id IS NULL`);
}

export async function notePaid(id: string, paymentId: string): Promise<void> {
  await db.run(sql`
    UPDATE gift_card_sales SET status = 'paid', payment_id = ${paymentId}, paid_at = coalesce(paid_at, now()), failure = NULL, updated_at = now()
    WHERE id = ${id} AND status IN ('pending', 'failed')`);
}

export async function noteRefused(id: string, reason: string): Promise<void> {
  await db.run(sql`UPDATE gift_card_sales SET status = 'failed', failure = ${reason.slice(0, 300)}, updated_at = now() WHERE id = ${id} AND status = 'pending'`);
}

export async function noteCard(id: string, card: GiftCardView): Promise<void> {
  await db.run(sql`
    UPDATE gift_card_sales SET gift_card_id = ${card.id}, gan_last4 = ${card.gan.slice(-4)}, card_state = ${card.state},
      balance_cents = ${card.balanceCents}, updated_at = now()
    WHERE id = ${id} AND gift_card_id IS NULL`);
}

/** A finishing attempt that failed: counted, for the console and the log. */
export async function noteFinishFailed(id: string, reason: string): Promise<void> {
  await db.run(sql`UPDATE gift_card_sales SET finish_attempts = finish_attempts + 1, failure = ${reason.slice(0, 300)}, updated_at = now() WHERE id = ${id}`);
}

/**
 * The card holds its amount: the sale is activated and, in the same transaction, the recipient's card and
 * the buyer's receipt are queued (once each, whatever repeats the activation).
 */
export async function noteActivated(id: string, card: GiftCardView): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await tx.one<SaleRow>(sql`
      UPDATE gift_card_sales SET status = 'activated', activated_at = now(), card_state = ${card.state}, balance_cents = ${card.balanceCents},
        failure = NULL, updated_at = now()
      WHERE id = ${id} AND status = 'paid'
      RETURNING *`);
    if (!row) return false;
    for (const [kind, recipient] of [
      ["gift_card_delivery", row.recipient_email],
      ["gift_card_receipt", row.buyer_email],
    ] as const) {
      await tx.run(sql`
        INSERT INTO mail_outbox (kind, dedupe_key, gift_card_sale_id, recipient, language)
        VALUES (${kind}, ${`${kind}:${id}`}, ${id}, ${recipient}, ${row.locale})
        ON CONFLICT (dedupe_key) DO NOTHING`);
    }
    return true;
  });
}

/** Square told of a change of the card (a redemption at the counter, a deactivation): its state and balance here follow. */
export async function noteCardState(giftCardId: string, state: GiftCardState | null, balanceCents: number | null): Promise<boolean> {
  const changed = await db.run(sql`
    UPDATE gift_card_sales SET card_state = coalesce(${state}, card_state), balance_cents = coalesce(${balanceCents}::int, balance_cents), updated_at = now()
    WHERE gift_card_id = ${giftCardId}`);
  return changed > 0;
}

/** Paid sales still without an active card after `olderThanSeconds` (the request that paid them gave up). */
export async function unfinishedSales(olderThanSeconds: number, limit = 50): Promise<SaleRecord[]> {
  const rows = await db.all<SaleRow>(sql`
    SELECT * FROM gift_card_sales WHERE status = 'paid' AND paid_at < now() - make_interval(secs => ${olderThanSeconds})
    ORDER BY paid_at LIMIT ${limit}`);
  return rows.map(recordOf);
}

/** The newest sales first, for the console. */
export async function listSales(limit = 200): Promise<SaleRecord[]> {
  const rows = await db.all<SaleRow>(sql`SELECT * FROM gift_card_sales ORDER BY created_at DESC LIMIT ${limit}`);
  return rows.map(recordOf);
}
