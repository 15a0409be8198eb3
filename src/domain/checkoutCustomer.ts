// The checkout's customer-details rules without zod: the shapes and limits of name, e-mail, phone and
// ZIP code, and which customer field is wrong. The checkout island imports only this; the zod schemas
// of POST /api/orders in orderRequest.schema.ts are built on the same constants, so browser and server keep one rule.

import { hasControlCharacters, isInvisible } from "./plainText";

/** Lengths in characters; name and phone are measured after trimming, the e-mail as sent. */
export const CUSTOMER_LIMITS = {
  name: 100,
  email: 254,
  phoneMin: 7,
  phoneMax: 25,
  /** A phone needs this many digits, whatever punctuation surrounds them. */
  phoneDigits: 7,
  /** Apt, suite or unit of a delivery: room for "Apt 1204, Tower B", short enough for a courier's app. */
  unit: 30,
} as const;

/**
 * zod's own default e-mail pattern (`regexes.email` of zod 4), held here so the browser needs no zod
 * and the server, which hands it to `z.email()`, accepts exactly what it accepted with the default.
 */
export const EMAIL_PATTERN =
  // eslint-disable-next-line no-useless-escape -- zod's text exactly, as its test compares
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/** The characters people type in phone numbers: digits, spaces and + ( ) . - */
export const PHONE_CHARACTERS = /^[0-9+().\s-]+$/;

/** A US ZIP code: five digits, optionally ZIP+4 ("33156" or "33156-1234"). */
export const ZIP_CODE_PATTERN = /^\d{5}(-\d{4})?$/;

export type CustomerField = "name" | "email" | "phone";

export interface CustomerDetails {
  name: string;
  email: string;
  phone: string;
}

export function phoneDigitCount(phone: string): number {
  return phone.replace(/\D/g, "").length;
}

/**
 * The phone in the E.164 form Square accepts ("+13055550142"), or null when it has none: a US number
 * with its area code (10 digits, or 11 starting with 1), or an international one written with + (8 to
 * 15 digits). Checked before an order is stored, so Square never refuses it after the fact.
 */
export function toE164(phone: string): string | null {
  const trimmed = phone.trim();
  if (!PHONE_CHARACTERS.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, "");
  if (trimmed.startsWith("+")) return /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : null;
  if (/^[2-9]\d{9}$/.test(digits)) return `+1${digits}`;
  if (/^1[2-9]\d{9}$/.test(digits)) return `+${digits}`;
  return null;
}

/**
 * A phone as people read it: a US number as "(305) 222-1234" however it was typed ("3052221234",
 * "+1 305.222.1234"), any other number as it was typed, trimmed.
 */
export function displayPhone(phone: string): string {
  const e164 = toE164(phone);
  if (!e164?.startsWith("+1") || e164.length !== 12) return phone.trim();
  return `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`;
}

/** What the checkout and the API say of a phone Square would not accept. */
export const PHONE_RULE = "a phone number with its area code, such as (305) 555-0142";

/** True for a ZIP code of the right shape, spaces around it aside. */
export function isZipCode(zipCode: string): boolean {
  return ZIP_CODE_PATTERN.test(zipCode.trim());
}

/**
 * The first customer field (in the form's order: name, e-mail, phone) that POST /api/orders would
 * refuse, or undefined when all three pass.
 */
export function wrongCustomerField(customer: CustomerDetails): CustomerField | undefined {
  const name = customer.name.trim();
  if (name.length < 1 || name.length > CUSTOMER_LIMITS.name || isInvisible(name) || hasControlCharacters(name)) return "name";
  // Not trimmed: the server's z.email() does not trim either.
  const email = customer.email;
  if (email.length > CUSTOMER_LIMITS.email || !EMAIL_PATTERN.test(email)) return "email";
  const phone = customer.phone.trim();
  if (
    phone.length < CUSTOMER_LIMITS.phoneMin ||
    phone.length > CUSTOMER_LIMITS.phoneMax ||
    !PHONE_CHARACTERS.test(phone) ||
    phoneDigitCount(phone) < CUSTOMER_LIMITS.phoneDigits ||
    toE164(phone) === null
  ) {
    return "phone";
  }
  return undefined;
}
