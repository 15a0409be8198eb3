// The gift card page's purchase: an amount ($25, $50, $100 or one of $10 to $500), the recipient, an
// optional plain-text message (at most 200 characters, previewed quoted and labelled, never a link), the
// buyer; then the checkout's own payment step (Square's card form and wallets, or the TEST MODE form), and
// the answer: on its way, or charged and being issued.
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { GIFT_CARD_LIMITS, GIFT_CARD_PRESETS, type GiftCardSaleAnswer } from "../domain/giftCards";
import { EMAIL_PATTERN } from "../domain/checkoutCustomer";
import type { Locale } from "../domain/i18n/locales";
import { localPrice } from "../domain/i18n/prices";
import { translator } from "../domain/i18n/translate";
import { giftCardWords } from "../domain/i18n/ui/giftCards";
import { ApiError, apiRequest } from "../lib/api";
import { INPUT_CLASS } from "../lib/formStyles";
import { toast } from "../stores/toasts";
import { readEarlyInput, showAndFocus } from "./giftCardEarlyInput";
import PaymentStep, { type PaidWith } from "./checkout/PaymentStep";

interface Props {
  locale?: Locale;
  phone: string;
}

type Field = "recipientName" | "recipientEmail" | "buyerName" | "buyerEmail" | "message" | "amount";
const TEXT_FIELDS = ["recipientName", "recipientEmail", "message", "buyerName", "buyerEmail"] as const;

/** 128 random bits as hex: one key per purchase attempt, so a double click buys once. */
function newKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

