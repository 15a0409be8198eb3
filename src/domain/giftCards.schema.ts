// The gift card API's request shapes (POST /api/gift-cards and POST /api/gift-cards/balance), with the
// limits of src/domain/giftCards.ts. Server-side: the page's island imports the plain rules, not zod.
import * as z from "./zod";
import { EMAIL_PATTERN } from "./checkoutCustomer";
import { GIFT_CARD_LIMITS } from "./giftCards";
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from "./plainText";

const name = z
  .string()
  .trim()
  .min(1, "required")
  .max(GIFT_CARD_LIMITS.nameMax)
  .refine((value) => !hasControlCharacters(value, { singleLine: true }), CONTROL_CHARACTERS_MESSAGE);
const email = z.string().trim().max(GIFT_CARD_LIMITS.emailMax).regex(EMAIL_PATTERN, "a valid e-mail address");
const person = z.object({ name, email });

export const giftCardSaleSchema = z.object({
  /** Dollars, whole cents, $10 to $500. */
  amount: z
    .number()
    .min(GIFT_CARD_LIMITS.minCents / 100, "at least $10")
    .max(GIFT_CARD_LIMITS.maxCents / 100, "at most $500")
    .refine((dollars) => Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6, "dollars and cents (2 decimals at most)"),
  recipient: person,
  buyer: person,
  /** Plain text, shown quoted and labelled in the e-mail, never as markup or a link. */
  message: z
    .string()
    .trim()
    .max(GIFT_CARD_LIMITS.messageMax, `at most ${GIFT_CARD_LIMITS.messageMax} characters`)
    .refine((value) => !hasControlCharacters(value, { singleLine: false }), CONTROL_CHARACTERS_MESSAGE)
    .default(""),
  paymentToken: z.string().min(1).max(1000),
  verificationToken: z.string().min(1).max(1000).optional(),
});
export type GiftCardSaleInput = z.infer<typeof giftCardSaleSchema>;

export const giftCardBalanceSchema = z.object({ number: z.string().max(64) });
