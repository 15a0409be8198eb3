// The promo code of a checkout attempt: priced with the order's own lines (refused in one sentence when it
// gives nothing, before anything is stored or Square is called), then one use held in the transaction
// that writes the pending order, and, for a retried attempt, held again.
import type { OrderLine } from "../../domain/orderLines";
import type { OrderRequest } from "../../domain/orderRequest.schema";
import type { Cents } from "../../domain/money";
import { serverNow } from "../env";
import type { Queries } from "../platform/database";
import { priceOffer, type DinerIdentity, type PricedOffer } from "./rules";
import { withSquareFigures } from "./squareFigures";
import { reserveAgain, reserveUse } from "./uses";

export type { PricedOffer } from "./rules";

/** Who orders, as the caps see it: the signed-in diner's account, and the order's e-mail and phone. */
export function orderDiner(request: OrderRequest, accountId?: string | null): DinerIdentity {
  return { accountId: accountId ?? null, email: request.customerInfo.email, phone: request.customerInfo.phone };
}

/** The attempt's code priced on its lines, or null when it carries none. */
export async function offerForOrder(
  request: OrderRequest,
  lines: readonly OrderLine[],
  deliveryFee: Cents,
  accountId?: string | null,
  exceptOrderId?: string | null,
): Promise<PricedOffer | null> {
  if (!request.promoCode) return null;
  const diner = orderDiner(request, accountId);
  const ruled = await priceOffer({ code: request.promoCode, lines, deliveryFee, diner, now: serverNow(), exceptOrderId });
  // Stored and charged as Square priced the cart the checkout showed (kept from its check: no second call).
  return withSquareFigures(ruled, lines, deliveryFee, { accountId: accountId ?? null, address: null });
}

/** Holds the use of a new attempt's code, in the transaction that writes its pending order. */
export async function holdOffer(tx: Queries, offer: PricedOffer | null, orderId: string, request: OrderRequest, accountId: string | null | undefined, now: Date): Promise<void> {
  if (offer) await reserveUse(tx, offer, orderId, orderDiner(request, accountId), now);
}

/** Holds a retried attempt's use again when its try gave it back. */
export function holdOfferAgain(tx: Queries, orderId: string, now: Date): Promise<void> {
  return reserveAgain(tx, orderId, now);
}
