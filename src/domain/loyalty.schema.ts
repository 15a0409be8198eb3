// What the site's pages send about loyalty: a phone to prove, the code texted to it, agreement to the
// terms; at checkout the cart as Square prices it (for the points it earns and a reward's total).
import * as z from "./zod";

export const loyaltyPhoneSchema = z.object({ phone: z.string().trim().min(7).max(30) });
export const loyaltyCodeSchema = z.object({ phone: z.string().trim().min(7).max(30), code: z.string().trim().min(1).max(10) });
export const loyaltyJoinSchema = z.object({ agree: z.boolean() });

const cents = z.number().int().min(0).max(10_000_000);

/** The checkout's order as the page priced it: its lines (with their dishes' ids), the delivery fee, the promo code applied. */
export const checkoutLoyaltySchema = z.object({
  lines: z
    .array(z.object({ id: z.number().int().min(0).optional(), name: z.string().trim().min(1).max(200), quantity: z.number().int().min(1).max(100), unitPriceCents: cents }))
    .min(1)
    .max(100),
  deliveryFeeCents: cents.default(0),
  /** The promo code applied: its discounted items earn no points (Square's rule), and it is on the reward's quote. */
  promoCode: z.string().trim().min(1).max(40).optional(),
  /** A reward the diner is choosing: its total is Square's for the order. */
  tierId: z.string().trim().min(1).max(100).optional(),
});

/** The reward chosen at checkout and the total Square gave for the order with it (what the diner saw). */
export const loyaltyRewardChoiceSchema = z.object({ tierId: z.string().trim().min(1).max(100), shownTotalCents: cents });
