// The checkout's tip for the team (none, 15, 18 or 20 % of the subtotal before tax, or an amount of
// the diner's own) and the order's note for the kitchen. The choice is kept as text with the
// checkout's other details, so a reload in the middle of a payment resends the same tip. When DoorDash
// delivers, the tip is the Dasher's (the order passes it to DoorDash, who pays it on in full): it says so.
import { useId } from "react";
import { ORDER_NOTE_MAX, TIP_PERCENTS, tipAmount, tipProblem, type TipChoice } from "../../domain/dishOptions";
import type { Locale } from "../../domain/i18n/locales";
import { localPrice } from "../../domain/i18n/prices";
import { translator } from "../../domain/i18n/translate";
import { checkoutWords } from "../../domain/i18n/ui/checkout";
import { courierCheckoutWords } from "../../domain/i18n/ui/courierCheckout";
import { INPUT_CLASS } from "../../lib/formStyles";

/** "none", "15", "18", "20" or "custom", as a radio's value. */
export type TipOption = "none" | `${(typeof TIP_PERCENTS)[number]}` | "custom";

/** The choice as the tip rules read it; a custom amount that is not dollars and cents reads as NaN. */
export function tipChoiceOf(option: string, customDollars: string): TipChoice {
  if (option === "custom") {
    const text = customDollars.trim().replace(/^\$/, "");
    const cents = /^\d+(\.\d{1,2})?$/.test(text) ? Math.round(Number(text) * 100) : Number.NaN;
    return { kind: "custom", amount: text === "" ? 0 : cents };
  }
  const percent = Number(option);
  return TIP_PERCENTS.includes(percent as (typeof TIP_PERCENTS)[number]) ? { kind: "percent", percent } : { kind: "none" };
}

/** The tip in cents and why it cannot be taken, if it cannot (in the page's language). */
export function tipOf(subtotal: number, option: string, customDollars: string, locale: Locale = "en"): { cents: number; problem: string | null } {
  const cents = tipAmount(subtotal, tipChoiceOf(option, customDollars));
  const problem = tipProblem(subtotal, cents);
  // The same rule as the server's (tipProblem), worded by the page: a bad amount, or one above the subtotal.
  const worded = problem === null || locale === "en" ? problem : translator(checkoutWords, locale)(cents > subtotal ? "tip.tooMuch" : "tip.invalid");
  return { cents: Number.isNaN(cents) ? 0 : cents, problem: worded };
}

interface Props {
  subtotal: number;
  option: string;
  customDollars: string;
  note: string;
  onOption: (option: TipOption) => void;
  onCustom: (dollars: string) => void;
  onNote: (note: string) => void;
  locale?: Locale;
  /** A courier (DoorDash) delivers this order: the tip is the driver's. */
  courier?: boolean;
}

export default function TipAndNote({ subtotal, option, customDollars, note, onOption, onCustom, onNote, locale = "en", courier = false }: Props) {
  const customId = useId();
  const noteId = useId();
  const t = translator(checkoutWords, locale);
  const courierText = translator(courierCheckoutWords, locale);
  const { problem } = tipOf(subtotal, option, customDollars, locale);
  const choices: { value: TipOption; label: string }[] = [
    { value: "none", label: t("tip.none") },
    ...TIP_PERCENTS.map((percent) => ({
      value: String(percent) as TipOption,
      // No subtotal yet (the server's HTML, before the cart is read): the percentage alone, never "$0.00".
      label: subtotal > 0 ? `${percent}% (${localPrice(tipAmount(subtotal, { kind: "percent", percent }), locale)})` : `${percent}%`,
    })),
    { value: "custom", label: t("tip.custom") },
  ];
  return (
    <>
      <fieldset>
        <legend className="font-display text-xl font-bold">{courier ? courierText("tipLegend") : t("tip.legend")}</legend>
        <p className="mt-1 text-sm text-stone-700">{courier ? courierText("tipText") : t("tip.text")}</p>
        <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-5">
          {choices.map((choice) => (
            <label
              key={choice.value}
              className="flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-lg border border-stone-300 bg-white px-2 text-sm font-semibold has-[:checked]:border-brand-600 has-[:checked]:ring-2 has-[:checked]:ring-brand-600/30"
            >
              <input type="radio" name="tip" value={choice.value} checked={option === choice.value} onChange={() => onOption(choice.value)} />
              {choice.label}
            </label>
          ))}
        </div>
        {option === "custom" && (
          <div className="mt-3 max-w-48">
            <label htmlFor={customId} className="block text-sm font-semibold">
              {t("tip.customLabel")}
            </label>
            <input
              id={customId}
              inputMode="decimal"
              value={customDollars}
              onChange={(event) => onCustom(event.target.value)}
              className={INPUT_CLASS}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${customId}-problem` : undefined}
            />
          </div>
        )}
        {problem && (
          <p id={`${customId}-problem`} role="alert" className="mt-1 text-sm text-red-800">
            {problem}
          </p>
        )}
      </fieldset>

      <div>
        <label htmlFor={noteId} className="block font-display text-xl font-bold">
          {t("note.label")} <span className="text-sm font-normal text-stone-700">{t("note.optional")}</span>
        </label>
        <textarea
          id={noteId}
          data-checkout-field="orderNote"
          value={note}
          rows={3}
          maxLength={ORDER_NOTE_MAX}
          placeholder={t("note.hint")}
          onChange={(event) => onNote(event.target.value)}
          className={INPUT_CLASS}
          aria-describedby={`${noteId}-count`}
        />
        <p id={`${noteId}-count`} className="text-right text-xs text-stone-700">
          {note.length}/{ORDER_NOTE_MAX}
        </p>
      </div>
    </>
  );
}
