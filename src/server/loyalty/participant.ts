// Loyalty in the order's life: the reward a diner chose is checked before anything is stored (decide), put
// on Square's order before the charge (shapeOrder), given back when the attempt ends unpaid (ended), and
// the points start once the order is paid (afterPaid) and are asked for again once it is handed over
// (finished: Square keeps them back while an order is open), a console refund takes its share back
// (refunded), and the sweep retries accruals Square did not take and settles rewards and refunds (swept).
import type { Participant } from "../orders";
import { log } from "../platform/http";
import { accrueDueLoyalty, accrueFinishedOrderLater, accrueLoyaltyLater } from "./accrual";
import { takeBackOrderPoints } from "./refunds";
import { sweepLoyalty } from "./sweep";
import { putReward, releaseReward, rewardChoiceOf, type RewardChoice } from "./rewards";
import { withRewards } from "./rewardViews";

export const loyaltyParticipant: Participant = {
  name: "loyalty",
  decide: ({ request, dinerAccountId }) => rewardChoiceOf(request, dinerAccountId),
  shapeOrder: (order, providerOrder, choice) => putReward(order.orderId, providerOrder, choice as RewardChoice),
  ended: async (order) => {
    await releaseReward(order.orderId);
  },
  afterPaid: (order) => accrueLoyaltyLater(order),
  view: async (views, _audience, orders) => withRewards(views, orders),
  finished: ({ orderId }) => accrueFinishedOrderLater({ orderId }),
  refunded: async (order, { status }) => {
    if (status === "COMPLETED") await takeBackOrderPoints(order.orderId);
  },
  swept: async () => {
    // Points Square did not take when the order was paid (a 429, an outage): same key, once per order.
    await accrueDueLoyalty().catch((error: unknown) => {
      log("error", "loyalty accruals could not be retried", { error: error instanceof Error ? error.message : String(error) });
    });
    // Rewards left on unpaid orders, points refunds owe (never throws).
    await sweepLoyalty();
  },
};