export default function GiftCardShop({ locale = "en", phone }: Props) {
  const t = translator(giftCardWords, locale);
  const id = useId();
  const [preset, setPreset] = useState<number | "custom">(5_000);
  const [custom, setCustom] = useState("");
  const [form, setForm] = useState({ recipientName: "", recipientEmail: "", message: "", buyerName: "", buyerEmail: "" });
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [step, setStep] = useState<"details" | "payment" | "done">("details");
  const [submitting, setSubmitting] = useState(false);
  const [result, setResult] = useState<GiftCardSaleAnswer | null>(null);
  const [failure, setFailure] = useState("");
  const attempt = useRef<{ key: string; token: string; verificationToken?: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const doneRef = useRef<HTMLElement>(null);
  const failureRef = useRef<HTMLParagraphElement>(null);

  // Typed or picked before the script woke up: the page's inputs hold it, the state does not yet.
  useEffect(() => {
    const early = readEarlyInput(formRef.current, TEXT_FIELDS);
    if (Object.keys(early.fields).length > 0) setForm((current) => ({ ...current, ...early.fields }));
    if (early.preset !== null && early.preset !== 5_000) setPreset(early.preset);
    if (early.custom) setCustom(early.custom);
  }, []);
  useEffect(() => {
    if (step === "done") showAndFocus(doneRef.current);
  }, [step]);
  useEffect(() => {
    if (failure) showAndFocus(failureRef.current);
  }, [failure]);

  const amountCents = preset === "custom" ? Math.round(Number(custom.replace(",", ".")) * 100) : preset;

  function validate(): boolean {
    const found: Partial<Record<Field, string>> = {};
    if (!Number.isFinite(amountCents) || amountCents < GIFT_CARD_LIMITS.minCents || amountCents > GIFT_CARD_LIMITS.maxCents) found.amount = t("amount.rule");
    for (const field of ["recipientName", "buyerName"] as const) if (!form[field].trim()) found[field] = t("field.required");
    for (const field of ["recipientEmail", "buyerEmail"] as const) if (!EMAIL_PATTERN.test(form[field].trim())) found[field] = t("field.email");
    if (form.message.length > GIFT_CARD_LIMITS.messageMax) found.message = t("field.messageTooLong");
    setProblems(found);
    // Every problem is shown at once; the diner is taken to the first.
    requestAnimationFrame(() => showAndFocus(formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? null));
    return Object.keys(found).length === 0;
  }

  function toPayment(event: FormEvent) {
    event.preventDefault();
    if (validate()) setStep("payment");
  }

  async function pay({ token, verificationToken }: PaidWith) {
    // A retry of the same attempt keeps its key (and the bank's check of its token); a new card entry after
    // a refusal starts a new attempt.
    attempt.current = attempt.current?.token === token ? attempt.current : { key: newKey(), token, ...(verificationToken ? { verificationToken } : {}) };
    const verified = verificationToken ?? attempt.current.verificationToken;
    setSubmitting(true);
    setFailure("");
    try {
      const answer = await apiRequest<GiftCardSaleAnswer>("/api/gift-cards", {
        headers: { "idempotency-key": attempt.current.key },
        body: {
          amount: amountCents / 100,
          recipient: { name: form.recipientName.trim(), email: form.recipientEmail.trim() },
          buyer: { name: form.buyerName.trim(), email: form.buyerEmail.trim() },
          message: form.message.trim(),
          paymentToken: token,
          // Square's buyer verification of a wallet's token, as the checkout sends it.
          ...(verified ? { verificationToken: verified } : {}),
        },
      });
      attempt.current = null;
      setResult(answer);
      setStep("done");
    } catch (error) {
      // Refused before any charge: the next try is a new attempt with a new card entry.
      if (error instanceof ApiError && error.status < 500) attempt.current = null;
      const description = error instanceof ApiError && error.serverMessage ? error.serverMessage : t("refused.notReached");
      setFailure(`${t("failed.title")} ${description}`);
      toast({ title: t("failed.title"), description, variant: "destructive" });
    } finally {
      setSubmitting(false);
    }
  }

  if (step === "done" && result) {
    return (
      <section ref={doneRef} tabIndex={-1} role="status" className="mt-6 rounded-xl border border-green-300 bg-green-50 p-6">
        <h2 className="font-display text-2xl font-bold">{t("done.title")}</h2>
        <p className="mt-2">{result.status === "activated" ? t("done.body", form.recipientName, form.recipientEmail) : t("done.pending")}</p>
        <p className="mt-2 text-sm text-stone-700">{t("done.number", result.saleId)}</p>
        <button
          type="button"
          className="mt-4 rounded-lg border border-brand-600 px-4 py-2 font-semibold text-brand-700"
          onClick={() => {
            setForm({ ...form, recipientName: "", recipientEmail: "", message: "" });
            setResult(null);
            setStep("details");
          }}
        >
          {t("done.another")}
        </button>
      </section>
    );
  }

  const field = (name: Exclude<Field, "amount" | "message">, label: string, type = "text") => (
    <label className="block">
      <span className="font-semibold">{label}</span>
      <input
        className={INPUT_CLASS}
        type={type}
        name={name}
        value={form[name]}
        maxLength={type === "email" ? GIFT_CARD_LIMITS.emailMax : GIFT_CARD_LIMITS.nameMax}
        autoComplete={name.startsWith("buyer") ? (type === "email" ? "email" : "name") : "off"}
        aria-invalid={Boolean(problems[name])}
        aria-describedby={problems[name] ? `${id}-${name}-problem` : undefined}
        onChange={(event) => setForm({ ...form, [name]: event.target.value })}
        disabled={step === "payment"}
      />
      {problems[name] && (
        <span id={`${id}-${name}-problem`} className="mt-1 block text-sm text-red-800">
          {problems[name]}
        </span>
      )}
    </label>
  );

  return (
    <div className="mt-6">
      <form ref={formRef} onSubmit={toPayment} noValidate className="grid gap-6">
        <fieldset disabled={step === "payment"}>
          <legend className="text-lg font-bold">{t("amount.legend")}</legend>
          <div role="radiogroup" aria-label={t("amount.legend")} className="mt-2 flex flex-wrap gap-2">
            {[...GIFT_CARD_PRESETS, "custom" as const].map((choice) => (
              <label key={choice} className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-stone-300 bg-white px-4 has-[:checked]:border-brand-600 has-[:checked]:ring-2 has-[:checked]:ring-brand-600/30">
                <input type="radio" name={`${id}-amount`} data-amount={String(choice)} checked={preset === choice} onChange={() => setPreset(choice)} />
                {choice === "custom" ? t("amount.custom") : localPrice(choice, locale)}
              </label>
            ))}
          </div>
          {preset === "custom" && (
            <label className="mt-3 block sm:max-w-xs">
              <span className="font-semibold">{t("amount.customLabel")}</span>
              <input className={INPUT_CLASS} name="customAmount" inputMode="decimal" value={custom} onChange={(event) => setCustom(event.target.value)} aria-invalid={Boolean(problems.amount)} />
            </label>
          )}
          {problems.amount && <p className="mt-1 text-sm text-red-800">{problems.amount}</p>}
        </fieldset>
        <fieldset disabled={step === "payment"} className="grid gap-3 sm:grid-cols-2">
          <legend className="text-lg font-bold">{t("recipient.legend")}</legend>
          {field("recipientName", t("recipient.name"))}
          {field("recipientEmail", t("recipient.email"), "email")}
          <label className="block sm:col-span-2">
            <span className="font-semibold">{t("message.label")}</span>
            <textarea
              className={INPUT_CLASS}
              rows={3}
              maxLength={GIFT_CARD_LIMITS.messageMax}
              name="message"
              value={form.message}
              aria-describedby={`${id}-message-hint`}
              onChange={(event) => setForm({ ...form, message: event.target.value })}
            />
            <span id={`${id}-message-hint`} className="mt-1 block text-sm text-stone-600">
              {t("message.hint", GIFT_CARD_LIMITS.messageMax - form.message.length)}
            </span>
          </label>
        </fieldset>
        <fieldset disabled={step === "payment"} className="grid gap-3 sm:grid-cols-2">
          <legend className="text-lg font-bold">{t("buyer.legend")}</legend>
          {field("buyerName", t("buyer.name"))}
          {field("buyerEmail", t("buyer.email"), "email")}
        </fieldset>
        {step === "details" && (
          <button type="submit" className="rounded-lg bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700">
            {t("continue")}
          </button>
        )}
      </form>
      {step === "payment" && (
        <section className="mt-6 rounded-xl border border-stone-200 bg-white p-4">
          <p className="font-semibold">{t("summary", localPrice(amountCents, locale), form.recipientName.trim())}</p>
          {form.message.trim() && (
            <figure className="mt-2">
              <figcaption className="text-sm text-stone-600">{t("mail.messageLabel", form.buyerName.trim())}</figcaption>
              <blockquote className="mt-1 whitespace-pre-wrap border-l-4 border-brand-600 pl-3 italic">“{form.message.trim()}”</blockquote>
            </figure>
          )}
          <button type="button" className="mt-2 text-sm font-semibold text-brand-700 underline" onClick={() => setStep("details")} disabled={submitting}>
            {t("edit")}
          </button>
          {failure && (
            <p ref={failureRef} tabIndex={-1} role="alert" className="mt-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
              {failure}
            </p>
          )}
          <PaymentStep
            totalCents={amountCents}
            billing={{ name: form.buyerName.trim(), email: form.buyerEmail.trim(), phone: "" }}
            submitting={submitting}
            retainedToken={attempt.current?.token ?? null}
            onToken={pay}
            phone={phone}
            locale={locale}
            // A gift card is money out: the server takes a card only with its bank's check (verifyBuyer).
            verifyCards
          />
        </section>
      )}
    </div>
  );
}
