// What people see of an order: the customer's confirmation page (no payment ids, amounts in dollars)
// and, for an order left pending, the staff's summary of what probably happened.
import { toDollars } from "../../domain/money";
import { displayPhone } from "../../domain/checkoutCustomer";
import type { Locale } from "../../domain/i18n/locales";
import { estimatedReadySentence, type AttentionView, type OrderView } from "../../domain/orderReadModel";
import { lateSentence, promiseSentence } from "../../domain/promiseText";
import { serverNow } from "../env";
import { withRefunds } from "./orderDetails";
import { withParts, type Audience } from "./lifecycle";
import { getOrder, type StoredOrder } from "./records";
import { withOptionsIn } from "./dinerLanguage";

/**
 * The customer's view of an order, amounts in dollars, no payment ids; its promise in English (the
 * kitchen's and staff's). The participants' parts (a courier, a code's discount, a reward) come with `withParts`.
 */
export function toOrderView(order: StoredOrder): OrderView {
  return toOrderViewIn(order, "en");
}

/**
 * The customer's view of an order with its promised time worded in `locale` (the customer's page or
 * e-mail); dishes, options and notes stay as the restaurant and the customer wrote them.
 */
export function toOrderViewIn(order: StoredOrder, locale: Locale): OrderView {
  return {
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    status: order.status === "payment_failed" ? "pending" : order.status,
    estimatedReadyTime: order.runningLateUntil
      ? lateSentence(new Date(order.runningLateUntil), order.orderType, locale)
      : order.promisedAt
      ? promiseSentence(new Date(order.promisedAt), order.promisedAsap, new Date(order.createdAt), order.orderType, locale)
      : estimatedReadySentence(order.orderType, locale),
    locale: order.locale,
    promisedAt: order.promisedAt,
    ...(order.runningLateUntil ? { runningLateUntil: order.runningLateUntil } : {}),
    createdAt: order.createdAt,
    items: order.lines.map((line) => ({
      name: line.name,
      description: line.description,
      price: toDollars(line.unitPriceCents),
      quantity: line.quantity,
      options: line.options.map((option) => ({
        group: option.groupName,
        name: option.name,
        quantity: option.quantity,
        price: toDollars(option.price),
      })),
      note: line.note,
    })),
    subtotal: toDollars(order.totals.subtotal),
    tax: toDollars(order.totals.tax),
    deliveryFee: toDollars(order.totals.deliveryFee),
    tip: toDollars(order.tipCents),
    total: toDollars(order.totals.total + order.tipCents),
    note: order.note,
    orderType: order.orderType,
    deliveryInfo: order.delivery
      ? {
          address: order.delivery.address,
          ...(order.delivery.unit ? { unit: order.delivery.unit } : {}),
          city: order.delivery.city,
          state: order.delivery.state,
          zipCode: order.delivery.zipCode,
          phone: order.delivery.phone && displayPhone(order.delivery.phone),
          notes: order.delivery.notes,
        }
      : null,
    customerInfo: { ...order.customer, phone: displayPhone(order.customer.phone) },
    tenders: order.payment.tenders,
  };
}

/** How long after an order is done its public page still shows the customer's personal details. */
export const PERSONAL_DETAILS_DAYS = 30;

/**
 * When the order was done: completed or cancelled, at its last change; otherwise at the latest at the
 * time it was promised for (an order staff never marked completed was still eaten), else when it was made.
 */
function doneAt(order: StoredOrder): number {
  if (order.status === "completed" || order.status === "cancelled") return Date.parse(order.updatedAt);
  return Date.parse(order.promisedAt ?? order.createdAt);
}

/** The public view without the customer's personal details: the link may be anyone's by now. */
function withoutPersonalDetails(view: OrderView): OrderView {
  return {
    ...view,
    personalDetailsHidden: true,
    customerInfo: { name: "", email: "", phone: "" },
    deliveryInfo: view.deliveryInfo && { address: "", city: "", state: "", zipCode: "", phone: "", notes: "" },
    note: "",
    items: view.items.map((item) => ({ ...item, note: "" })),
  };
}

/**
 * An order as its diner reads it, in their language: with its refunds (money on its way back shows as
 * soon as staff send it) and the participants' parts (its courier). The confirmation page and the order's e-mails show this.
 */
export async function fullOrderView(order: StoredOrder, locale: Locale, audience: Audience = {}): Promise<OrderView> {
  const [view] = await withParts(await withRefunds([order], [await withOptionsIn(order, toOrderViewIn(order, locale), locale)]), [order], { ...audience, locale });
  return view!;
}

/**
 * What GET /api/orders/{id} shows: null for an unknown id and for an order whose card was declined;
 * no personal details once the order has been done for PERSONAL_DETAILS_DAYS.
 */
export async function getOrderView(orderId: string, locale: Locale = "en"): Promise<OrderView | null> {
  const order = await getOrder(orderId);
  if (!order || order.status === "payment_failed") return null;
  const aged = serverNow().getTime() - doneAt(order) >= PERSONAL_DETAILS_DAYS * 24 * 3_600_000;
  // The participants leave out their personal parts too (a car at the curb).
  const view = await fullOrderView(order, locale, { personalDetailsHidden: aged });
  return aged ? withoutPersonalDetails(view) : view;
}

export type { AttentionView };

export function toAttentionView(order: StoredOrder, now: Date = serverNow()): AttentionView {
  const { payment } = order;
  const summary = payment.lastCheck && !payment.lastCheck.chargeFound
    ? "The payment provider has no charge for this attempt: the customer was not charged. Nothing to do unless they call."
    : payment.providerOrderId
      ? "The order reached the payment provider but its payment was never confirmed here: the card may have been charged. Reconcile to find out."
      : payment.lastError
        ? `The last payment attempt failed (${payment.lastError.status}) before the card was charged.`
        : "The order was recorded but no payment attempt finished: the customer probably left or lost the connection.";
  return {
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    minutesPending: Math.max(0, Math.floor((now.getTime() - Date.parse(order.createdAt)) / 60_000)),
    orderType: order.orderType,
    total: toDollars(order.totals.total + order.tipCents),
    customerInfo: { ...order.customer, phone: displayPhone(order.customer.phone) },
    provider: payment.provider,
    providerOrderId: payment.providerOrderId,
    attempts: payment.attempts,
    lastError: payment.lastError,
    lastCheck: payment.lastCheck ?? null,
    summary,
  };
}

