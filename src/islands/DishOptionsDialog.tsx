// The option dialog of a dish with option groups: temperature, add-ons, toppings, batter, milk...
// with each group's rule in words, sold-out options shown but not choosable, a quantity and a special
// instruction, and the price as chosen. A modal dialog: focus moves in and stays inside, Escape or
// Cancel closes it and focus returns to the button that opened it. Loaded only when first opened. In
// the page's language: the options' names come translated with the menu (GET /api/menu?lang=es).
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { useStore } from "@nanostores/react";
import {
  defaultChoice,
  describeChoice,
  LINE_NOTE_MAX,
  optionProblems,
  unitPriceWithOptions,
  visibleOptions,
  type ChosenOption,
  type OptionGroup,
} from "../domain/dishOptions";
import type { Locale } from "../domain/i18n/locales";
import { localPrice } from "../domain/i18n/prices";
import { translator } from "../domain/i18n/translate";
import { cartWords } from "../domain/i18n/ui/cart";
import type { MenuItemView } from "../domain/menuReadModel";
import { pageLocale } from "../lib/api";
import { ORDER_LIMITS } from "../domain/orderLimits";
import { addItem, type CartItemInput } from "../stores/cart";
import { $menuLoad, loadMenu } from "../stores/menu";
import { useModalDialog } from "./useModalDialog";

export interface DishRequest {
  /** The dish as its add button read it from the page (name, price, section...). */
  dish: CartItemInput;
  /** Called once the dish is in the cart (the page announces it, a featured card moves on). */
  onAdded: (added: CartItemInput) => void;
  /** Where focus goes back when the dialog closes. */
  opener: HTMLElement | null;
}

/** The page's language and its words, read once: a page never changes language. */
const locale: Locale = pageLocale();
const t = translator(cartWords, locale);

/** The group's rule as the dialog says it. */
export function ruleText(group: OptionGroup): string {
  if (group.min === group.max) return t("rule.exactly", group.min);
  if (group.min === 0) return t("rule.upTo", group.max);
  return t("rule.between", group.min, group.max);
}

const extraPrice = (cents: number) => (cents > 0 ? ` +${localPrice(cents, locale)}` : "");

function liveDish(id: number, sections: MenuItemView[] | undefined): MenuItemView | undefined {
  return sections?.find((item) => item.id === id);
}

