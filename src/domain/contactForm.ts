// The contact form's fixed facts without zod: messages, limits, field order and how problems are
// summed up. The form's script (src/lib/contactForm.ts) imports only this; the zod schema in
// contactMessage.schema.ts builds on it.

export const CONTACT_REQUIRED_MESSAGE = "Please fill in all required fields.";
export const CONTACT_EMAIL_MESSAGE = "Please enter a valid email address.";
export const CONTACT_PHONE_MESSAGE = "Please enter a valid phone number.";

export const CONTACT_LIMITS = {
  firstName: 80,
  lastName: 80,
  email: 254,
  phone: 40,
  message: 4000,
} as const;

export type ContactField = keyof typeof CONTACT_LIMITS;

/**
 * Contact-form copies e-mailed to the restaurant in any hour, from every network together: past it a
 * message is stored and shown in the console but not e-mailed, so a flood of messages cannot fill the
 * mail provider's allowance (the order and staff mail go first anyway, src/server/mail/outbox.ts).
 */
export const CONTACT_COPIES_PER_HOUR = 30;

/** The order in which the form shows its fields (and focuses the first wrong one). */
export const CONTACT_FIELDS: readonly ContactField[] = ["firstName", "lastName", "email", "phone", "message"];

/** The honeypot: hidden from people, filled by form-filling bots. */
export const CONTACT_HONEYPOT_FIELD = "website";

export const CONTACT_LABELS: Record<ContactField, string> = {
  firstName: "First name",
  lastName: "Last name",
  email: "Email",
  phone: "Phone",
  message: "Message",
};

export interface ContactIssue {
  path: string;
  message: string;
}

/**
 * The one sentence a visitor sees for a set of problems: missing fields first, then a
 * bad e-mail, then whatever else the first problem says.
 */
export function contactSummary(issues: readonly ContactIssue[]): string {
  if (issues.some((issue) => issue.message === CONTACT_REQUIRED_MESSAGE)) return CONTACT_REQUIRED_MESSAGE;
  if (issues.some((issue) => issue.message === CONTACT_EMAIL_MESSAGE)) return CONTACT_EMAIL_MESSAGE;
  return issues[0]?.message ?? CONTACT_REQUIRED_MESSAGE;
}

/** The first problem of each field, for inline messages beside the inputs. */
export function fieldErrors(issues: readonly ContactIssue[]): Partial<Record<ContactField, string>> {
  const fields: Partial<Record<ContactField, string>> = {};
  for (const issue of issues) {
    const field = issue.path as ContactField;
    if (CONTACT_FIELDS.includes(field) && !fields[field]) fields[field] = issue.message;
  }
  return fields;
}
