// A catering order cancelled: what comes back is computed here from the terms the diner was shown (kept
// on the order), never sent by anyone. A held card given back whole is voided; a part kept takes the hold
// and refunds the rest. An invoice keeps its terms' share of the whole order: what was paid beyond it is
// refunded from its payments, and what is left to pay is cancelled at Square. The day's trays are free
// again, and the event leaves the kitchen's board.
import { refundOfPaid, termFor } from "../../domain/catering";
import type { CateringTerm } from "../../domain/catering";
import { serverNow } from "../env";
import { refundTaken, releaseHold, takeHold } from "../payments";
import { db } from "../platform/database";
import { NotFound, RuleBroken, said } from "../platform/errors";
import { sql } from "../platform/sql";
import { giveDayBack } from "./booking";
import { cancelInvoice, invoicePaid, type InvoicePaid } from "./invoices";
import { takeOffBoard } from "./kitchen";

const HELD = ["authorized", "captured"];
const INVOICED = ["invoiced", "deposit_paid", "paid"];

interface Row {
  id: string;
  status: string;
  event_at: Date;
  event_date: string;
  trays: number;
  total_cents: number;
  terms: CateringTerm[];
  payment_id: string | null;
  refunded_cents: number;
  headcount: number;
  lines: unknown;
  captured_at: Date | null;
  pay_url: string | null;
  invoice_id: string | null;
  invoice_paid_cents: number;
  kitchen_order_id: string | null;
}

/** What was paid so far as this site knows it: a held card's whole total, an invoice's payments as Square said them. */
const paidOf = (row: Pick<Row, "status" | "total_cents" | "invoice_paid_cents">) => (HELD.includes(row.status) ? row.total_cents : row.invoice_paid_cents);

async function rowOf(id: string): Promise<Row> {
  const row = /^[0-9a-f-]{36}$/.test(id) ? await db.one<Row>(sql`SELECT *, event_date::text AS event_date FROM catering_orders WHERE id = ${id}`) : null;
  if (!row) throw new NotFound(said("catering_not_found"));
  return row;
}

/** What a diner or the staff see of a catering order, with what a cancellation now would give back. */
export async function cateringOrder(id: string) {
  const row = await rowOf(id);
  const now = serverNow();
  const hoursBefore = (row.event_at.getTime() - now.getTime()) / 3_600_000;
  return {
    id: row.id,
    status: row.status,
    payUrl: row.pay_url,
    eventAt: row.event_at.toISOString(),
    headcount: row.headcount,
    lines: row.lines,
    totalCents: row.total_cents,
    terms: row.terms,
    refundedCents: row.refunded_cents,
    paidCents: row.status === "cancelled" ? 0 : paidOf(row),
    refundIfCancelledNow: [...HELD, ...INVOICED].includes(row.status)
      ? { percent: termFor(row.terms, hoursBefore).refundPercent, cents: refundOfPaid(row.terms, row.total_cents, paidOf(row), row.event_at, now) }
      : null,
  };
}

/** Cancels an order by its terms at this moment; answers what was given back. */
export async function cancelCatering(id: string): Promise<{ refundedCents: number; keptCents: number }> {
  const now = serverNow();
  const known = await rowOf(id);
  // An invoice's payments are Square's to tell: read before anything changes here.
  const invoice = known.invoice_id && INVOICED.includes(known.status) ? await invoicePaid(known.invoice_id) : null;
  const row = await db.transaction(async (tx) => {
    const found = await tx.one<Row>(sql`SELECT *, event_date::text AS event_date FROM catering_orders WHERE id = ${id} FOR UPDATE`);
    if (!found) throw new NotFound(said("catering_not_found"));
    if (!HELD.includes(found.status) && !(invoice && INVOICED.includes(found.status))) throw new RuleBroken(said("catering_not_cancellable"));
    const paid = invoice ? invoice.paidCents : found.total_cents;
    const refund = refundOfPaid(found.terms, found.total_cents, paid, found.event_at, now);
    await tx.run(sql`UPDATE catering_orders SET status = 'cancelled', cancelled_at = ${now}, refunded_cents = ${refund} WHERE id = ${id}`);
    await giveDayBack(tx, found.event_date, found.trays);
    return { ...found, refund, paid };
  });
  if (invoice) await settleInvoice(row.id, row.invoice_id!, invoice, row.refund);
  else await settleHold(row, row.refund);
  await takeOffBoard(row.kitchen_order_id);
  return { refundedCents: row.refund, keptCents: row.paid - row.refund };
}

async function settleHold(row: Row, refund: number): Promise<void> {
  const paymentId = row.payment_id!;
  if (row.status === "authorized" && refund === row.total_cents) return releaseHold(paymentId);
  if (row.status === "authorized") await takeHold(paymentId);
  await refundTaken(paymentId, refund, `cat-refund-${row.id.slice(0, 30)}`, "Catering cancelled under its terms");
}

/** The refund from the invoice's payments, newest first, then what is left to pay is cancelled. */
async function settleInvoice(id: string, invoiceId: string, invoice: InvoicePaid, refund: number): Promise<void> {
  let left = refund;
  for (const [index, payment] of invoice.payments.entries()) {
    const cents = Math.min(left, payment.cents);
    if (cents <= 0) break;
    await refundTaken(payment.id, cents, `cat-refund-${id.slice(0, 28)}-${index}`, "Catering cancelled under its terms");
    left -= cents;
  }
  await cancelInvoice(invoiceId, invoice);
}

/** The staff's list: the coming events (and those of the last day), with their trays and money state. */
export async function upcomingCatering(now = serverNow()) {
  return db.all(sql`
    SELECT id, status, event_at AS "eventAt", headcount, trays, lines, total_cents AS "totalCents", refunded_cents AS "refundedCents", invoice_paid_cents AS "paidCents",
           customer_name AS "customerName", customer_phone AS "customerPhone", customer_email AS "customerEmail", note, locale
    FROM catering_orders WHERE status <> 'held' AND event_at >= ${now}::timestamptz - interval '1 day' AND event_at < ${now}::timestamptz + interval '30 days'
    ORDER BY event_at`);
}
