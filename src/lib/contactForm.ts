// The contact form's behaviour (src/components/ContactForm.astro): the form is the page's HTML, and this
// checks the fields with the server's own rules (loaded on the first submit, so zod stays out of the page
// until someone writes), posts them to POST /contact, and reports through a toast and inline messages.
// Its words come with the page, in its language (data-words on <contact-form>): no dictionary, no React.
import {
  CONTACT_FIELDS,
  CONTACT_HONEYPOT_FIELD,
  CONTACT_REQUIRED_MESSAGE,
  contactSummary,
  fieldErrors,
  type ContactField,
  type ContactIssue,
} from "../domain/contactForm";
import type { ContactFormWords } from "../domain/i18n/ui/contact";
import { toast } from "../stores/toasts";
import { ApiError, apiRequest } from "./api";

export type ContactValues = Record<ContactField, string>;
export type ContactErrors = Partial<Record<ContactField, string>>;

/**
 * At build: the words as the element's data-words attribute, form-encoded as the full menu's are
 * ("send=Send+Message&sending=Sending...&rule.Please+fill+in...=Completa..."): shorter in the HTML than JSON.
 */
export function contactFormWordsText({ rules, ...words }: ContactFormWords): string {
  return new URLSearchParams([...Object.entries(words), ...Object.entries(rules).map(([message, text]) => [`rule.${message}`, text])]).toString();
}

/** In the browser: the words back from the attribute. */
export function readContactFormWords(text: string): ContactFormWords {
  const words: Record<string, string> = {};
  const rules: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    if (key.startsWith("rule.")) rules[key.slice("rule.".length)] = value;
    else words[key] = value;
  }
  return { ...(words as Omit<ContactFormWords, "rules">), rules };
}

/** A rule's message in the page's language (a message without a translation stays as it is). */
export function ruleText(words: ContactFormWords, message: string): string {
  return words.rules[message] ?? message;
}

/** Under a field, "required" reads better than repeating the form-wide sentence. */
export function fieldMessage(words: ContactFormWords, message: string): string {
  return message === CONTACT_REQUIRED_MESSAGE ? words.fieldRequired : ruleText(words, message);
}

/** The field problems the server sent with a refusal (`issues` of its JSON body), if any. */
export function issuesOf(error: unknown): ContactIssue[] {
  const issues = error instanceof ApiError ? (error.body as { issues?: unknown } | null)?.issues : undefined;
  return Array.isArray(issues) ? (issues as ContactIssue[]) : [];
}

/** The first field with a problem, in the form's order: the one that takes the focus. */
export function firstInvalid(errors: ContactErrors): ContactField | undefined {
  return CONTACT_FIELDS.find((field) => errors[field]);
}

/** What POST /contact receives: the checked values, phone "" when none, the honeypot only when filled. */
export function contactBody(
  checked: { firstName: string; lastName: string; email: string; phone?: string | null; message: string },
  honeypot: string,
): Record<string, string> {
  const { firstName, lastName, email, phone, message } = checked;
  return {
    firstName,
    lastName,
    email,
    phone: phone ?? "",
    message,
    ...(honeypot ? { [CONTACT_HONEYPOT_FIELD]: honeypot } : {}),
  };
}

type Control = HTMLInputElement | HTMLTextAreaElement;

/** Gives the server-rendered form its behaviour and enables its button; returns what undoes it. */
export function connectContactForm(form: HTMLFormElement, words: ContactFormWords): () => void {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const alert = form.querySelector<HTMLElement>('[role="alert"]')!;
  const control = (name: string) => form.elements.namedItem(name) as Control | null;
  // A flag, not the button's state: a double click lands before the button is disabled.
  let busy = false;

  /** Shows (or, without a message, removes) a field's complaint: the text under it, aria-invalid, aria-describedby. */
  function setFieldError(field: ContactField, message: string | undefined) {
    const input = control(field);
    if (!input) return;
    const errorId = `${input.id}-error`;
    const shown = input.parentElement?.querySelector(`[id="${errorId}"]`);
    if (message === undefined) {
      shown?.remove();
      input.removeAttribute("aria-invalid");
      input.removeAttribute("aria-describedby");
      return;
    }
    const paragraph = shown ?? Object.assign(document.createElement("p"), { id: errorId, className: "mt-1 text-sm text-red-700" });
    paragraph.textContent = fieldMessage(words, message);
    if (!shown) input.after(paragraph);
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", errorId);
  }

  function showProblems(summary: string, errors: ContactErrors) {
    alert.textContent = summary;
    for (const field of CONTACT_FIELDS) setFieldError(field, errors[field]);
    const first = firstInvalid(errors);
    if (first) control(first)?.focus();
  }

  function setSending(sending: boolean) {
    button.textContent = sending ? words.sending : words.send;
    button.disabled = sending;
    form.setAttribute("aria-busy", String(sending));
  }

  // Typing in a field takes its complaint away; the others stay until they are fixed.
  function onInput(event: Event) {
    const name = (event.target as Partial<Control> | null)?.name;
    const field = CONTACT_FIELDS.find((candidate) => candidate === name);
    if (field && control(field)?.hasAttribute("aria-invalid")) setFieldError(field, undefined);
  }

  async function onSubmit(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    busy = true;
    try {
      await submit();
    } finally {
      busy = false;
    }
  }

  async function submit() {
    let validateContact: typeof import("../domain/contactMessage.schema").validateContact;
    try {
      ({ validateContact } = await import("../domain/contactMessage.schema"));
    } catch {
      // Offline, or a new deploy replaced the chunk: say so rather than do nothing.
      toast({ title: words.failedTitle, description: words.failedFallback, variant: "destructive" });
      return;
    }
    const values = Object.fromEntries(CONTACT_FIELDS.map((field) => [field, control(field)?.value ?? ""])) as ContactValues;
    const checked = validateContact(values);
    if (!checked.ok) {
      showProblems(ruleText(words, checked.summary), checked.fields);
      toast({ title: ruleText(words, checked.summary), variant: "destructive" });
      return;
    }
    showProblems("", {});
    setSending(true);
    try {
      const answer = await apiRequest<{ message?: unknown } | null>("/contact", {
        method: "POST",
        body: contactBody(checked.value, control(CONTACT_HONEYPOT_FIELD)?.value ?? ""),
      });
      const thanks = typeof answer?.message === "string" && answer.message ? answer.message : words.sentFallback;
      toast({ title: words.sentTitle, description: thanks });
      form.reset();
    } catch (error) {
      const serverMessage = error instanceof ApiError ? error.serverMessage : undefined;
      const issues = issuesOf(error);
      if (issues.length) showProblems(ruleText(words, contactSummary(issues)), fieldErrors(issues));
      toast({ title: words.failedTitle, description: serverMessage ?? words.failedFallback, variant: "destructive" });
    } finally {
      setSending(false);
    }
  }

  form.addEventListener("submit", onSubmit);
  form.addEventListener("input", onInput);
  // Disabled in the HTML, so nobody submits a form that nothing would handle.
  button.disabled = false;
  return () => {
    form.removeEventListener("submit", onSubmit);
    form.removeEventListener("input", onInput);
    button.disabled = true;
  };
}
