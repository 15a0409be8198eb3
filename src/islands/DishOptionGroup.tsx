// One option group of the dish dialog: its name and rule in words, its problem once the diner has tried
// to add, and its options as radio buttons (choose one), counters (several of each) or checkboxes.
import type { ReactNode } from "react";
import { visibleOptions, type ChosenOption, type OptionGroup } from "../domain/dishOptions";
import type { Locale } from "../domain/i18n/locales";
import { localPrice } from "../domain/i18n/prices";
import { translator } from "../domain/i18n/translate";
import { cartWords } from "../domain/i18n/ui/cart";
import { pageLocale } from "../lib/api";

/** The page's language and its words, read once: a page never changes language. */
const locale: Locale = pageLocale();
const t = translator(cartWords, locale);

/** The group's rule as the dialog says it. */
function ruleText(group: OptionGroup): string {
  if (group.min === group.max) return t("rule.exactly", group.min);
  if (group.min === 0) return t("rule.upTo", group.max);
  return t("rule.between", group.min, group.max);
}

const extraPrice = (cents: number) => (cents > 0 ? ` +${localPrice(cents, locale)}` : "");

interface OptionGroupFieldProps {
  group: OptionGroup;
  /** What is wrong with the choice in this group, shown once the diner has tried to add. */
  problem?: string;
  /** Every choice in the dialog so far. */
  picks: ChosenOption[];
  /** Sets how many of an option are chosen (0 takes it out). */
  onPick: (optionId: string, count: number) => void;
  /** Chooses none in this group (a choose-one group that may stay empty). */
  onNone: () => void;
}

export function OptionGroupField({ group, problem, picks, onPick, onNone }: OptionGroupFieldProps) {
  const inGroup = picks.filter((p) => p.groupId === group.id);
  const chosenCount = inGroup.reduce((sum, p) => sum + p.quantity, 0);
  const quantityOf = (optionId: string) => inGroup.find((p) => p.optionId === optionId)?.quantity ?? 0;
  const full = chosenCount >= group.max;
  return (
    <fieldset className="space-y-2">
      <legend className="font-semibold">
        {group.name} <span className="block text-sm font-normal text-stone-700">{ruleText(group)}</span>
      </legend>
      {problem && (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {problem}
        </p>
      )}
      {group.max === 1 ? (
        <>
          {group.min === 0 && (
            <OptionLabel>
              <input type="radio" name={group.id} checked={chosenCount === 0} onChange={onNone} />
              <span>{t("dialog.none")}</span>
            </OptionLabel>
          )}
          {visibleOptions(group).map((option) => (
            <OptionLabel key={option.id} disabled={option.soldOut}>
              <input
                type="radio"
                name={group.id}
                disabled={option.soldOut}
                checked={quantityOf(option.id) > 0}
                onChange={() => onPick(option.id, 1)}
              />
              <OptionText option={option} />
            </OptionLabel>
          ))}
        </>
      ) : group.allowQuantities ? (
        visibleOptions(group).map((option) => {
          const count = quantityOf(option.id);
          return (
            <div key={option.id} className="flex items-center justify-between gap-3 py-1">
              <OptionText option={option} className={option.soldOut ? "text-stone-500" : undefined} />
              <span className="flex items-center gap-2">
                <button
                  type="button"
                  className="h-9 w-9 rounded-full border border-stone-400 disabled:opacity-40"
                  disabled={count === 0}
                  aria-label={t("dialog.fewer", option.name)}
                  onClick={() => onPick(option.id, count - 1)}
                >
                  −
                </button>
                <span className="min-w-6 text-center font-semibold" aria-label={t("dialog.optionCount", option.name, count)}>
                  {count}
                </span>
                <button
                  type="button"
                  className="h-9 w-9 rounded-full border border-stone-400 disabled:opacity-40"
                  disabled={option.soldOut || full}
                  aria-label={t("dialog.more", option.name)}
                  onClick={() => onPick(option.id, count + 1)}
                >
                  +
                </button>
              </span>
            </div>
          );
        })
      ) : (
        visibleOptions(group).map((option) => {
          const checked = quantityOf(option.id) > 0;
          const disabled = option.soldOut || (!checked && full);
          return (
            <OptionLabel key={option.id} disabled={disabled}>
              <input type="checkbox" disabled={disabled} checked={checked} onChange={() => onPick(option.id, checked ? 0 : 1)} />
              <OptionText option={option} />
            </OptionLabel>
          );
        })
      )}
    </fieldset>
  );
}

/** An option as the diner reads it: its name, its price when it adds one, and whether it is sold out. */
function OptionText({ option, className }: { option: { name: string; price: number; soldOut?: boolean }; className?: string }) {
  return (
    <span className={className}>
      {option.name}
      {extraPrice(option.price)}
      {option.soldOut && t("dialog.soldOut")}
    </span>
  );
}

function OptionLabel({ children, disabled }: { children: ReactNode; disabled?: boolean }) {
  return (
    <label className={`flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 hover:bg-stone-50 ${disabled ? "cursor-not-allowed text-stone-500" : ""}`}>
      {children}
    </label>
  );
}
