// Couriers in the order's life: a delivery is priced with the courier's quote (decide: its fee, the pickup
// the kitchen's ticket names; refused without a quote when a courier is configured), the delivery is
// written in the order's transaction (hold), once paid it is dispatched at once (afterPaid; the worker,
// dispatchDue, retries what could not start), Square's order names the driver's pickup (shapeOrder's
// squareParts), and the diner's page and the staff's board show its courier (view).
import { tipCentsOf as tipOf } from "../../domain/orderLines";
import type { Participant } from "../orders";
import { dispatchAfterPayment } from "./dispatch";
import { admitCourier, courierOnTicket, courierPickupOf, courierQuoteForRequest } from "./orderCourier";
import type { StoredQuote } from "./quotes";
import { withCouriers } from "./views";
import { courierDeliveryOf } from "./deliveries";

export const couriersParticipant: Participant = {
  name: "couriers",
  price: async ({ request, totals, promisedAt, retriedOrderId }) => {
    const quote = await courierQuoteForRequest(request, promisedAt, totals.subtotal, tipOf(request), retriedOrderId);
    return quote ? { claim: quote, deliveryFeeCents: quote.customerFeeCents, handOff: courierPickupOf(quote) } : undefined;
  },
  // The quote is bound to the order once: a retried attempt keeps the delivery it wrote.
  hold: async (tx, { orderId, retried }, { request }, quote) => {
    if (!retried && quote) await admitCourier(tx, quote as StoredQuote, orderId, tipOf(request));
  },
  afterPaid: async (order) => {
    if (order.orderType === "delivery" && (await courierDeliveryOf(order.orderId))) await dispatchAfterPayment(order.orderId);
  },
  // Square's order names the driver's pickup: the kitchen's ticket says who comes and when, and the POS lists it then.
  squareParts: async (order) => {
    const delivery = order.orderType === "delivery" ? await courierDeliveryOf(order.orderId) : null;
    return delivery ? courierOnTicket(delivery.pickupAt) : undefined;
  },
  view: (views, audience) => withCouriers(views, audience),
};
