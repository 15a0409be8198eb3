// The courier delivery as the customer and staff read it: its state in plain words, the tracking
// link once there is one, the driver's first name, and whether staff must act.
import type { CourierView } from "../../domain/courierStatus";
import { courierStep } from "../../domain/courierStatus";
import type { StoredDelivery } from "./deliveries";

export function courierView(delivery: StoredDelivery): CourierView {
  return {
    provider: delivery.provider,
    step: courierStep(delivery.state, delivery.courierEvent),
    trackingUrl: delivery.trackingUrl,
    driverName: delivery.driverName,
    pickupAt: delivery.pickupAt.toISOString(),
    dropoffEta: delivery.dropoffEta?.toISOString() ?? null,
  };
}

/** What staff also see: the fees, the last error, the cancellation's reason and the alarm. */
export function staffCourierView(delivery: StoredDelivery) {
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
