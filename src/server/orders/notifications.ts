// Square's notifications about orders: the POS moved a fulfillment, a payment completed (the one decision
// of paid, ./reconcile.ts), a refund was made or settled.
import * as z from "../../domain/zod";
import { log } from "../platform/http";
import { objectOf, type NotificationType } from "../square";
import { applyFulfillmentUpdate } from "./fulfillment";
import { confirmIfPaid } from "./reconcile";
import { isPaid, orderOfProviderOrder } from "./records";
import { applySquareRefund } from "./refunds";

const money = z.object({ amount: z.coerce.number().int().nonnegative() }).optional();

const fulfillmentUpdatedSchema = z.object({
  order_fulfillment_updated: z.object({
    order_id: z.string().min(1),
    version: z.coerce.number().int(),
    fulfillment_update: z
      .array(z.object({ fulfillment_uid: z.string().nullish(), old_state: z.string().nullish(), new_state: z.string() }))
      .default([]),
  }),
});

const paymentSchema = z.object({
  payment: z.object({
    id: z.string().min(1),
    status: z.string(),
    order_id: z.string().nullish(),
    amount_money: money,
    receipt_url: z.string().nullish(),
  }),
});

export const refundSchema = z.object({
  refund: z.object({
    id: z.string().min(1),
    status: z.string(),
    payment_id: z.string().min(1),
    amount_money: z.object({ amount: z.coerce.number().int().positive() }),
    reason: z.string().nullish(),
  }),
});

/**
 * A completed payment of a pending order confirms it only through the one decision of paid (Square shows
 * the whole total paid); a notification never turns a refused attempt into an order.
 */
async function applyPayment(payment: z.infer<typeof paymentSchema>["payment"]): Promise<string> {
  if (!payment.order_id) return "ignored: payment without an order";
  const order = await orderOfProviderOrder(payment.order_id);
  if (!order) return "ignored: not an order of this site";
  if (isPaid(order)) return "unchanged: already paid";
  if (payment.status !== "COMPLETED") return `ignored: payment ${payment.status}`;
  const outcome = await confirmIfPaid(order);
  if (outcome === "confirmed") log("warn", "pending order confirmed by Square's payment notification", { orderNumber: order.orderNumber });
  return outcome === "confirmed" ? "applied: confirmed" : `unchanged: ${outcome}`;
}

export const orderNotificationTypes: NotificationType[] = [
  {
    types: ["order.fulfillment.updated"],
    apply: async (event) => {
      const data = objectOf(event, fulfillmentUpdatedSchema);
      if (!data) return "ignored: unreadable fulfillment update";
      const update = data.order_fulfillment_updated;
      return applyFulfillmentUpdate({
        orderId: update.order_id,
        version: update.version,
        changes: update.fulfillment_update.map((change) => ({
          fulfillmentUid: change.fulfillment_uid ?? null,
          oldState: change.old_state ?? null,
          newState: change.new_state,
        })),
      });
    },
  },
  {
    types: ["payment.created", "payment.updated"],
    apply: async (event) => {
      const data = objectOf(event, paymentSchema);
      return data ? applyPayment(data.payment) : "ignored: unreadable payment";
    },
  },
  {
    types: ["refund.created", "refund.updated"],
    apply: async (event) => {
      const data = objectOf(event, refundSchema);
      if (!data) return "ignored: unreadable refund";
      const { refund } = data;
      return applySquareRefund({ id: refund.id, status: refund.status, paymentId: refund.payment_id, amountCents: refund.amount_money.amount, reason: refund.reason ?? "" });
    },
  },
];
