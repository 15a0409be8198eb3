// What the checkout's code field asks POST /api/offers/check, and what it makes of the answer: the
// cart's lines exactly as the order request will carry them (so the check prices the order that is
// paid), the order type and courier quote that set the delivery fee, the contact once it is typed (a
// "first order" code looks at it), and a refusal's one plain sentence.
import { buildOrderRequest, type OrderCartLine, type OrderDetails } from "../../domain/orderRequestBuilder";
import type { OrderType } from "../../domain/orderReadModel";
import type { Totals } from "../../domain/pricing";
import { ApiError } from "../../lib/api";

/** A code the server priced: its label in the page's language and the totals Square will charge (cents). */
export interface AppliedOffer {
  code: string;
  label: string;
  discount: number;
  totals: Totals & { discount: number };
}

export interface CheckInput {
  items: readonly OrderCartLine[];
  orderType: OrderType;
  courierQuoteId?: string | null;
  /** The diner's e-mail and phone, once the details step has checked them. */
  contact?: { email: string; phone: string } | null;
}

const NO_DETAILS: OrderDetails = { name: "", email: "", phone: "", address: "", city: "", state: "", zipCode: "", deliveryNotes: "", orderNote: "" };
const NO_TOTALS: Totals = { subtotal: 0, tax: 0, deliveryFee: 0, total: 0 };

/** The check's body without its code: its JSON tells when the cart changed enough to ask again. */
export function checkBody({ items, orderType, courierQuoteId, contact }: CheckInput): Record<string, unknown> {
  const order = buildOrderRequest({ items, totals: NO_TOTALS, orderType, details: NO_DETAILS, tipCents: 0, payment: { paymentToken: "-" } });
  return {
    items: order.items,
    orderType,
    ...(orderType === "delivery" && courierQuoteId ? { courierQuoteId } : {}),
    ...(contact?.email.trim() ? { email: contact.email.trim() } : {}),
    ...(contact?.phone.trim() ? { phone: contact.phone.trim() } : {}),
  };
}

/** The sentence shown under the field: the server's own (a refused code, too many tries), else ours. */
export function refusalSentence(error: unknown, fallback: string): string {
  if (error instanceof ApiError && (error.status === 422 || error.status === 429) && error.serverMessage) return error.serverMessage;
  return fallback;
}
