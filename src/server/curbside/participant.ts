// Curbside pickup in the order's life: the car a pickup's diner described is written beside the order in
// its transaction (hold; the same key with another car is another attempt: fingerprint), put on Square's order as its curbside details, the ticket saying so (shapeOrder's
// squareParts), and shown with the arrival on the diner's page and the staff's board (view).
import type { OrderRequest } from "../../domain/orderRequest.schema";
import type { Participant } from "../orders";
import { holdPickup, pickupOfOrder, withPickups } from "./pickups";

/** A car is kept for a pickup only (a delivery's diner waits at their door). */
function carOf(request: OrderRequest): string | undefined {
  return request.orderType === "pickup" ? request.curbside?.car : undefined;
}

export const curbsideParticipant: Participant = {
  name: "curbside",
  // The same key with another car is another cart.
  fingerprint: (request) => {
    const car = carOf(request);
    return car ? `curbside:${car}` : undefined;
  },
  // A retried attempt keeps the row it wrote.
  hold: async (tx, { orderId, retried }, { request }) => {
    const car = carOf(request);
    if (!retried && car) await holdPickup(tx, orderId, car);
  },
  // FulfillmentPickupDetails: curbside_pickup_details only with is_curbside_pickup (developer.squareup.com/reference/square/objects/FulfillmentPickupDetails).
  squareParts: async (order) => {
    const pickup = await pickupOfOrder(order.orderId);
    return pickup ? { fulfillment: { ticket: "CURBSIDE", pickupDetails: { isCurbsidePickup: true, curbsidePickupDetails: { curbsideDetails: pickup.car } } } } : undefined;
  },
  view: (views, audience) => withPickups(views, audience),
};
