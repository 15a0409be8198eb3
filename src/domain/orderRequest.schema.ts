// An order's shapes and rules shared by checkout and POST /api/orders: the request the
// checkout sends with its bounds, the statuses, and the read shape of GET /api/orders/{id}.
import * as z from "./zod";
import { LINE_NOTE_MAX, ORDER_NOTE_MAX } from "./dishOptions";
import { CUSTOMER_LIMITS, EMAIL_PATTERN, PHONE_CHARACTERS, PHONE_RULE, ZIP_CODE_PATTERN, phoneDigitCount, toE164 } from "./checkoutCustomer";
import { LINES_LIMIT_MESSAGE, LINE_LIMIT_MESSAGE, ORDER_LIMITS, ORDER_LIMIT_MESSAGE } from "./orderLimits";
import { CURBSIDE_CAR_MAX, ORDER_TYPES } from "./orderReadModel";
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters, isInvisible } from "./plainText";
import { promoCodeSchema } from "./offer.schema";
import { loyaltyRewardChoiceSchema } from "./loyalty.schema";

// Re-exported for the server. The read side (./orderReadModel) and the checkout form's rules
// (./checkoutCustomer) hold no zod: the browser imports them directly, never this file
// (src/islands/browserImports.test.ts fails otherwise).
export * from "./checkoutCustomer";
export * from "./orderReadModel";

/** Square keeps payment idempotency keys to 45 characters; a UUID is 36. */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,45}$/, "16 to 45 letters, digits, '-' or '_' (a UUID is fine)");

const text = (max: number) => z.string().trim().min(1).max(max);
/** Dollars the browser's cart sends with a line; accepted and ignored: the server reprices from its own menu. */
const ignoredAmount = z.number().optional();

/** A special instruction: plain text shown to the kitchen as it was typed (never as markup). */
const noteSchema = (max: number, singleLine: boolean) =>
  z
    .string()
    .trim()
    .max(max, `at most ${max} characters`)
    .refine((value) => !hasControlCharacters(value, { singleLine }), CONTROL_CHARACTERS_MESSAGE);

/** One option chosen for a line: which group and option, and how many of it per dish. */
export const optionPickSchema = z.object({
  groupId: z.string().min(1).max(200),
  optionId: z.string().min(1).max(200),
  quantity: z.number().int().min(1).max(20).default(1),
  // Shown in the browser's cart; the server names and prices options from its own menu.
  name: z.string().max(200).optional(),
  price: ignoredAmount,
});

export const orderLineRequestSchema = z.object({
  id: z.number().int().positive().max(1_000_000),
  quantity: z.number().int().min(1).max(ORDER_LIMITS.maxQuantityPerLine, LINE_LIMIT_MESSAGE),
  // Shown in the browser's cart; the server takes all of these from its own menu.
  name: z.string().max(200).optional(),
  price: ignoredAmount,
  options: z.array(optionPickSchema).max(30).optional(),
  note: noteSchema(LINE_NOTE_MAX, true).optional(),
});

/** Dollars and cents, never negative: the server then checks it against the subtotal. */
const tipSchema = z
  .number()
  .min(0, "a tip cannot be negative")
  .max(100_000)
  .refine((dollars) => Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6, "dollars and cents (2 decimals at most)");

// The same rules as wrongCustomerField in ./checkoutCustomer, which the checkout runs in the browser.
export const customerInfoSchema = z.object({
  name: text(CUSTOMER_LIMITS.name)
    .refine((value) => !isInvisible(value), "a name")
    .refine((value) => !hasControlCharacters(value), CONTROL_CHARACTERS_MESSAGE),
  email: z.email({ pattern: EMAIL_PATTERN }).max(CUSTOMER_LIMITS.email),
  phone: z
    .string()
    .trim()
    .min(CUSTOMER_LIMITS.phoneMin)
    .max(CUSTOMER_LIMITS.phoneMax)
    .regex(PHONE_CHARACTERS, "digits, spaces and + ( ) - only")
    .refine((value) => phoneDigitCount(value) >= CUSTOMER_LIMITS.phoneDigits, `at least ${CUSTOMER_LIMITS.phoneDigits} digits`)
    .refine((value) => toE164(value) !== null, PHONE_RULE),
});

// The same rule as isZipCode in ./checkoutCustomer.
export const zipCodeSchema = z.string().trim().regex(ZIP_CODE_PATTERN, "a 5-digit ZIP code");

