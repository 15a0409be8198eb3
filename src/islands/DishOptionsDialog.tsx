// The option dialog of a dish with option groups: temperature, add-ons, toppings, batter, milk...
// with each group's rule in words (each group: DishOptionGroup.tsx), sold-out options shown but not choosable, a quantity and a special
// instruction, and the price as chosen. A modal dialog: focus moves in and stays inside, Escape or
// Cancel closes it and focus returns to the button that opened it. Loaded only when first opened. In
// the page's language: the options' names come translated with the menu (GET /api/menu?lang=es).
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useStore } from "@nanostores/react";
import {
  defaultChoice,
  describeChoice,
  LINE_NOTE_MAX,
  optionProblems,
  unitPriceWithOptions,
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
import { OptionGroupField } from "./DishOptionGroup";
import Icon from "./Icon";
import { CloseIcon } from "../lib/icons";

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
            <Icon icon={CloseIcon} size={20} />
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
            groups.map((group) => (
              <OptionGroupField
                key={group.id}
                group={group}
                problem={showProblems ? problems.find((p) => p.groupId === group.id)?.message : undefined}
                picks={picks}
                onPick={(optionId, count) => setPick(group, optionId, count)}
                onNone={() => setChosen(picks.filter((p) => p.groupId !== group.id))}
              />
            ))
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
