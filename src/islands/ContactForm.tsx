// The home page's contact form: checks the fields with the server's own rules, posts
// them to POST /contact, and reports through a toast and inline messages.
import { useEffect, useId, useRef, useState, type ChangeEvent, type SubmitEvent } from "react";
import {
  CONTACT_FIELDS,
  CONTACT_HONEYPOT_FIELD,
  CONTACT_LIMITS,
  CONTACT_REQUIRED_MESSAGE,
  contactSummary,
  fieldErrors,
  type ContactField,
  type ContactIssue,
} from "../domain/contactForm";
import { ApiError, apiRequest } from "../lib/api";
import { toast } from "../stores/toasts";
import { INPUT_CLASS } from "../lib/formStyles";
import type { Locale } from "../domain/i18n/locales";
import { translator } from "../domain/i18n/translate";
import { CONTACT_FIELD_KEYS, contactRuleText, contactWords } from "../domain/i18n/ui/contact";

type Values = Record<ContactField, string>;
type Errors = Partial<Record<ContactField, string>>;

const EMPTY: Values = { firstName: "", lastName: "", email: "", phone: "", message: "" };

const inputClass = INPUT_CLASS;

function issuesOf(error: unknown): ContactIssue[] {
  const issues = error instanceof ApiError ? (error.body as { issues?: unknown } | null)?.issues : undefined;
  return Array.isArray(issues) ? (issues as ContactIssue[]) : [];
}

