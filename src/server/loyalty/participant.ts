// Loyalty in the order's life: the reward a diner chose is checked before anything is stored (decide), put
// on Square's order before the charge (shapeOrder), given back when the attempt ends unpaid (ended), and
// the points start once the order is paid (afterPaid).
import type { Participant } from "../orders";
import { accrueLoyaltyLater } from "./accrual";
import { putReward, releaseReward, rewardChoiceOf, type RewardChoice } from "./rewards";

export const loyaltyParticipant: Participant = {
  name: "loyalty",
  decide: ({ request, dinerAccountId }) => rewardChoiceOf(request, dinerAccountId),
  shapeOrder: (order, providerOrder, choice) => putReward(order.orderId, providerOrder, choice as RewardChoice),
  ended: async (order) => {
    await releaseReward(order.orderId);
  },
  afterPaid: (order) => accrueLoyaltyLater(order),
};

