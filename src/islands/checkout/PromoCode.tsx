// The checkout's code field, collapsed under "Have a code?": a code from the link or typed here is
// asked of the server (POST /api/offers/check), which answers its label, its discount and the totals
// Square will charge; the checkout then shows those and sends the code with the order. The cart, the
// order type, the courier's quote or the contact changing asks again. A refused code keeps its text in
// the field with the server's one sentence under it, and is forgotten until Apply is pressed again (so a
// refused code costs no more tries).
import { useStore } from "@nanostores/react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import type { Locale } from "../../domain/i18n/locales";
import { localPrice } from "../../domain/i18n/prices";
import { translator } from "../../domain/i18n/translate";
import { promoCodeWords } from "../../domain/i18n/ui/promoCode";
import { INPUT_CLASS } from "../../lib/formStyles";
import { apiRequest } from "../../lib/api";
import { $promoCode, promoCodeOf, setPromoCode } from "../../stores/promoCode";
import { checkBody, refusalSentence, type AppliedOffer, type CheckInput } from "./promoCheck";

export type { AppliedOffer };

/** A code that applied and then stopped applying, with the server's sentence why. */
export interface DroppedCode {
  code: string;
  reason: string;
}

/** A change of the cart is asked about once it settles (a quantity tapped up three times is one try). */
const SETTLE_MS = 300;

interface Props extends CheckInput {
  /** While a payment is under way (or kept for a retry), the code cannot change. */
  locked: boolean;
  locale: Locale;
  onApplied: (offer: AppliedOffer | null) => void;
  /** Told when an applied code is refused on a later check (and null once a code applies or is removed). */
  onDropped?: (dropped: DroppedCode | null) => void;
}

export default function PromoCode({ locked, locale, onApplied, onDropped, ...input }: Props) {
  const t = translator(promoCodeWords, locale);
  const id = useId();
  const wanted = useStore($promoCode);
  // Closed and empty as rendered on the server: a kept code opens it once awake (the effect below).
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [applied, setApplied] = useState<AppliedOffer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);
  /** Set by Apply: the answer then takes the focus (the form it was in is replaced, or shows its problem). */
  const focusAnswer = useRef(false);
  const reported = useRef(onApplied);
  reported.current = onApplied;
  const droppedTo = useRef(onDropped);
  droppedTo.current = onDropped;
  /** The code the last answer applied: a refusal of it is a code that stopped applying, not a typo. */
  const appliedCode = useRef<string | null>(null);
  const key = JSON.stringify(checkBody(input));

  useEffect(() => {
    if (!wanted) {
      setApplied(null);
      setChecking(false);
      reported.current(null);
      return;
    }
    setTyped((current) => (promoCodeOf(current) === wanted ? current : wanted));
    setOpen(true);
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setChecking(true);
      apiRequest<AppliedOffer>("/api/offers/check", { body: { ...(JSON.parse(key) as object), code: wanted }, signal: controller.signal })
        .then((answer) => {
          if (controller.signal.aborted) return;
          setChecking(false);
          setApplied(answer);
          setProblem(null);
          reported.current(answer);
          appliedCode.current = answer.code;
          droppedTo.current?.(null);
          focusAfterAnswer(removeRef);
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          // Before the code is forgotten: forgetting it ends this effect (and aborts its controller).
          setChecking(false);
          setApplied(null);
          reported.current(null);
          const reason = refusalSentence(error, t("failed"));
          if (appliedCode.current === wanted) droppedTo.current?.({ code: wanted, reason });
          appliedCode.current = null;
          setProblem(reason);
          setPromoCode(null);
          focusAfterAnswer(inputRef);
        });
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `t` follows the page's language, which does not change while it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted, key]);

  /** After an Apply, where the answer is: Remove once applied (the form is gone), else the field with its problem. */
  function focusAfterAnswer(target: { current: HTMLElement | null }) {
    if (!focusAnswer.current) return;
    focusAnswer.current = false;
    requestAnimationFrame(() => target.current?.focus());
  }

  function apply(event: FormEvent) {
    event.preventDefault();
    if (checking) return;
    const code = promoCodeOf(typed);
    if (!code) {
      setProblem(typed.trim() ? t("malformed") : t("empty"));
      inputRef.current?.focus();
      return;
    }
    setProblem(null);
    focusAnswer.current = true;
    setPromoCode(code);
  }

  function remove() {
    appliedCode.current = null;
    droppedTo.current?.(null);
    setPromoCode(null);
    setTyped("");
    setProblem(null);
    setApplied(null);
    setChecking(false);
    // The field stays open, so focus has somewhere to go.
    requestAnimationFrame(() => inputRef.current?.focus());
  }

  const problemId = `${id}-problem`;
  return (
    <div className="mb-6 rounded-lg border border-stone-200 bg-white p-4">
      {!open ? (
        <button
          type="button"
          aria-expanded="false"
          className="min-h-11 font-semibold text-brand-700 underline"
          onClick={() => {
            setOpen(true);
            requestAnimationFrame(() => inputRef.current?.focus());
          }}
        >
          {t("toggle")}
        </button>
      ) : applied ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p>
            <span className="font-semibold">{t("applied", applied.code)}</span>
            <span className="block text-sm text-stone-700">{applied.label}</span>
            <span className="block text-sm font-semibold text-green-800">{`\u2212${localPrice(applied.discount, locale)}`}</span>
          </p>
          <button ref={removeRef} type="button" aria-label={t("removeCode", applied.code)} className="min-h-11 rounded-md border border-stone-300 px-3 text-sm font-semibold" disabled={locked} onClick={remove}>
            {t("remove")}
          </button>
        </div>
      ) : (
        <form onSubmit={apply} noValidate>
          <label htmlFor={`${id}-code`} className="block text-sm font-semibold">
            {t("label")}
          </label>
          <div className="mt-1 flex gap-2">
            <input
              ref={inputRef}
              id={`${id}-code`}
              className={`${INPUT_CLASS} mt-0 flex-1 uppercase`}
              value={typed}
              maxLength={40}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              disabled={locked}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? problemId : undefined}
              onChange={(event) => setTyped(event.target.value)}
            />
            <button type="submit" className="min-h-11 rounded-md bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60" disabled={locked} aria-busy={checking || undefined}>
              {checking ? t("checking") : t("apply")}
            </button>
          </div>
          {problem && (
            <p id={problemId} role="alert" className="mt-1 text-sm text-red-800">
              {problem}
            </p>
          )}
        </form>
      )}
      <p role="status" className="sr-only">
        {applied ? `${t("applied", applied.code)}: ${applied.label}, \u2212${localPrice(applied.discount, locale)}` : ""}
      </p>
    </div>
  );
}