export default function ContactForm({ locale = "en" }: { locale?: Locale }) {
  const t = translator(contactWords, locale);
  const rule = (message: string) => contactRuleText(message, locale);
  /** Under a field, "required" reads better than repeating the form-wide sentence. */
  const fieldMessage = (message: string) => (message === CONTACT_REQUIRED_MESSAGE ? t("fieldRequired") : rule(message));
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const honeypotRef = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [summary, setSummary] = useState("");
  const [sending, setSending] = useState(false);
  const busy = useRef(false);
  // The server-rendered button stays disabled until React runs, so nobody submits a form that
  // nothing would handle.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  function showProblems(nextSummary: string, nextErrors: Errors) {
    setSummary(nextSummary);
    setErrors(nextErrors);
    const first = CONTACT_FIELDS.find((field) => nextErrors[field]);
    if (first) (formRef.current?.elements.namedItem(first) as HTMLElement | null)?.focus();
  }

  function onChange(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) {
    const field = event.target.name as ContactField;
    setValues((current) => ({ ...current, [field]: event.target.value }));
    // Typing in a field takes its complaint away; the others stay until they are fixed.
    if (errors[field]) {
      setErrors((current) => {
        const next = { ...current };
        delete next[field];
        return next;
      });
    }
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    // A ref, not state: a double click lands before React re-renders with `sending`.
    if (busy.current) return;
    busy.current = true;
    try {
      await submit();
    } finally {
      busy.current = false;
    }
  }

  async function submit() {
    // The zod rules load on the first submit, so the page does not carry them until someone writes.
    let validateContact: typeof import("../domain/contactMessage.schema").validateContact;
    try {
      ({ validateContact } = await import("../domain/contactMessage.schema"));
    } catch {
      // Offline, or a new deploy replaced the chunk: say so rather than do nothing.
      toast({ title: t("failed.title"), description: t("failed.fallback"), variant: "destructive" });
      return;
    }
    const checked = validateContact(values);
    if (!checked.ok) {
      showProblems(rule(checked.summary), checked.fields);
      toast({ title: rule(checked.summary), variant: "destructive" });
      return;
    }
    showProblems("", {});
    setSending(true);
    const { firstName, lastName, email, phone, message } = checked.value;
    const honeypot = honeypotRef.current?.value ?? "";
    try {
      const answer = await apiRequest<{ message?: unknown } | null>("/contact", {
        method: "POST",
        body: {
          firstName,
          lastName,
          email,
          phone: phone ?? "",
          message,
          ...(honeypot ? { [CONTACT_HONEYPOT_FIELD]: honeypot } : {}),
        },
      });
      const thanks = typeof answer?.message === "string" && answer.message ? answer.message : t("sent.fallback");
      toast({ title: t("sent.title"), description: thanks });
      setValues(EMPTY);
    } catch (error) {
      const serverMessage = error instanceof ApiError ? error.serverMessage : undefined;
      const issues = issuesOf(error);
      if (issues.length) showProblems(rule(contactSummary(issues)), fieldErrors(issues));
      toast({ title: t("failed.title"), description: serverMessage ?? t("failed.fallback"), variant: "destructive" });
    } finally {
      setSending(false);
    }
  }

  function field(name: ContactField, label: string, options: { type?: string; autoComplete?: string; required?: boolean }) {
    const inputId = `${id}-${name}`;
    const errorId = `${inputId}-error`;
    const error = errors[name];
    const common = {
      id: inputId,
      name,
      value: values[name],
      onChange,
      maxLength: CONTACT_LIMITS[name],
      required: options.required ?? true,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? errorId : undefined,
      className: inputClass,
    };
    return (
      <div className={name === "message" ? "sm:col-span-2" : undefined}>
        <label htmlFor={inputId} className="block text-sm font-medium text-ink">
          {label}
          {options.required === false ? (
            <span className="font-normal text-stone-600"> {t("optional")}</span>
          ) : (
            <span aria-hidden="true" className="text-brand-600"> *</span>
          )}
        </label>
        {name === "message" ? (
          <textarea {...common} rows={5} />
        ) : (
          <input {...common} type={options.type ?? "text"} autoComplete={options.autoComplete} />
        )}
        {error && (
          <p id={errorId} className="mt-1 text-sm text-red-700">
            {fieldMessage(error)}
          </p>
        )}
      </div>
    );
  }

  return (
    <form
      ref={formRef}
      // Without JavaScript the button stays disabled; a POST keeps what was typed out of the URL.
      method="post"
      action="/contact"
      noValidate
      aria-busy={sending}
      aria-label={t("form.label")}
      onSubmit={onSubmit}
      className="grid gap-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:grid-cols-2"
    >
      {field("firstName", t(CONTACT_FIELD_KEYS.firstName), { autoComplete: "given-name" })}
      {field("lastName", t(CONTACT_FIELD_KEYS.lastName), { autoComplete: "family-name" })}
      {field("email", t(CONTACT_FIELD_KEYS.email), { type: "email", autoComplete: "email" })}
      {field("phone", t(CONTACT_FIELD_KEYS.phone), { type: "tel", autoComplete: "tel", required: false })}
      {field("message", t(CONTACT_FIELD_KEYS.message), {})}

      {/* Honeypot: off screen, out of the tab order and the accessibility tree; only bots fill it. */}
      <div aria-hidden="true" style={{ position: "absolute", left: "-10000px", width: 1, height: 1, overflow: "hidden" }}>
        <label htmlFor={`${id}-${CONTACT_HONEYPOT_FIELD}`}>{t("honeypot")}</label>
        <input
          ref={honeypotRef}
          id={`${id}-${CONTACT_HONEYPOT_FIELD}`}
          type="text"
          name={CONTACT_HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>

      <div className="sm:col-span-2">
        <div role="alert" aria-atomic="true" className="empty:hidden mb-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {summary}
        </div>
        <button
          type="submit"
          disabled={!ready || sending}
          className="w-full rounded-md bg-brand-600 px-6 py-3 font-semibold text-white shadow-sm transition-colors hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto"
        >
          {sending ? t("sending") : t("send")}
        </button>
        <p className="mt-2 text-xs text-stone-600">
          <span aria-hidden="true" className="text-brand-600">*</span> {t("requiredField")}
        </p>
      </div>
    </form>
  );
}
