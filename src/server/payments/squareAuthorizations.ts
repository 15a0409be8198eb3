// Authorizations at Square (payments APPROVED: money held, not taken), read and voided by the sweeper of
// holds a crash left behind (orders/strandedAuthorizations.ts). ListPayments has no filter by order or
// status, so the payments of a time window are read page by page and the APPROVED ones kept.
import type { SquareClient } from "square";
import { squareClient, type SquareConfig } from "../platform/squareClient";

export interface HeldPayment {
  id: string;
  orderId: string;
}

/** The APPROVED payments made at the location between `from` and `to`, that belong to an order. */
export async function approvedPaymentsBetween(config: SquareConfig, from: Date, to: Date, client?: SquareClient): Promise<HeldPayment[]> {
  const square = client ?? (await squareClient("charge-check", config));
  const held: HeldPayment[] = [];
  let page = await square.payments.list({ beginTime: from.toISOString(), endTime: to.toISOString(), locationId: config.locationId, limit: 100 });
  for (;;) {
    for (const payment of page.data) {
      if (payment.status === "APPROVED" && payment.id && payment.orderId) held.push({ id: payment.id, orderId: payment.orderId });
    }
    if (!page.hasNextPage()) return held;
    page = await page.getNextPage();
  }
}

/** Voids one authorization at Square: the funds are the buyer's again. */
export async function voidAuthorization(config: SquareConfig, paymentId: string, client?: SquareClient): Promise<void> {
  await (client ?? (await squareClient("charge-check", config))).payments.cancel({ paymentId });
}
