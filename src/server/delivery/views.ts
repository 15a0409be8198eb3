// The courier delivery as the customer and staff read it: its step in plain words, the tracking link
// once there is one, the driver's first name; and for staff the fees, what went wrong, and whether
// they must act. Attached to the order views that have a courier.
import type { CourierView, StaffCourierView } from "../../domain/courierStatus";
import { courierStep } from "../../domain/courierStatus";
import { doordashTrackingUrl } from "../../domain/courierTracking";
import type { OrderView } from "../../domain/orderReadModel";
import { courierDeliveriesOf, type StoredDelivery } from "./deliveries";

export function courierView(delivery: StoredDelivery): CourierView {
  return {
    provider: delivery.provider,
    step: courierStep(delivery.state, delivery.courierEvent),
    // A link kept before the rule on links, if not DoorDash's, is not shown either.
    trackingUrl: doordashTrackingUrl(delivery.trackingUrl),
    driverName: delivery.driverName,
    pickupAt: delivery.pickupAt.toISOString(),
    dropoffEta: delivery.dropoffEta?.toISOString() ?? null,
  };
}

export function staffCourierView(delivery: StoredDelivery): StaffCourierView & { orderId: string } {
  return {
    ...courierView(delivery),
    orderId: delivery.orderId,
    state: delivery.state,
    customerFeeCents: delivery.customerFeeCents,
    courierFeeCents: delivery.courierFeeCents,
    tipCents: delivery.tipCents,
    lastError: delivery.lastError,
    cancellationReason: delivery.cancellationReason,
    needsStaff: delivery.needsStaff,
  };
}

/** The views of orders with their courier's (the customer's, or with `staff` the console's). */
export async function withCouriers<V extends OrderView>(views: V[], options: { staff?: boolean } = {}): Promise<V[]> {
  const ids = views.filter((view) => view.orderType === "delivery").map((view) => view.orderId);
  const deliveries = await courierDeliveriesOf(ids);
  return views.map((view) => {
    const delivery = deliveries.get(view.orderId);
    if (!delivery) return view;
    return { ...view, courier: options.staff ? staffCourierView(delivery) : courierView(delivery) };
  });
}
