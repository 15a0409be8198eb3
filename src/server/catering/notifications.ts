// Square's word on a catering invoice: invoice.payment_made carries the invoice as it stands after the
// payment (developer.squareup.com/docs/invoices-api/invoice-webhooks): PARTIALLY_PAID once the deposit is
// paid, PAID once the balance is. The order moves forward only (a late, older notification changes nothing),
// keeps what was paid so far (what a cancellation weighs), and once its deposit is paid the kitchen has it
// (./kitchen.ts) in the same run.
import * as z from "../../domain/zod";
import { db } from "../platform/database";
import { sql } from "../platform/sql";
import { objectOf, type NotificationType } from "../square";
import { sendToKitchen } from "./kitchen";

const moneySchema = z.object({ amount: z.number().int().min(0) });
const invoiceSchema = z.object({
  invoice: z.object({
    id: z.string().min(1).max(255),
    status: z.string().max(40),
    payment_requests: z.array(z.object({ total_completed_amount_money: moneySchema.optional() })).max(20).optional(),
  }),
});
const STATUS: Record<string, { status: string; after: string[] }> = {
  PARTIALLY_PAID: { status: "deposit_paid", after: ["invoiced"] },
  PAID: { status: "paid", after: ["invoiced", "deposit_paid"] },
};

export const cateringNotificationTypes: readonly NotificationType[] = [
  {
    types: ["invoice.payment_made"],
    async apply(event) {
      const invoice = objectOf(event, invoiceSchema)?.invoice;
      const next = invoice && STATUS[invoice.status];
      if (!invoice || !next) return null;
      const paidCents = (invoice.payment_requests ?? []).reduce((sum, request) => sum + (request.total_completed_amount_money?.amount ?? 0), 0);
      const moved = await db.one<{ id: string }>(sql`
        UPDATE catering_orders SET status = ${next.status}, invoice_paid_cents = GREATEST(invoice_paid_cents, ${paidCents})
        WHERE invoice_id = ${invoice.id} AND status = ANY(${next.after}::text[]) RETURNING id`);
      // A notification sent again finds the event moved: the kitchen is given it if it was not.
      const paid = moved ?? (await db.one<{ id: string }>(sql`
        SELECT id FROM catering_orders WHERE invoice_id = ${invoice.id} AND status IN ('deposit_paid', 'paid') AND kitchen_order_id IS NULL`));
      if (paid) await sendToKitchen(paid.id);
      return moved ? `catering ${next.status}` : null;
    },
  },
];
