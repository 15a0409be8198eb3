// Offers in the order's life: a code for first orders or capped per diner has the card checked before the
// payment completes (checkPayment). (Its pricing and its use's hold are still called by orders directly.)
import type { Participant } from "../orders";
import { cardCheckFor } from "./cardCheck";

export const offersParticipant: Participant = {
  name: "offers",
  checkPayment: async (order) => (order.offer ? cardCheckFor(order.orderId) : undefined),
};
