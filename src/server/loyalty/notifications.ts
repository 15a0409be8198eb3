// Square's notifications loyalty follows: the program changed (read again), an order picked up on the POS
// (its kept-back points asked for again), and a completed console refund,
// which takes its share of the order's points back (./refunds.ts).
import { objectOf, type NotificationType } from "../square";
import * as z from "../../domain/zod";
import { accrueFinishedOrderLater } from "./accrual";
import { loyaltyProgramChanged } from "./program";
import { takeBackPoints } from "./refunds";

const fulfillmentSchema = z.object({ order_fulfillment_updated: z.object({ order_id: z.string().min(1) }) });
const completedRefundSchema = z.object({ refund: z.object({ id: z.string().min(1), status: z.string() }) });

export const loyaltyNotificationTypes: NotificationType[] = [
  { types: ["loyalty.program.updated"], apply: async () => loyaltyProgramChanged() },
  {
    types: ["order.fulfillment.updated"],
    // Picked up on the POS (orders applied it: "applied: completed"): points Square kept back while the order
    // was open are asked for again. Nothing is added to the event's outcome.
    apply: async (event, options, earlier) => {
      const providerOrderId = objectOf(event, fulfillmentSchema)?.order_fulfillment_updated.order_id;
      if (providerOrderId && earlier.includes("applied: completed")) options.later?.(accrueFinishedOrderLater({ providerOrderId }));
      return null;
    },
  },
  {
    types: ["refund.created", "refund.updated"],
    apply: async (event) => {
      const refund = objectOf(event, completedRefundSchema)?.refund;
      return refund?.status === "COMPLETED" ? takeBackPoints(refund.id) : null;
    },
  },
];
