// What refunds and the POS add to an order's views: the customer sees the money coming back and the
// payment's state; staff also see each refund's reason and outcome and whether the POS got the last
// status set in the console.
import { toDollars } from "../../domain/money";
import type { OrderView, StaffOrderDetails } from "../../domain/orderReadModel";
import { db } from "../platform/database";
import type { StoredOrder } from "./records";
import { sql } from "../platform/sql";
import { refundsOfOrders, refundSummary } from "./refunds";

/** `views[i]` is the view of `orders[i]`; each comes back with its refunds. */
export async function withRefunds(orders: readonly StoredOrder[], views: readonly OrderView[]): Promise<OrderView[]> {
  const refunds = await refundsOfOrders(orders.map((order) => order.orderId));
  return views.map((view, index) => {
    const order = orders[index]!;
    const { refundedCents, paymentStatus, returned } = refundSummary(order, refunds.get(order.orderId) ?? [], order.tipCents ?? 0);
    return {
      ...view,
      paymentStatus,
      refunded: toDollars(refundedCents),
      refunds: returned.map((refund) => ({
        amount: toDollars(refund.amountCents),
        status: refund.status === "COMPLETED" ? ("completed" as const) : ("pending" as const),
        createdAt: refund.createdAt,
      })),
    };
  });
}

/** The console's views: the customer's, plus every refund with its reason, what is left to refund and the POS's state. */
export async function withStaffDetails(
  orders: readonly StoredOrder[],
  views: readonly OrderView[],
): Promise<(OrderView & { staff: StaffOrderDetails })[]> {
  const ids = orders.map((order) => order.orderId);
  const [customer, refunds, sync] = [
    await withRefunds(orders, views),
    await refundsOfOrders(ids),
    await db.all<{ id: string; pos_sync_error: string | null }>(sql`SELECT id, pos_sync_error FROM orders WHERE id = ANY(${ids}::text[])`),
  ];
  const syncErrors = new Map(sync.map((row) => [row.id, row.pos_sync_error]));
  return customer.map((view, index) => {
    const order = orders[index]!;
    const list = refunds.get(order.orderId) ?? [];
    const { refundedCents } = refundSummary(order, list, order.tipCents ?? 0);
    const paid = (order.payment.amountCents ?? 0) + (order.tipCents ?? 0);
    return {
      ...view,
      staff: {
        refunds: list.map((refund) => ({
          amount: toDollars(refund.amountCents),
          status: refund.status.toLowerCase() as StaffOrderDetails["refunds"][number]["status"],
          reason: refund.reason,
          madeAt: refund.source,
          createdAt: refund.createdAt,
        })),
        refundable: toDollars(Math.max(0, paid - refundedCents)),
        posSyncError: syncErrors.get(order.orderId) ?? null,
      },
    };
  });
}
