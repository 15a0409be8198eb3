// POST /api/delivery/quotes: what the checkout sends for a courier's quote (the address as typed, who
// receives it, the cart's subtotal and tip for the fee policy and the driver, the slot it is for).
import * as z from "./zod";
import { customerInfoSchema, deliveryInfoSchema } from "./orderRequest.schema";

const dollars = z.number().min(0).max(100_000);

export const courierQuoteRequestSchema = z.object({
  deliveryInfo: deliveryInfoSchema,
  customerInfo: customerInfoSchema.pick({ name: true, phone: true }),
  subtotal: dollars,
  tip: dollars.optional(),
  /** The 15-minute slot it is ordered for (an ISO instant); absent or null: as soon as possible. */
  slot: z.iso.datetime({ offset: true }).nullish(),
});
export type CourierQuoteRequest = z.infer<typeof courierQuoteRequestSchema>;
