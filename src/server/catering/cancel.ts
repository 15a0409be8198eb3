// A catering order cancelled: what comes back is computed here from the terms the diner was shown (kept
// on the order), never sent by anyone. A hold given back whole is voided; a part kept takes the hold and
// refunds the rest; the day's trays are free again.
import { refundCentsFor, termFor } from "../../domain/catering";
import type { CateringTerm } from "../../domain/catering";
import { serverNow } from "../env";
import { refundTaken, releaseHold, takeHold } from "../payments";
import { db } from "../platform/database";
import { NotFound, RuleBroken, said } from "../platform/errors";
import { sql } from "../platform/sql";
import { giveDayBack } from "./booking";

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
}

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
    refundIfCancelledNow: row.status === "authorized" || row.status === "captured" ? { percent: termFor(row.terms, hoursBefore).refundPercent, cents: refundCentsFor(row.terms, row.total_cents, row.event_at, now) } : null,
  };
}

/** Cancels an order by its terms at this moment; answers what was given back. */
export async function cancelCatering(id: string): Promise<{ refundedCents: number; keptCents: number }> {
  const now = serverNow();
  const row = await db.transaction(async (tx) => {
    const found = await tx.one<Row>(sql`SELECT *, event_date::text AS event_date FROM catering_orders WHERE id = ${id} FOR UPDATE`);
    if (!found) throw new NotFound(said("catering_not_found"));
    if (found.status !== "authorized" && found.status !== "captured") throw new RuleBroken(said("catering_not_cancellable"));
    const refund = refundCentsFor(found.terms, found.total_cents, found.event_at, now);
    await tx.run(sql`UPDATE catering_orders SET status = 'cancelled', cancelled_at = ${now}, refunded_cents = ${refund} WHERE id = ${id}`);
    await giveDayBack(tx, found.event_date, found.trays);
    return { ...found, refund };
  });
  const paymentId = row.payment_id!;
  if (row.status === "authorized" && row.refund === row.total_cents) await releaseHold(paymentId);
  else {
    if (row.status === "authorized") await takeHold(paymentId);
    await refundTaken(paymentId, row.refund, `cat-refund-${row.id.slice(0, 30)}`, "Catering cancelled under its terms");
  }
  return { refundedCents: row.refund, keptCents: row.total_cents - row.refund };
}

/** The staff's list: the coming events (and those of the last day), with their trays and money state. */
export async function upcomingCatering(now = serverNow()) {
  return db.all(sql`
    SELECT id, status, event_at AS "eventAt", headcount, trays, lines, total_cents AS "totalCents", refunded_cents AS "refundedCents",
           customer_name AS "customerName", customer_phone AS "customerPhone", customer_email AS "customerEmail", note, locale
    FROM catering_orders WHERE status <> 'held' AND event_at >= ${now}::timestamptz - interval '1 day' AND event_at < ${now}::timestamptz + interval '30 days'
    ORDER BY event_at`);
}