/** One line of visible text: no control or direction characters (a line break in it could fake a line of the kitchen's ticket). */
const oneLine = (max: number) => z.string().trim().max(max).refine((value) => !hasControlCharacters(value), CONTROL_CHARACTERS_MESSAGE);

export const deliveryInfoSchema = z.object({
  address: text(200).refine((value) => !hasControlCharacters(value), CONTROL_CHARACTERS_MESSAGE),
  unit: oneLine(CUSTOMER_LIMITS.unit).optional(),
  city: oneLine(80).optional().transform((city) => city || "Miami"),
  state: oneLine(30).optional().transform((state) => state || "FL"),
  zipCode: zipCodeSchema,
  phone: oneLine(25).optional(),
  // Typed in a box that may break lines: kept as one line, as the kitchen's ticket shows it.
  deliveryNotes: z
    .string()
    .trim()
    .max(500)
    .refine((value) => !hasControlCharacters(value, { singleLine: false }), CONTROL_CHARACTERS_MESSAGE)
    .transform((notes) => notes.replace(/\s+/g, " "))
    .optional(),
});

export const orderRequestSchema = z
  .object({
    items: z.array(orderLineRequestSchema).min(1, "the cart is empty").max(ORDER_LIMITS.maxLines, LINES_LIMIT_MESSAGE),
    orderType: z.enum(ORDER_TYPES),
    customerInfo: customerInfoSchema,
    deliveryInfo: deliveryInfoSchema.nullish(),
    paymentToken: z.string().min(1).max(1000),
    /** Square's buyer verification (verifyBuyer) of that token, when the checkout made one: sent on with the payment. */
    verificationToken: z.string().trim().min(1).max(1000).optional(),
    /** A gift card's token (Square's giftCard() field) paying first; paymentToken's card or wallet pays the rest. */
    giftCardToken: z.string().min(1).max(1000).optional(),
    /** The diner's note for the whole order, for the kitchen. */
    note: noteSchema(ORDER_NOTE_MAX, false).optional(),
    /** On top of the total, never taxed; at most the subtotal (checked where the subtotal is known). */
    tip: tipSchema.optional(),
    /** The courier's quote the checkout showed (POST /api/delivery/quotes), for a delivery by courier. */
    courierQuoteId: z.string().trim().min(1).max(100).optional(),
    /** A pickup brought to the diner's car: the car as staff will spot it ("red Civic, row 2"). */
    curbside: z
      .object({
        car: z
          .string()
          .trim()
          .min(1, "describe the car so staff can find it")
          .max(CURBSIDE_CAR_MAX, `at most ${CURBSIDE_CAR_MAX} characters`)
          .refine((value) => !hasControlCharacters(value), CONTROL_CHARACTERS_MESSAGE),
      })
      .nullish(),
    /** The diner ticked "Text me about this order" (unticked unless they do): its texts go to customerInfo.phone, a US number. */
    textMe: z.boolean().optional(),
    /** The 15-minute slot it is ordered for (an ISO instant); absent or null: as soon as possible. */
    slot: z.iso.datetime({ offset: true }).nullish(),
    /** A promo code (any capitals): priced by the server, refused in one sentence when it gives nothing. */
    promoCode: promoCodeSchema.optional(),
    /** A Square Loyalty reward put on the order at Pay, and the total Square gave for it (./loyalty.schema.ts). */
    loyaltyReward: loyaltyRewardChoiceSchema.optional(),
    subtotal: ignoredAmount,
    tax: ignoredAmount,
    deliveryFee: ignoredAmount,
    total: ignoredAmount,
  })
  .superRefine((order, ctx) => {
    if (order.orderType === "delivery" && !order.deliveryInfo) {
      ctx.addIssue({ code: "custom", path: ["deliveryInfo"], message: "a delivery needs an address and ZIP code" });
    }
    if (order.orderType !== "pickup" && order.curbside) {
      ctx.addIssue({ code: "custom", path: ["curbside"], message: "curbside is a way of picking up: only for a pickup order" });
    }
    const count = order.items.reduce((sum, line) => sum + line.quantity, 0);
    if (count > ORDER_LIMITS.maxItemsPerOrder) {
      ctx.addIssue({
        code: "custom",
        path: ["items"],
        message: ORDER_LIMIT_MESSAGE,
      });
    }
  });
export type OrderRequest = z.infer<typeof orderRequestSchema>;
