// How much of a courier's fee the customer pays, by the owner's policy (a console setting): all of it,
// a flat part of it (the restaurant pays the rest), or nothing once the subtotal reaches an amount
// (all of it below). Pure: the quote, the order and the console all price it here.
import * as z from "./zod";
import type { Cents } from "./money";

export const courierFeePolicySchema = z.discriminatedUnion("mode", [
  z.object({ mode: z.literal("all") }),
  z.object({ mode: z.literal("flat"), flatCents: z.int().min(0).max(10_000) }),
  z.object({ mode: z.literal("free_over"), overCents: z.int().min(0).max(1_000_000) }),
]);
export type CourierFeePolicy = z.infer<typeof courierFeePolicySchema>;

export const DEFAULT_COURIER_FEE_POLICY: CourierFeePolicy = { mode: "all" };

/** The customer's part of a courier fee: never more than the fee itself. */
export function customerCourierFee(policy: CourierFeePolicy, courierFeeCents: Cents, subtotalCents: Cents): Cents {
  switch (policy.mode) {
    case "all":
      return courierFeeCents;
    case "flat":
      return Math.min(policy.flatCents, courierFeeCents);
    case "free_over":
      return subtotalCents >= policy.overCents ? 0 : courierFeeCents;
  }
}
