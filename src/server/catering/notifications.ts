// Square's word on a catering invoice: invoice.payment_made carries the invoice as it stands after the
// payment (developer.squareup.com/docs/invoices-api/invoice-webhooks): PARTIALLY_PAID once the deposit is
// paid, PAID once the balance is. The order moves forward only (a late, older notification changes nothing).
import * as z from "../../domain/zod";
import { db } from "../platform/database";
import { sql } from "../platform/sql";
import { objectOf, type NotificationType } from "../square";

const invoiceSchema = z.object({ invoice: z.object({ id: z.string().min(1).max(255), status: z.string().max(40) }) });
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
      const moved = await db.run(sql`UPDATE catering_orders SET status = ${next.status} WHERE invoice_id = ${invoice.id} AND status = ANY(${next.after}::text[])`);
      return moved > 0 ? `catering ${next.status}` : null;
    },
  },
];
