// The order the checkout sends to POST /api/orders, built from the cart, the customer's details, the
// time, the tip and the payment: typed against the schema's OrderRequest, so a field the server reads
// cannot be misspelt or forgotten here. Pure (no I/O); the type import ships no zod to the browser.
import type { OrderRequest } from "./orderRequest.schema";
import type { OrderType } from "./orderReadModel";
import { toDollars, type Cents } from "./money";
import type { Totals } from "./pricing";

/** A cart line as the checkout holds it: prices in cents, its options' too. */
export interface OrderCartLine {
  id: number;
  name: string;
  price: Cents;
  quantity: number;
  options?: readonly { groupId: string; optionId: string; quantity: number; name: string; price: Cents }[];
  note?: string;
}

/** The customer's details as typed in the checkout's form (trimmed here). */
export interface OrderDetails {
  name: string;
  email: string;
  phone: string;
  address: string;
  /** Apt, suite or unit (absent in attempts kept before the checkout asked for it). */
  unit?: string;
  city: string;
  state: string;
  zipCode: string;
  deliveryNotes: string;
  /** The diner's note for the whole order. */
  orderNote: string;
  /** "yes": a pickup brought to the diner's car (absent in attempts kept before curbside existed). */
  curbside?: string;
  /** The car as the diner describes it, for a curbside pickup. */
  curbsideCar?: string;
  /** "yes": the diner ticked "Text me about this order" (texts to the phone above). */
  textMe?: string;
}

/** What pays: the card's or wallet's token, the bank's check of it (verifyBuyer), a gift card paying first. */
export interface OrderPayment {
  paymentToken: string;
  verificationToken?: string;
  giftCardToken?: string;
}

export interface OrderRequestParts {
  items: readonly OrderCartLine[];
  totals: Totals;
  orderType: OrderType;
  details: OrderDetails;
  tipCents: Cents;
  /** The 15-minute slot ordered for (an ISO instant); "" or absent: as soon as possible. */
  slot?: string;
  /** The courier's quote the checkout showed, for a delivery by courier. */
  courierQuoteId?: string | null;
  payment: OrderPayment;
}

export function buildOrderRequest({ items, totals, orderType, details: d, tipCents, slot, courierQuoteId, payment }: OrderRequestParts): OrderRequest {
  const note = d.orderNote.trim();
  const delivery = orderType === "delivery";
  const { paymentToken, verificationToken, giftCardToken } = payment;
  return {
    items: items.map((item) => ({
      id: item.id,
      name: item.name,
      price: toDollars(item.price),
      quantity: item.quantity,
      ...(item.options?.length
        ? {
            options: item.options.map((option) => ({
              groupId: option.groupId,
              optionId: option.optionId,
              quantity: option.quantity,
              name: option.name,
              price: toDollars(option.price),
            })),
          }
        : {}),
      ...(item.note ? { note: item.note } : {}),
    })),
    subtotal: toDollars(totals.subtotal),
    tax: toDollars(totals.tax),
    deliveryFee: toDollars(totals.deliveryFee),
    // The total before the tip: the tip is paid on top of it and never taxed.
    total: toDollars(totals.total),
    ...(tipCents > 0 ? { tip: toDollars(tipCents) } : {}),
    ...(note ? { note } : {}),
    customerInfo: { name: d.name.trim(), email: d.email.trim(), phone: d.phone.trim() },
    ...(delivery
      ? {
          deliveryInfo: {
            address: d.address.trim(),
            ...(d.unit?.trim() ? { unit: d.unit.trim() } : {}),
            city: d.city.trim() || "Miami",
            state: d.state.trim() || "FL",
            zipCode: d.zipCode.trim(),
            phone: d.phone.trim(),
            deliveryNotes: d.deliveryNotes.trim(),
          },
        }
      : {}),
    orderType,
    ...(!delivery && d.curbside === "yes" ? { curbside: { car: (d.curbsideCar ?? "").trim() } } : {}),
    ...(d.textMe === "yes" ? { textMe: true } : {}),
    ...(delivery && courierQuoteId ? { courierQuoteId } : {}),
    ...(slot ? { slot } : {}),
    paymentToken,
    ...(verificationToken ? { verificationToken } : {}),
    // A gift card that is itself the payment's source is not also held for part of it.
    ...(giftCardToken && giftCardToken !== paymentToken ? { giftCardToken } : {}),
  };
}
