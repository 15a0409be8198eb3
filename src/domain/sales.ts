// The owner's numbers as the console's Sales tab reads them (GET /api/admin/sales), computed by
// src/server/square/sales.ts: money in dollars, days in Miami.

export const SALES_PERIODS = ["day", "week", "month"] as const;
export type SalesPeriod = (typeof SALES_PERIODS)[number];

export interface SalesFigures {
  period: SalesPeriod;
  from: string;
  to: string;
  /** Paid orders that were not cancelled. */
  orders: number;
  cancelled: number;
  /** In dollars: what those orders cost (dishes, tax, delivery fees), without tips. */
  revenue: number;
  tax: number;
  deliveryFees: number;
  tips: number;
  /** Refunds pending or made for the period's orders. */
  refunds: number;
  /** revenue + tips - refunds. */
  net: number;
  averageTicket: number;
  byType: { pickup: { orders: number; revenue: number }; delivery: { orders: number; revenue: number } };
  /** Orders placed in each Miami hour, 0 to 23. */
  ordersPerHour: number[];
  topDishes: { name: string; quantity: number; revenue: number }[];
  /** Courier delivery by week: what DoorDash charged against what customers paid for delivery. */
  courierFees?: CourierFeeWeek[];
}

/** One week (from its Monday, a Miami date) of courier deliveries, in dollars. */
export interface CourierFeeWeek {
  weekOf: string;
  deliveries: number;
  feesPaid: number;
  feesCollected: number;
}
