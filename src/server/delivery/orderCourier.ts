// The courier's part of placing an order: the quote it is placed with (checked again before anything
// is stored or charged), the pickup the kitchen's ticket names, and the delivery row written in the
// order's own transaction. Without a courier configured, delivery stays the in-house ZIP-code delivery.
import type { OrderRequest } from "../../domain/orderRequest.schema";
import type { CourierPickup } from "../../domain/courierStatus";
import { RESTAURANT_TIME_ZONE } from "../../domain/hours";
import type { ChargeParts } from "../payments";
import type { Queries } from "../platform/database";
import { quoteForOrder } from "./checkoutQuote";
import { couriersConfigured } from "./courierConfig";
import { insertCourierDelivery } from "./deliveries";
import type { StoredQuote } from "./quotes";

/**
 * The kitchen has a delivery ready this long before the time promised at the door (the POS ticket's
 * readiness for a delivery uses the same drive): the courier's pickup time.
 */
export const READY_BEFORE_DOOR_MINUTES = 20;

/** When the driver should collect an order promised at the door at `promisedAt`: never in the past. */
export function courierPickupTime(promisedAt: Date, now: Date = new Date()): Date {
  return new Date(Math.max(now.getTime(), promisedAt.getTime() - READY_BEFORE_DOOR_MINUTES * 60_000));
}

/**
 * The quote a delivery order is placed with (a retried attempt's: the one its order holds), or null for
 * pickup and, when no courier is configured, the in-house delivery. With a courier configured, a delivery
 * without a quote is refused (422).
 */
export async function courierQuoteForRequest(
  request: OrderRequest,
  promisedAt: Date,
  subtotalCents: number,
  tipCents: number,
  retriedOrderId?: string,
): Promise<StoredQuote | null> {
  if (request.orderType !== "delivery" || !request.deliveryInfo || !couriersConfigured()) return null;
  const info = request.deliveryInfo;
  return quoteForOrder({
    quoteId: request.courierQuoteId,
    retriedOrderId,
    dropoff: {
      address: info.address,
      unit: info.unit,
      city: info.city,
      state: info.state,
      zipCode: info.zipCode,
      phone: info.phone || request.customerInfo.phone,
      name: request.customerInfo.name,
      notes: info.deliveryNotes ?? "",
    },
    subtotalCents,
    tipCents,
    pickupAt: courierPickupTime(promisedAt),
  });
}

/** Who collects the order and when: the lifecycle's hand-off (a delivery a courier brings goes past the in-house ZIP codes). */
export function courierPickupOf(quote: StoredQuote): CourierPickup {
  return { provider: quote.provider, pickupAt: quote.pickupAt.toISOString() };
}

/** Writes the delivery (awaiting payment) in the transaction that writes the order, binding the quote to it. */
export async function admitCourier(tx: Queries, quote: StoredQuote, orderId: string, tipCents: number): Promise<void> {
  await insertCourierDelivery(tx, orderId, quote, tipCents);
}

/** The courier on Square's order: the ticket's first words (the driver's company and time, the kitchen's clock) and a SCHEDULED pickup at it. */
export function courierOnTicket(pickupAt: Date): ChargeParts {
  const at = pickupAt.toLocaleTimeString("en-US", { timeZone: RESTAURANT_TIME_ZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  return { fulfillment: { ticket: `DoorDash courier at ${at}.`, pickupDetails: { scheduleType: "SCHEDULED", pickupAt: pickupAt.toISOString() } } };
}
