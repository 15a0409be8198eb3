import { describe, expect, it } from "vitest";
import { CONTACT_EMAIL_MESSAGE, CONTACT_PHONE_MESSAGE, CONTACT_REQUIRED_MESSAGE } from "../domain/contactForm";
import { contactFormWords, contactRuleText, contactRuleWords, type ContactFormWords } from "../domain/i18n/ui/contact";
import { CONTROL_CHARACTERS_MESSAGE } from "../domain/plainText";
import { ApiError, type ApiErrorBody } from "./api";
import {
  contactBody,
  contactFormWordsText,
  fieldMessage,
  firstInvalid,
  issuesOf,
  readContactFormWords,
  ruleText,
} from "./contactForm";

/** The words as ContactForm.astro hands them to the script. */
function wordsFor(locale: "en" | "es"): ContactFormWords {
  return readContactFormWords(contactFormWordsText(contactFormWords(locale)));
}

const english = wordsFor("en");
const spanish = wordsFor("es");
const RULES = [CONTACT_REQUIRED_MESSAGE, CONTACT_EMAIL_MESSAGE, CONTACT_PHONE_MESSAGE, CONTROL_CHARACTERS_MESSAGE];

describe("the contact form's words as the page carries them", () => {
  it("come back from the attribute as they were written", () => {
    expect(english).toEqual({
      send: "Send Message",
      sending: "Sending...",
      fieldRequired: "This field is required.",
      sentTitle: "Message sent successfully!",
      sentFallback: "We'll get back to you soon.",
      failedTitle: "Message could not be sent",
      failedFallback: "Please try again or call us directly.",
      rules: {},
    });
    expect(spanish).toMatchObject({ send: "Enviar mensaje", sending: "Enviando...", failedTitle: "No se pudo enviar el mensaje" });
    expect(spanish.rules).toEqual(contactRuleWords("es"));
    expect(Object.keys(spanish.rules)).toEqual(expect.arrayContaining(RULES));
  });

  it("keep words with & = + and quotes intact", () => {
    const odd: ContactFormWords = { ...english, sending: "A & B = C + 'd' \"e\"", rules: { "x & y = z?": "ç + ñ" } };
    expect(readContactFormWords(contactFormWordsText(odd))).toEqual(odd);
  });

  it("say each rule as contactRuleText does, in both languages", () => {
    for (const message of [...RULES, "Message must be at most 4000 characters."]) {
      expect(ruleText(english, message)).toBe(contactRuleText(message, "en"));
      expect(ruleText(spanish, message)).toBe(contactRuleText(message, "es"));
    }
    expect(ruleText(spanish, CONTACT_EMAIL_MESSAGE)).toBe("Escribe un correo electrónico válido.");
  });

  it("put 'required' under a field, and the rule's own sentence otherwise", () => {
    expect(fieldMessage(english, CONTACT_REQUIRED_MESSAGE)).toBe("This field is required.");
    expect(fieldMessage(spanish, CONTACT_REQUIRED_MESSAGE)).toBe("Este campo es obligatorio.");
    expect(fieldMessage(english, CONTACT_EMAIL_MESSAGE)).toBe(CONTACT_EMAIL_MESSAGE);
    expect(fieldMessage(spanish, CONTACT_PHONE_MESSAGE)).toBe("Escribe un número de teléfono válido.");
  });
});

describe("the contact form's problems", () => {
  it("focus the first wrong field in the form's order", () => {
    expect(firstInvalid({ message: "x", email: "y", lastName: "z" })).toBe("lastName");
    expect(firstInvalid({ phone: CONTACT_PHONE_MESSAGE })).toBe("phone");
    expect(firstInvalid({})).toBeUndefined();
  });

  it("take the server's issues from an ApiError's body only", () => {
    const issues = [{ path: "email", message: CONTACT_EMAIL_MESSAGE }];
    expect(issuesOf(new ApiError(400, "400: ...", { error: "Bad", issues }))).toEqual(issues);
    expect(issuesOf(new ApiError(400, "400: ...", { error: "Bad", issues: "not a list" } as unknown as ApiErrorBody))).toEqual([]);
    expect(issuesOf(new ApiError(502, "502: Bad Gateway", null))).toEqual([]);
    expect(issuesOf(new TypeError("Failed to fetch"))).toEqual([]);
  });
});

describe("what the form posts", () => {
  const checked = { firstName: "Ana", lastName: "Pérez", email: "ana@example.com", message: "Hello" };

  it("sends phone as '' when none was given and leaves the honeypot out when empty", () => {
    expect(contactBody({ ...checked, phone: null }, "")).toEqual({ ...checked, phone: "" });
    expect(contactBody({ ...checked, phone: "305 555 0100" }, "")).toEqual({ ...checked, phone: "305 555 0100" });
  });

  it("sends the honeypot when a bot filled it", () => {
    expect(contactBody({ ...checked, phone: null }, "https://spam.example")).toEqual({ ...checked, phone: "", website: "https://spam.example" });
  });
});
