// The shapeOrder stage's first step: what the participants put on Square's order as the charge creates it
// (a code's discount, a car at the curb, a courier's pickup), merged into the charge request's neutral parts.
import type { ChargeParts, FulfillmentPart } from "../payments";
import { participantsIn } from "./lifecycle";
import type { StoredOrder } from "./records";

/**
 * What the participants put on Square's order as the charge creates it, in the composition list's order:
 * the discount (Square's order here carries one), the fulfillment's parts.
 */
export async function squarePartsOf(order: StoredOrder): Promise<ChargeParts> {
  const parts: ChargeParts[] = [];
  for (const participant of participantsIn("squareParts")) {
    const part = await participant.squareParts!(order);
    if (part) parts.push(part);
  }
  const discounts = parts.flatMap((part) => (part.discount ? [part.discount] : []));
  if (discounts.length > 1) throw new Error("two participants put a discount on one order; Square's order here carries one");
  const fulfillments = parts.flatMap((part) => (part.fulfillment ? [part.fulfillment] : []));
  const ticket = fulfillments.flatMap((part) => (part.ticket ? [part.ticket] : [])).join(" ");
  const pickupDetails = Object.assign({}, ...fulfillments.map((part) => part.pickupDetails)) as FulfillmentPart["pickupDetails"];
  return {
    ...(discounts[0] ? { discount: discounts[0] } : {}),
    ...(fulfillments.length > 0 ? { fulfillment: { ...(ticket ? { ticket } : {}), ...(pickupDetails && Object.keys(pickupDetails).length > 0 ? { pickupDetails } : {}) } } : {}),
  };
}
