// The contact message: its rules as one zod schema, shared by the form's script and
// POST /contact, and the shape of a stored message that the admin console reads.
import * as z from "./zod";
import {
  CONTACT_EMAIL_MESSAGE,
  CONTACT_HONEYPOT_FIELD,
  CONTACT_LABELS,
  CONTACT_LIMITS,
  CONTACT_PHONE_MESSAGE,
  CONTACT_REQUIRED_MESSAGE,
  contactSummary,
  fieldErrors,
  type ContactField,
} from "./contactForm";

import { EMAIL_PATTERN } from "./checkoutCustomer";
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters, isInvisible } from "./plainText";

export * from "./contactForm";

/** Digits and the punctuation people type in phone numbers, with an optional extension. */
const PHONE_SHAPE = /^\+?[0-9().\-\s/]{7,}(?:\s*(?:x|ext\.?)\s*[0-9]{1,6})?$/i;

function tooLong(field: ContactField): string {
  return `${CONTACT_LABELS[field]} must be at most ${CONTACT_LIMITS[field]} characters.`;
}

/**
 * A required text: missing, not a string, blank and invisible all fail with the one required-field message;
 * control and bidi-override characters are refused (a message may still break lines).
 */
function requiredText(field: ContactField) {
  return z
    .string({ error: CONTACT_REQUIRED_MESSAGE })
    .trim()
    // abort: a blank field reports only "required", not also "too long" or "not an e-mail".
    .refine((value) => !isInvisible(value), { error: CONTACT_REQUIRED_MESSAGE, abort: true })
    .max(CONTACT_LIMITS[field], { error: tooLong(field), abort: true })
    .refine((value) => !hasControlCharacters(value, { singleLine: field !== "message" }), {
      error: CONTACT_CHARACTERS_MESSAGE,
      abort: true,
    });
}

const CONTACT_CHARACTERS_MESSAGE = CONTROL_CHARACTERS_MESSAGE;

export const contactMessageSchema = z.object({
  firstName: requiredText("firstName"),
  lastName: requiredText("lastName"),
  // The checkout's rule (zod's own pattern): no spaces, no ? & = / or quotes a mail link could be bent with.
  email: requiredText("email").regex(EMAIL_PATTERN, { error: CONTACT_EMAIL_MESSAGE }),
  // Optional: absent, null and blank all mean "no phone" and are stored as null.
  phone: z
    .string({ error: CONTACT_PHONE_MESSAGE })
    .trim()
    .max(CONTACT_LIMITS.phone, { error: tooLong("phone"), abort: true })
    .refine((value) => value === "" || isInvisible(value) || (PHONE_SHAPE.test(value) && !hasControlCharacters(value)), { error: CONTACT_PHONE_MESSAGE })
    .nullish()
    .transform((value) => (value && !isInvisible(value) ? value : null)),
  message: requiredText("message"),
  // Any non-empty value marks a bot; the server answers as usual and stores nothing.
  [CONTACT_HONEYPOT_FIELD]: z.unknown().optional(),
});

/** What a visitor sends: phone may be missing. */
export type ContactMessageInput = z.input<typeof contactMessageSchema>;
/** A checked message: trimmed, phone null when not given. */
export type ContactMessage = z.output<typeof contactMessageSchema>;

/** True when the hidden honeypot field was filled in. */
export function isHoneypotFilled(message: Pick<ContactMessage, typeof CONTACT_HONEYPOT_FIELD>): boolean {
  const value = message[CONTACT_HONEYPOT_FIELD];
  if (typeof value === "string") return value.trim() !== "";
  return value !== undefined && value !== null && value !== false;
}

export type ContactValidation =
  | { ok: true; value: ContactMessage }
  | { ok: false; summary: string; fields: Partial<Record<ContactField, string>> };

/** Checks form values in the browser with exactly the server's rules. */
export function validateContact(input: unknown): ContactValidation {
  const parsed = contactMessageSchema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issues = parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
  return { ok: false, summary: contactSummary(issues), fields: fieldErrors(issues) };
}

/**
 * A stored contact message (store "messages", key `<createdAt>-<id>`), as the admin console
 * lists it. `phone` is null when the visitor gave none; `handled` is staff's "dealt with" flag.
 */
export const storedContactMessageSchema = z.object({
  id: z.string().min(1).max(64),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  message: z.string(),
  /** ISO 8601 instant the server received it. */
  createdAt: z.iso.datetime(),
  handled: z.boolean(),
  /** ISO 8601 instant `handled` last changed, when it ever did. */
  handledAt: z.iso.datetime().optional(),
  /** True when its e-mail copy to the restaurant was not sent: it came past the hour's CONTACT_COPIES_PER_HOUR. */
  copyHeld: z.boolean().optional(),
});
export type StoredContactMessage = z.infer<typeof storedContactMessageSchema>;
