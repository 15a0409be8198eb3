// Where a courier delivery is, in the words a diner who has used DoorDash expects, in both languages:
// from the stored state and the courier's last notification to one step. Shared by the order page,
// the e-mails and the console. No I/O.

export type CourierStep =
  | "scheduled" // paid, a driver is being requested (or will be, for the ready time)
  | "driver_assigned" // DASHER_CONFIRMED: a driver took it and heads to the restaurant
  | "at_restaurant" // DASHER_CONFIRMED_PICKUP_ARRIVAL
  | "on_the_way" // DASHER_PICKED_UP / DASHER_CONFIRMED_DROPOFF_ARRIVAL
  | "delivered"
  | "cancelled" // the courier cancelled or the dispatch failed: the restaurant decides
  | "awaiting_payment";

/** The courier an order leaves with, as the kitchen's ticket names it: who and when the driver comes. */
export interface CourierPickup {
  provider: "doordash";
  /** ISO instant: when the food is ready and the driver is sent for. */
  pickupAt: string;
}

export interface CourierView {
  provider: "doordash";
  step: CourierStep;
  trackingUrl: string | null;
  driverName: string | null;
  pickupAt: string;
  dropoffEta: string | null;
}

/** What the console adds: the stored state, the fees, what went wrong, and whether staff must act. */
export interface StaffCourierView extends CourierView {
  state: string;
  customerFeeCents: number;
  courierFeeCents: number;
  tipCents: number;
  lastError: string | null;
  cancellationReason: string | null;
  needsStaff: boolean;
}

export function courierStep(state: string, event: string | null): CourierStep {
  if (state === "awaiting_payment") return "awaiting_payment";
  if (state === "delivered" || event === "DASHER_DROPPED_OFF") return "delivered";
  if (state === "cancelled" || state === "failed") return "cancelled";
  switch (event) {
    case "DASHER_CONFIRMED":
      return "driver_assigned";
    case "DASHER_CONFIRMED_PICKUP_ARRIVAL":
      return "at_restaurant";
    case "DASHER_PICKED_UP":
    case "DASHER_CONFIRMED_DROPOFF_ARRIVAL":
      return "on_the_way";
    default:
      return "scheduled";
  }
}

export const COURIER_STEP_WORDS: Record<"en" | "es", Record<CourierStep, string>> = {
  en: {
    awaiting_payment: "Waiting for payment",
    scheduled: "Finding a driver",
    driver_assigned: "Driver assigned",
    at_restaurant: "Driver at the restaurant",
    on_the_way: "Driver on the way",
    delivered: "Delivered",
    cancelled: "Courier cancelled: the restaurant will send a new driver or refund you, and will contact you",
  },
  es: {
    awaiting_payment: "Esperando el pago",
    scheduled: "Buscando un repartidor",
    driver_assigned: "Repartidor asignado",
    at_restaurant: "El repartidor está en el restaurante",
    on_the_way: "El repartidor va en camino",
    delivered: "Entregado",
    cancelled: "El mensajero canceló: el restaurante enviará otro repartidor o te devolverá el dinero, y se pondrá en contacto contigo",
  },
};
