// The console's Gift cards tab: every sale with its card's last four digits, amount, buyer, recipient,
// state and activation, and the recipient's e-mail's delivery; the owner sends that e-mail again.
import type { GiftCardSaleView } from "../../domain/giftCards";
import { db } from "../platform/database";
import { resend } from "../mail";
import { sql } from "../platform/sql";
import type { Actor } from "../staff";
import { listSales } from "./saleRecords";

export async function giftCardSalesForConsole(): Promise<GiftCardSaleView[]> {
  const sales = await listSales();
  const deliveries = await db.all<{ id: string; gift_card_sale_id: string; status: string; sent_at: Date | null }>(sql`
    SELECT id, gift_card_sale_id, status, sent_at FROM mail_outbox
    WHERE kind = 'gift_card_delivery' AND gift_card_sale_id = ANY(${sales.map((sale) => sale.id)})`);
  const bySale = new Map(deliveries.map((row) => [row.gift_card_sale_id, row]));
  // What only the server keeps of a sale (its key, the provider's ids) stays here.
  return sales.map(({ idempotencyKey: _key, fingerprint: _fingerprint, provider: _provider, order: _order, paymentId: _payment, giftCardId: _card, ...sale }) => {
    const delivery = bySale.get(sale.id);
    return { ...sale, delivery: delivery ? { outboxId: Number(delivery.id), status: delivery.status, sentAt: delivery.sent_at?.toISOString() ?? null } : null };
  });
}

/** Queues the recipient's e-mail again (lost in a spam folder, a typo fixed at their end); null when there is none to resend. */
export async function resendGiftCard(saleId: string, actor: Actor): Promise<{ outboxId: number } | null> {
  const row = await db.one<{ id: string }>(sql`SELECT id FROM mail_outbox WHERE kind = 'gift_card_delivery' AND gift_card_sale_id = ${saleId}`);
  if (!row) return null;
  const message = await resend(Number(row.id), actor);
  return message ? { outboxId: message.id } : null;
}
