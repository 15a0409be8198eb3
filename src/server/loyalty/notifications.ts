// Square's notifications loyalty follows: the program changed (read again), and a completed console refund,
// which takes its share of the order's points back (./refunds.ts).
import { objectOf, type NotificationType } from "../square";
import * as z from "../../domain/zod";
import { loyaltyProgramChanged } from "./program";
import { takeBackPoints } from "./refunds";

const completedRefundSchema = z.object({ refund: z.object({ id: z.string().min(1), status: z.string() }) });

export const loyaltyNotificationTypes: NotificationType[] = [
  { types: ["loyalty.program.updated"], apply: async () => loyaltyProgramChanged() },
  {
    types: ["refund.created", "refund.updated"],
    apply: async (event) => {
      const refund = objectOf(event, completedRefundSchema)?.refund;
      return refund?.status === "COMPLETED" ? takeBackPoints(refund.id) : null;
    },
  },
];