export default function DishOptionsDialog({ request, onClose }: { request: DishRequest; onClose: () => void }) {
  const { dish } = request;
  const menu = useStore($menuLoad);
  const items = menu.answer?.sections.flatMap((section) => section.items);
  const live = liveDish(dish.id, items);
  const groups = live?.optionGroups;
  const [chosen, setChosen] = useState<ChosenOption[] | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [note, setNote] = useState("");
  const [showProblems, setShowProblems] = useState(false);
  const dialogRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const noteId = useId();

  useEffect(() => {
    void loadMenu();
  }, []);

  // The dialog opens with each group's defaults, once the dish's groups are known.
  useEffect(() => {
    if (groups && chosen === null) setChosen(defaultChoice(groups));
  }, [groups, chosen]);

  useModalDialog(true, dialogRef, headingRef, onClose);

  const picks = useMemo(() => chosen ?? [], [chosen]);
  const problems = useMemo(() => (groups ? optionProblems(dish.name, groups, picks, locale) : []), [groups, picks, dish.name]);
  const unit = live && groups ? unitPriceWithOptions(live.priceCents, groups, picks) : dish.price;

  const countIn = (groupId: string) => picks.filter((p) => p.groupId === groupId).reduce((sum, p) => sum + p.quantity, 0);
  const quantityOf = (groupId: string, optionId: string) => picks.find((p) => p.groupId === groupId && p.optionId === optionId)?.quantity ?? 0;
  const setPick = (group: OptionGroup, optionId: string, count: number) => {
    const others = picks.filter((p) => !(p.groupId === group.id && p.optionId === optionId));
    // A choose-one group swaps its choice instead of adding a second.
    const kept = group.max === 1 && count > 0 ? others.filter((p) => p.groupId !== group.id) : others;
    setChosen(count > 0 ? [...kept, { groupId: group.id, optionId, quantity: count }] : kept);
  };

  function add() {
    if (!groups || !live) return;
    if (problems.length > 0) {
      setShowProblems(true);
      return;
    }
    const input: CartItemInput = {
      ...dish,
      name: live.name,
      description: live.description,
      inStock: live.inStock,
      price: unit,
      options: describeChoice(groups, picks).map(({ squareId: _squareId, ...option }) => option),
      note: note.trim(),
    };
    if (addItem(input, quantity)) return; // refused: the cart store has told the visitor why
    onClose();
    request.onAdded(input);
  }

  return (
    <div className="fixed inset-0 z-[70] flex items-end justify-center sm:items-center">
      <div className="absolute inset-0 bg-black/50" aria-hidden="true" onClick={onClose} />
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="relative flex max-h-[90vh] w-full max-w-lg flex-col rounded-t-2xl bg-white text-ink shadow-2xl sm:rounded-2xl"
      >
        <div className="flex items-start justify-between gap-3 border-b border-stone-200 px-5 py-4">
          <div>
            <h2 id={titleId} ref={headingRef} tabIndex={-1} className="font-display text-xl font-bold">
              {live?.name ?? dish.name}
            </h2>
            <p className="text-sm text-stone-700">{localPrice(live?.priceCents ?? dish.price, locale)}</p>
          </div>
          <button
            type="button"
            onClick={onClose}
            aria-label={t("dialog.close")}
            className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full hover:bg-stone-100"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>

        <div className="flex-1 space-y-5 overflow-y-auto px-5 py-4">
          {!groups ? (
            menu.status === "error" ? (
              <div role="alert" className="space-y-2">
                <p>{t("dialog.loadFailed")}</p>
                <button type="button" className="rounded-md border border-stone-400 px-3 py-1 font-semibold" onClick={() => void loadMenu({ force: true })}>
                  {t("dialog.tryAgain")}
                </button>
              </div>
            ) : (
              <p role="status">{menu.answer && !live ? t("dialog.gone") : t("dialog.loading")}</p>
            )
          ) : (
            groups.map((group) => {
              const problem = showProblems ? problems.find((p) => p.groupId === group.id) : undefined;
              const full = countIn(group.id) >= group.max;
              return (
                <fieldset key={group.id} className="space-y-2">
                  <legend className="font-semibold">
                    {group.name} <span className="block text-sm font-normal text-stone-700">{ruleText(group)}</span>
                  </legend>
                  {problem && (
                    <p role="alert" className="text-sm font-semibold text-red-800">
                      {problem.message}
                    </p>
                  )}
                  {group.max === 1 ? (
                    <>
                      {group.min === 0 && (
                        <OptionLabel>
                          <input type="radio" name={group.id} checked={countIn(group.id) === 0} onChange={() => setChosen(picks.filter((p) => p.groupId !== group.id))} />
                          <span>{t("dialog.none")}</span>
                        </OptionLabel>
                      )}
                      {visibleOptions(group).map((option) => (
                        <OptionLabel key={option.id} disabled={option.soldOut}>
                          <input
                            type="radio"
                            name={group.id}
                            disabled={option.soldOut}
                            checked={quantityOf(group.id, option.id) > 0}
                            onChange={() => setPick(group, option.id, 1)}
                          />
                          <OptionText option={option} />
                        </OptionLabel>
                      ))}
                    </>
                  ) : group.allowQuantities ? (
                    visibleOptions(group).map((option) => {
                      const count = quantityOf(group.id, option.id);
                      return (
                        <div key={option.id} className="flex items-center justify-between gap-3 py-1">
                          <OptionText option={option} className={option.soldOut ? "text-stone-500" : undefined} />
                          <span className="flex items-center gap-2">
                            <button
                              type="button"
                              className="h-9 w-9 rounded-full border border-stone-400 disabled:opacity-40"
                              disabled={count === 0}
                              aria-label={t("dialog.fewer", option.name)}
                              onClick={() => setPick(group, option.id, count - 1)}
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
                              onClick={() => setPick(group, option.id, count + 1)}
                            >
                              +
                            </button>
                          </span>
                        </div>
                      );
                    })
                  ) : (
                    visibleOptions(group).map((option) => {
                      const checked = quantityOf(group.id, option.id) > 0;
                      const disabled = option.soldOut || (!checked && full);
                      return (
                        <OptionLabel key={option.id} disabled={disabled}>
                          <input type="checkbox" disabled={disabled} checked={checked} onChange={() => setPick(group, option.id, checked ? 0 : 1)} />
                          <OptionText option={option} />
                        </OptionLabel>
                      );
                    })
                  )}
                </fieldset>
              );
            })
          )}

          <div>
            <label htmlFor={noteId} className="block font-semibold">
              {t("dialog.instructions")} <span className="text-sm font-normal text-stone-700">{t("dialog.optional")}</span>
            </label>
            <textarea
              id={noteId}
              value={note}
              maxLength={LINE_NOTE_MAX}
              rows={2}
              placeholder={t("dialog.placeholder")}
              onChange={(event) => setNote(event.target.value)}
              className="mt-1 w-full rounded-md border border-stone-400 px-3 py-2"
              aria-describedby={`${noteId}-count`}
            />
            <p id={`${noteId}-count`} className="text-right text-xs text-stone-700">
              {note.length}/{LINE_NOTE_MAX}
            </p>
          </div>
        </div>

        <div className="flex items-center gap-3 border-t border-stone-200 px-5 py-4">
          <div className="flex items-center gap-2" role="group" aria-label={t("dialog.quantity")}>
            <button
              type="button"
              className="h-10 w-10 rounded-full border border-stone-400 text-lg disabled:opacity-40"
              disabled={quantity <= 1}
              aria-label={t("dialog.decrease")}
              onClick={() => setQuantity(quantity - 1)}
            >
              −
            </button>
            <span className="min-w-6 text-center font-semibold" aria-live="polite" aria-label={t("dialog.quantityIs", quantity)}>
              {quantity}
            </span>
            <button
              type="button"
              className="h-10 w-10 rounded-full border border-stone-400 text-lg disabled:opacity-40"
              disabled={quantity >= ORDER_LIMITS.maxQuantityPerLine}
              aria-label={t("dialog.increase")}
              onClick={() => setQuantity(quantity + 1)}
            >
              +
            </button>
          </div>
          <button
            type="button"
            onClick={add}
            // An out-of-stock dish still goes into the cart, as from a featured card: the sheet marks it.
            disabled={!groups || !live}
            className="flex-1 rounded-lg bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-700"
          >
            {t("dialog.add", localPrice(unit * quantity, locale))}
          </button>
        </div>
      </div>
    </div>
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
