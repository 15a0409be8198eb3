// Couriers in the order's life: once a courier-delivered order is paid, its delivery is dispatched at once
// (afterPaid); the worker (dispatchDue) retries what could not start.
import type { Participant } from "../orders";
import { dispatchAfterPayment } from "./dispatch";

export const couriersParticipant: Participant = {
  name: "couriers",
  afterPaid: async (order) => {
    if (order.delivery?.courier) await dispatchAfterPayment(order.orderId);
  },
};
