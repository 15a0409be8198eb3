// What a diner sends to the account API: a request for a sign-in link (e-mail, and a name for a new
// account), and the link's token when they use it. Passkey ceremonies take the staff's shapes.
import * as z from "./zod";
import { hasControlCharacters } from "./plainText";
import { customerInfoSchema, zipCodeSchema } from "./orderRequest.schema";
import { passkeyRegistrationSchema } from "./staff.schema";
export { passkeyRegistrationSchema, passkeySignInSchema } from "./staff.schema";

export const linkRequestSchema = z.strictObject({
  email: z.string().trim().max(254).pipe(z.email("Enter a valid e-mail address")),
  name: z
    .string()
    .trim()
    .max(80, "Use at most 80 characters")
    .refine((text) => !hasControlCharacters(text), "Use plain text")
    .default(""),
});

export const linkTokenSchema = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, "This sign-in link is not valid"),
  /** The diner's yes to "Sign in as a•••@example.com?" (a link opened in a browser that did not ask for it). */
  confirm: z.boolean().optional(),
});

/** A text the diner types on one line (no control or direction characters), at most `max` characters. */
const line = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .refine((text) => !hasControlCharacters(text), "Use plain text");

/** The diner's own details on the account page: the name, and a phone (empty to remove it). */
export const profileSchema = z.strictObject({
  name: line(80).default(""),
  phone: z.union([z.literal(""), customerInfoSchema.shape.phone]).default(""),
});

/** A saved delivery address with who receives it: the checkout's own rules for each field. */
export const savedAddressSchema = z.strictObject({
  label: line(40).default(""),
  name: customerInfoSchema.shape.name,
  phone: customerInfoSchema.shape.phone,
  email: customerInfoSchema.shape.email,
  address: line(200).pipe(z.string().min(1, "Enter the street address")),
  unit: line(40).default(""),
  city: line(80).default("").transform((city) => city || "Miami"),
  state: line(30).default("").transform((state) => state || "FL"),
  zipCode: zipCodeSchema,
  deliveryNotes: z
    .string()
    .trim()
    .max(500, "Use at most 500 characters")
    .refine((text) => !hasControlCharacters(text, { singleLine: false }), "Use plain text")
    .default(""),
});
export type SavedAddressInput = z.output<typeof savedAddressSchema>;

/** A card to keep on file: the payment form's one-time token and, for storing, the buyer's verification token. */
export const savedCardSchema = z.strictObject({
  sourceId: z.string().min(1).max(1000).regex(/^[\x21-\x7e]+$/, "This card token is not valid"),
  verificationToken: z.string().min(1).max(1000).regex(/^[\x21-\x7e]+$/, "This verification token is not valid").optional(),
});

/** The order a passkey is saved from at its confirmation (the order's own page id). */
const orderIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/, "This order is not valid");
export const orderPasskeyOptionsSchema = z.strictObject({ orderId: orderIdSchema });
export const orderPasskeySchema = passkeyRegistrationSchema.extend({ orderId: orderIdSchema });
