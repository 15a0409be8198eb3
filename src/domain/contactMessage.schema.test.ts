import { translator } from "./i18n/translate";
import { contactWords } from "./i18n/ui/contact";
import { describe, expect, it } from "vitest";
import {
  CONTACT_EMAIL_MESSAGE,
  CONTACT_LIMITS,
  CONTACT_PHONE_MESSAGE,
  CONTACT_REQUIRED_MESSAGE,
  contactMessageSchema,
  contactSummary,
  isHoneypotFilled,
  validateContact,
} from "./contactMessage.schema";

const valid = {
  firstName: "Ana",
  lastName: "Pérez",
  email: "ana@example.com",
  phone: "(305) 699-1430",
  message: "Do you take reservations for 6 on Sunday?",
};

describe("the contact message rules", () => {
  it("accepts a complete message and trims every field", () => {
    const result = validateContact({ ...valid, firstName: "  Ana ", message: "\n Hello \n" });
    expect(result).toEqual({ ok: true, value: expect.objectContaining({ firstName: "Ana", message: "Hello" }) });
  });

  it("treats the phone as optional: missing, null and blank are stored as null", () => {
    for (const phone of [undefined, null, "", "   "]) {
      const parsed = contactMessageSchema.parse({ ...valid, phone });
      expect(parsed.phone).toBeNull();
    }
  });

  it.each(["firstName", "lastName", "email", "message"] as const)(
    "asks to fill in all required fields when %s is missing or blank",
    (field) => {
      for (const value of [undefined, "", "   ", null, 42]) {
        const result = validateContact({ ...valid, [field]: value });
        expect(result).toMatchObject({ ok: false, summary: CONTACT_REQUIRED_MESSAGE });
        if (!result.ok) expect(result.fields[field]).toBe(CONTACT_REQUIRED_MESSAGE);
      }
    },
  );

  it("reports only 'required' for a blank e-mail, not also a bad shape", () => {
    const result = validateContact({ ...valid, email: " " });
    expect(result).toMatchObject({ ok: false, fields: { email: CONTACT_REQUIRED_MESSAGE } });
  });

  it.each(["ana", "ana@", "ana@example", "@example.com", "ana @example.com", "ana@exa mple.com"])(
    "rejects the e-mail %j with the form's e-mail message",
    (email) => {
      expect(validateContact({ ...valid, email })).toMatchObject({ ok: false, summary: CONTACT_EMAIL_MESSAGE });
    },
  );

  it.each(["a@b.co", "first.last+tag@sub.example.org", "  ana@example.com  "])("accepts the e-mail %j", (email) => {
    expect(validateContact({ ...valid, email }).ok).toBe(true);
  });

  it("prefers the missing-fields message when fields are missing and the e-mail is bad", () => {
    expect(validateContact({ ...valid, firstName: "", email: "nope" })).toMatchObject({
      ok: false,
      summary: CONTACT_REQUIRED_MESSAGE,
    });
  });

  it("limits each field's length", () => {
    for (const [field, limit] of Object.entries(CONTACT_LIMITS)) {
      const atLimit = field === "email" ? `${"a".repeat(limit - 12)}@example.com` : "1".repeat(limit);
      expect(validateContact({ ...valid, [field]: atLimit }).ok, `${field} at its limit`).toBe(true);
      const over = field === "email" ? `${"a".repeat(limit - 11)}@example.com` : "1".repeat(limit + 1);
      const result = validateContact({ ...valid, [field]: over });
      expect(result.ok, `${field} over its limit`).toBe(false);
      if (!result.ok) expect(result.fields[field as keyof typeof CONTACT_LIMITS]).toMatch(/at most/);
    }
  });

  it("accepts common phone formats and rejects words", () => {
    for (const phone of ["305-699-1430", "+1 (305) 699 1430", "305.699.1430 ext 12"]) {
      expect(validateContact({ ...valid, phone }).ok, phone).toBe(true);
    }
    expect(validateContact({ ...valid, phone: "call me maybe" })).toMatchObject({
      ok: false,
      summary: CONTACT_PHONE_MESSAGE,
    });
  });

  it("notices a filled honeypot, whatever its type", () => {
    expect(isHoneypotFilled(contactMessageSchema.parse(valid))).toBe(false);
    expect(isHoneypotFilled(contactMessageSchema.parse({ ...valid, website: "" }))).toBe(false);
    expect(isHoneypotFilled(contactMessageSchema.parse({ ...valid, website: "http://spam.example" }))).toBe(true);
    expect(isHoneypotFilled(contactMessageSchema.parse({ ...valid, website: 1 }))).toBe(true);
  });

  it("summarises server issues the same way", () => {
    expect(contactSummary([{ path: "email", message: CONTACT_EMAIL_MESSAGE }])).toBe(CONTACT_EMAIL_MESSAGE);
    expect(contactSummary([])).toBe(CONTACT_REQUIRED_MESSAGE);
  });

  it("thanks the visitor by first name, in the page's language", () => {
    expect(translator(contactWords, "en")("thanks", "Ana")).toBe("Thanks, Ana! We'll get back to you soon.");
    expect(translator(contactWords, "es")("thanks", "Ana")).toBe("¡Gracias, Ana! Te responderemos pronto.");
  });
});
