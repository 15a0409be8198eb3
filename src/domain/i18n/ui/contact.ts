// The contact form's words, and its rules' messages in Spanish: the form (src/components/ContactForm.astro,
// which hands its script the words it shows) and POST /contact (which answers in the request's language)
// both read them.
import { CONTACT_EMAIL_MESSAGE, CONTACT_PHONE_MESSAGE, CONTACT_REQUIRED_MESSAGE, type ContactField } from "../../contactForm";
import { CONTROL_CHARACTERS_MESSAGE } from "../../plainText";
import type { Locale } from "../locales";
import { translator, words, type Dictionary } from "../translate";

export const contactWords = {
  "form.label": { en: "Send us a message", es: "Envíanos un mensaje" },
  "field.firstName": { en: "First Name", es: "Nombre" },
  "field.lastName": { en: "Last Name", es: "Apellido" },
  "field.email": { en: "Email", es: "Correo electrónico" },
  "field.phone": { en: "Phone", es: "Teléfono" },
  "field.message": { en: "Message", es: "Mensaje" },
  "optional": { en: "(optional)", es: "(opcional)" },
  "honeypot": { en: "Leave this field empty", es: "Deja este campo vacío" },
  "send": { en: "Send Message", es: "Enviar mensaje" },
  "sending": { en: "Sending...", es: "Enviando..." },
  "requiredField": { en: "Required field", es: "Campo obligatorio" },
  "fieldRequired": { en: "This field is required.", es: "Este campo es obligatorio." },
  "sent.title": { en: "Message sent successfully!", es: "¡Mensaje enviado!" },
  "sent.fallback": { en: "We'll get back to you soon.", es: "Te responderemos pronto." },
  "failed.title": { en: "Message could not be sent", es: "No se pudo enviar el mensaje" },
  "failed.fallback": { en: "Please try again or call us directly.", es: "Inténtalo de nuevo o llámanos directamente." },
  "thanks": words(
    (firstName: string) => `Thanks, ${firstName}! We'll get back to you soon.`,
    (firstName: string) => `¡Gracias, ${firstName}! Te responderemos pronto.`,
  ),
} satisfies Dictionary;

export const CONTACT_FIELD_KEYS: Record<ContactField, keyof typeof contactWords> = {
  firstName: "field.firstName",
  lastName: "field.lastName",
  email: "field.email",
  phone: "field.phone",
  message: "field.message",
};

/** The contact rules' messages (each English sentence is the rule's code) in Spanish. */
const SPANISH_RULES: Record<string, string> = {
  [CONTACT_REQUIRED_MESSAGE]: "Completa todos los campos obligatorios.",
  [CONTACT_EMAIL_MESSAGE]: "Escribe un correo electrónico válido.",
  [CONTACT_PHONE_MESSAGE]: "Escribe un número de teléfono válido.",
  [CONTROL_CHARACTERS_MESSAGE]: "Usa solo letras, dígitos y signos de puntuación (sin caracteres de control ni de dirección).",
};

/** The rules' messages in a language, by their English message (none in English): what the form's script is given. */
export function contactRuleWords(locale: Locale): Record<string, string> {
  return locale === "es" ? { ...SPANISH_RULES } : {};
}

/** The words the form's script shows (src/lib/contactForm.ts), in the page's language; `rules` turns a rule's English message into it (empty in English). */
export interface ContactFormWords {
  send: string;
  sending: string;
  fieldRequired: string;
  sentTitle: string;
  sentFallback: string;
  failedTitle: string;
  failedFallback: string;
  rules: Record<string, string>;
}

/** The form's script's words in a language, as ContactForm.astro hands them over. */
export function contactFormWords(locale: Locale): ContactFormWords {
  const t = translator(contactWords, locale);
  return {
    send: t("send"),
    sending: t("sending"),
    fieldRequired: t("fieldRequired"),
    sentTitle: t("sent.title"),
    sentFallback: t("sent.fallback"),
    failedTitle: t("failed.title"),
    failedFallback: t("failed.fallback"),
    rules: contactRuleWords(locale),
  };
}

/** A contact rule's message in a language (a message with no Spanish stays as it is). */
export function contactRuleText(message: string, locale: Locale): string {
  return locale === "es" ? (SPANISH_RULES[message] ?? message) : message;
}
