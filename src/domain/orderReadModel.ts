// An order as the customer reads it (GET /api/orders/{id}), its statuses and their badge colours:
// no zod here, so the confirmation page and the staff board stay light.

import type { CourierView, StaffCourierView } from "./courierStatus";
import type { Tender } from "./tenders";

export const ORDER_TYPES = ["pickup", "delivery"] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/** Paid orders move through these; "pending" and "payment_failed" exist only before payment. */
export const ORDER_STATUSES = ["confirmed", "preparing", "ready", "completed", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type PaymentState = "pending" | "payment_failed";

export const ESTIMATED_READY_TIME: Record<OrderType, string> = {
  pickup: "15-20 minutes",
  delivery: "45-60 minutes",
};

/** The promise of an order made before times were promised, as a sentence. */
export const ESTIMATED_READY_SENTENCE: Record<OrderType, string> = {
  pickup: `Ready for pickup in ${ESTIMATED_READY_TIME.pickup}`,
  delivery: `Arriving in ${ESTIMATED_READY_TIME.delivery}`,
};

/** The same sentence in a language ("Listo para recoger en 15-20 minutos"). */
export function estimatedReadySentence(orderType: OrderType, locale: "en" | "es"): string {
  if (locale === "en") return ESTIMATED_READY_SENTENCE[orderType];
  return orderType === "delivery" ? `Llega en ${ESTIMATED_READY_TIME.delivery}` : `Listo para recoger en ${ESTIMATED_READY_TIME.pickup}`;
}

/** Where an order stands, in the words of the order page and the e-mails, announced as it changes. */
export function statusSentence(status: OrderStatus | "pending", orderType: OrderType): string {
  switch (status) {
    case "pending":
      return "We are confirming your payment.";
    case "confirmed":
      return "We have your order: the kitchen will start on it soon.";
    case "preparing":
      return "The kitchen is preparing your order.";
    case "ready":
      return orderType === "delivery" ? "Your order is on its way." : "Your order is ready for pickup.";
    case "completed":
      return orderType === "delivery" ? "Your order was delivered. Enjoy!" : "Your order was picked up. Enjoy!";
    case "cancelled":
      return "This order was cancelled.";
  }
}

/** Statuses after which an order no longer changes, refunds aside. */
export const FINISHED_STATUSES: ReadonlySet<string> = new Set(["completed", "cancelled"]);

/** What GET /api/orders/{id} answers: the order, its short order number and its amounts in dollars. */
export interface OrderView {
  orderId: string;
  orderNumber: string;
  status: OrderStatus | "pending";
  /** "Ready for pickup around 12:45 PM", "Arriving on Tuesday, Nov 24 at 9:30 AM": the promise as a sentence. */
  estimatedReadyTime: string;
  /** The promised time as an ISO instant (null for orders made before times were promised). */
  promisedAt?: string | null;
  /** The new time the kitchen gave in its one running-late message (estimatedReadyTime then says it). */
  runningLateUntil?: string;
  createdAt: string;
  /** price: one unit with its options, in dollars; options and note as the diner chose them. */
  items: OrderItemView[];
  subtotal: number;
  /** A promo code's discount off the subtotal (dollars), its label in the view's language; absent when none. */
  discount?: { code: string; label: string; amount: number };
  /** A Square Loyalty reward's discount off the subtotal (dollars); absent when none. */
  reward?: number;
  tax: number;
  deliveryFee: number;
  /** Paid on top of subtotal, tax and fee; never taxed. */
  tip: number;
  /** Everything the card was charged: subtotal + tax + delivery fee + tip. */
  total: number;
  /** The diner's note for the whole order ("" for none). */
  note: string;
  orderType: OrderType;
  deliveryInfo: { address: string; unit?: string; city: string; state: string; zipCode: string; phone: string; notes: string } | null;
  customerInfo: { name: string; email: string; phone: string };
  /**
   * True once the order has been done for 30 days: its public page (a link anyone may have) no longer
   * shows the customer's name, e-mail, phone, address or notes, which are then empty here.
   */
  personalDetailsHidden?: boolean;
  /** The customer's language ("es": they ordered from the Spanish site; their e-mails are in Spanish). */
  locale?: "en" | "es";
  /** Paid, or refunded in part or in full (null while unpaid). */
  paymentStatus?: PaymentStatus | null;
  /** Money on its way back to the card (pending) or back (completed), in dollars, oldest first. */
  refunds?: RefundView[];
  /** The sum of those refunds, in dollars. */
  refunded?: number;
  /** A delivery by courier: where the driver is and the tracking link (the console's has staff's details). */
  courier?: CourierView | StaffCourierView | null;
  /** A curbside pickup: the car as the diner described it, and when they said they had arrived (null until then). */
  curbside?: CurbsideView | null;
  /** How it was paid ("Visa •••• 4242", "Apple Pay", a gift card and what is left on it); empty while unpaid. */
  tenders?: Tender[];
  /** A catering event (paid through its booking): how many people it feeds, when, and its trays. */
  catering?: CateringEventView | null;
}

export interface CateringEventView {
  headcount: number;
  /** The event's time, an ISO instant (the order's promise too). */
  eventAt: string;
  trays: number;
}

export interface CurbsideView {
  car: string;
  arrivedAt: string | null;
}

/** Square keeps curbside_details to 250 characters: the checkout says so before the diner reaches it. */
export const CURBSIDE_CAR_MAX = 250;
/** "I'm here" is offered (and accepted) this long before and after the promised time. */
export const ARRIVAL_WINDOW_MINUTES = 60;

/** Whether "I'm here" is open at `now` for an order promised at `promisedAt` (either side of it, by ARRIVAL_WINDOW_MINUTES). */
export function arrivalWindowOpen(promisedAt: string | null | undefined, now: Date): boolean {
  if (!promisedAt) return false;
  return Math.abs(now.getTime() - Date.parse(promisedAt)) <= ARRIVAL_WINDOW_MINUTES * 60_000;
}

export type PaymentStatus = "paid" | "partly_refunded" | "refunded";

export interface RefundView {
  amount: number;
  status: "pending" | "completed";
  createdAt: string;
}

/** What the console adds to an order: every refund with its reason and outcome, and whether the POS got the last status. */
export interface StaffOrderDetails {
  refunds: { amount: number; status: "requested" | "pending" | "completed" | "rejected" | "failed"; reason: string; madeAt: "console" | "square"; createdAt: string }[];
  /** What can still be refunded, in dollars. */
  refundable: number;
  posSyncError: string | null;
}

export const PAYMENT_STATUS_LABEL: Record<PaymentStatus, string> = {
  paid: "Paid",
  partly_refunded: "Partly refunded",
  refunded: "Refunded",
};

export interface OrderItemView {
  name: string;
  description: string;
  price: number;
  quantity: number;
  /** Each option chosen for one unit: its group, name, how many and its price in dollars. */
  options?: { group: string; name: string; quantity: number; price: number }[];
  /** The diner's special instruction for the line ("" for none). */
  note?: string;
}

/** The colour of an order's status badge: confirmed green, preparing yellow, ready blue, completed grey, else orange. */
export function statusTone(status: string): "green" | "yellow" | "blue" | "grey" | "orange" {
  switch (status) {
    case "confirmed":
      return "green";
    case "preparing":
      return "yellow";
    case "ready":
      return "blue";
    case "completed":
      return "grey";
    default:
      return "orange";
  }
}

/** What the admin console shows of an order left pending: everything known, in dollars. */
export interface AttentionView {
  orderId: string;
  orderNumber: string;
  createdAt: string;
  updatedAt: string;
  minutesPending: number;
  orderType: OrderType;
  total: number;
  customerInfo: { name: string; email: string; phone: string };
  provider: "square" | "sandbox" | null;
  providerOrderId: string | null;
  attempts: number;
  lastError: { status: number; message: string; at: string } | null;
  lastCheck: { at: string; chargeFound: boolean } | null;
  /** One sentence for staff: what probably happened and what to do. */
  summary: string;
}
