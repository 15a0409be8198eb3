// What went wrong at Pay, kept on the page beside the order summary until the diner acts (a toast went
// away in seconds): the server's sentence, whether the card was charged (a refusal never charges; a lost
// answer may have, and paying again with the same attempt cannot charge twice), and the fix it names:
// remove the dish that cannot be ordered, or pick another time.
import { useEffect, useRef } from "react";
import type { Locale } from "../../domain/i18n/locales";
import { translator } from "../../domain/i18n/translate";
import { checkoutWords } from "../../domain/i18n/ui/checkout";
import { OrderSubmissionError } from "../../lib/orderSubmission";
import { cartLineKey, removeItem, type CartItem } from "../../stores/cart";

export interface PayProblemShown {
  title: string;
  message: string;
  /** A refusal (nothing reached the card) rather than an answer lost on the way. */
  notCharged: boolean;
  /** The cart's lines the refusal names (sold out, kitchen closed at that time). */
  remove: { key: string; name: string }[];
  /** The refusal is about the time ordered for (a pause, a full slot, hours). */
  pickTime: boolean;
}

/** The problem to show for a failed Pay: `items.<line>` names a line of the cart as sent, `slot` the time. */
export function payProblemOf(title: string, error: unknown, items: readonly CartItem[], fallback: string): PayProblemShown {
  const refused = error instanceof OrderSubmissionError ? !error.retryable : false;
  const paths = error instanceof OrderSubmissionError ? error.paths : [];
  const lines = new Set(paths.flatMap((path) => /^items\.(\d+)/.exec(path)?.[1] ?? []).map(Number));
  return {
    title,
    message: error instanceof Error ? error.message : fallback,
    notCharged: refused,
    remove: [...lines].flatMap((index) => (items[index] ? [{ key: cartLineKey(items[index]), name: items[index].name }] : [])),
    pickTime: paths.some((path) => path === "slot" || path.startsWith("slot.")),
  };
}

/** A problem found before anything was sent (a dish sold out since Continue, prices changed): nothing was charged. */
export const refusedBeforePaying = (title: string, message: string): PayProblemShown => ({ title, message, notCharged: true, remove: [], pickTime: false });

interface Props {
  problem: PayProblemShown;
  locale: Locale;
  onPickTime: () => void;
  onDone: () => void;
}

export default function PayProblem({ problem, locale, onPickTime, onDone }: Props) {
  const t = translator(checkoutWords, locale);
  const ref = useRef<HTMLDivElement>(null);
  // Brought into view and focus when it comes: on a phone the summary sits below the Pay button.
  useEffect(() => ref.current?.focus(), [problem]);
  return (
    <div ref={ref} role="alert" tabIndex={-1} className="mb-4 rounded-lg border-2 border-red-700 bg-red-50 p-4 text-red-900">
      <p className="font-bold">{problem.title}</p>
      <p className="mt-1">{problem.message}</p>
      <p className="mt-1 font-semibold">{problem.notCharged ? t("payProblem.notCharged") : t("payProblem.maybe")}</p>
      {(problem.remove.length > 0 || problem.pickTime) && (
        <div className="mt-3 flex flex-wrap gap-2">
          {problem.remove.map((line) => (
            <button key={line.key} type="button" onClick={() => (removeItem(line.key), onDone())} className="min-h-11 rounded-lg bg-red-800 px-4 font-semibold text-white hover:bg-red-900">
              {t("payProblem.remove", line.name)}
            </button>
          ))}
          {problem.pickTime && (
            <button type="button" onClick={() => (onPickTime(), onDone())} className="min-h-11 rounded-lg bg-red-800 px-4 font-semibold text-white hover:bg-red-900">
              {t("payProblem.pickTime")}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
