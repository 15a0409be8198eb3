// An order as the customer reads it (GET /api/orders/{id}), its statuses and their badge colours:
// no zod here, so the confirmation page and the staff board stay light.

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

/** What GET /api/orders/{id} answers: the order, its short order number and its amounts in dollars. */
export interface OrderView {
  orderId: string;
  orderNumber: string;
  status: OrderStatus | "pending";
  estimatedReadyTime: string;
  createdAt: string;
  items: { name: string; description: string; price: number; quantity: number }[];
  subtotal: number;
  tax: number;
  deliveryFee: number;
  total: number;
  orderType: OrderType;
  deliveryInfo: { address: string; city: string; state: string; zipCode: string; phone: string; notes: string } | null;
  customerInfo: { name: string; email: string; phone: string };
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
