// The cart side sheet: lines with their options and notes and quantity controls, totals, and the way to checkout. A
// modal dialog: focus moves in when it opens, Tab stays inside, Escape closes it. Lines whose dish is
// out of stock or whose kitchen is closed at the time ordered for are marked, and block "Proceed to Checkout"
// until removed (one tap for them all) or, for a closed kitchen, pre-ordered for when it opens; a pause of
// online ordering blocks it too (src/stores/cartProblems.ts). In the page's language; the cart itself is the same in both (one store), so a change of language keeps it.
import { useEffect, useRef } from "react";
import { useStore } from "@nanostores/react";
import { choiceText } from "../domain/dishOptions";
import { localizedPath } from "../domain/i18n/locales";
import { localPrice } from "../domain/i18n/prices";
import { translator, type Translate } from "../domain/i18n/translate";
import { cartWords } from "../domain/i18n/ui/cart";
import { orderingForLabel, preorderLabel } from "../domain/orderingState";
import { scheduleForLabel } from "../domain/pauseBanner";
import { pageLocale } from "../lib/api";
import { prefetchPage } from "../lib/prefetchPage";
import { checkCart, removeUnavailable } from "../stores/cartProblems";
import { $orderFor, chosenTime, setOrderFor } from "../stores/orderTime";
import OrderTotals from "./OrderTotals";
import { computeTotals, lineTotal } from "../domain/pricing";
import type { MenuItemView } from "../domain/menuReadModel";
import { $promoCode } from "../stores/promoCode";
import { $cart, $cartCount, $cartOpen, $cartTotals, cartLineKey, removeItem, setOpen, updateQuantity, type CartItem } from "../stores/cart";
import { $menuLoad, loadMenu } from "../stores/menu";
import { useNowEveryMinute } from "./useNow";
import { useModalDialog } from "./useModalDialog";
import Icon from "./Icon";
import { AlertIcon, CloseIcon, MinusIcon, PlusIcon } from "../lib/icons";

/** The page's language and its words, read once: a page never changes language. */
const locale = pageLocale();
const t: Translate<typeof cartWords> = translator(cartWords, locale);

/**
 * A line as this page's language says it: the description and the options' names of the menu's latest
 * answer (in the page's language) over the words it was added with, which may be the other language's.
 */
function inPageWords(line: CartItem, current: MenuItemView | undefined): Pick<CartItem, "description" | "options"> {
  if (!current) return line;
  const options = line.options?.map((option) => {
    const group = current.optionGroups.find((entry) => entry.id === option.groupId);
    const name = group?.options.find((entry) => entry.id === option.optionId)?.name;
    return name ? { ...option, groupName: group!.name, name } : option;
  });
  return { description: current.description, ...(options ? { options } : {}) };
}

/** Closing the sheet, one function for the dialog's Escape. */
const closeSheet = () => setOpen(false);

export default function CartSheet() {
  const open = useStore($cartOpen);
  const cart = useStore($cart);
  const count = useStore($cartCount);
  const totals = useStore($cartTotals);
  // A code from a link, named here as on the menu: the checkout applies it (the server prices it there).
  const linkedCode = useStore($promoCode);
  const menu = useStore($menuLoad);
  const now = useNowEveryMinute();
  const orderFor = useStore($orderFor);
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (open) void loadMenu();
  }, [open]);
  // The checkout's page on its way while the diner reads the sheet: the tap on "Proceed to Checkout" then waits for no server.
  const hasItems = cart.items.length > 0;
  useEffect(() => {
    if (open && hasItems) prefetchPage(locale === "es" ? "/es/checkout" : "/checkout");
  }, [open, hasItems]);
  useModalDialog(open, dialogRef, closeRef, closeSheet);

  if (!open) return null;

  const check = checkCart(cart.items, menu.answer, now, orderFor, locale);
  const { problems, soldOut } = check;
  // A sold-out dish stays listed (with its one-tap removal) but counts in no total.
  const shownTotals = soldOut.some(Boolean)
    ? computeTotals(cart.items.filter((_, index) => !soldOut[index]).map((item) => ({ unitPrice: item.price, quantity: item.quantity })), cart.deliveryFee)
    : totals;
  const menuItems = menu.answer?.sections.flatMap((section) => section.items);
  const unavailable = problems.filter(Boolean).length;
  const later = now ? chosenTime(orderFor, now) : null;

  function checkout() {
    setOpen(false);
    window.location.assign(localizedPath(locale, "/checkout"));
  }

  return (
    <div className="fixed inset-0 z-[60]">
      <div className="absolute inset-0 bg-black/50" aria-hidden="true" onClick={() => setOpen(false)} />
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby="cart-sheet-title"
        className="absolute inset-y-0 right-0 flex w-full max-w-md flex-col overflow-y-auto bg-white text-ink shadow-2xl"
      >
        <div className="flex items-center justify-between border-b border-stone-200 px-5 py-4">
          <h2 id="cart-sheet-title" className="font-display text-xl font-bold">
            {t("sheet.title", count)}
          </h2>
          <button
            ref={closeRef}
            type="button"
            onClick={() => setOpen(false)}
            aria-label={t("sheet.close")}
            className="inline-flex h-10 w-10 items-center justify-center rounded-full hover:bg-stone-100"
          >
            <Icon icon={CloseIcon} size={20} />
          </button>
        </div>

        {cart.items.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-2 px-6 text-center">
            <p className="text-lg font-semibold">{t("sheet.empty")}</p>
            <p className="text-stone-600">{t("sheet.emptyText")}</p>
          </div>
        ) : (
          <ul className="min-h-32 flex-1 divide-y divide-stone-200 overflow-y-auto px-5" aria-label={t("sheet.lines")}>
            {cart.items.map((line, index) => (
              <CartLine key={cartLineKey(line)} line={line} shown={inPageWords(line, menuItems?.find((item) => item.id === line.id))} problem={problems[index]} soldOut={soldOut[index] ?? false} />
            ))}
          </ul>
        )}

        <div className="border-t border-stone-200 px-5 py-4">
          <OrderTotals totals={shownTotals} locale={locale} className="space-y-1 text-sm" />
          {linkedCode && <p className="mt-3 text-sm font-semibold text-green-900">{t("code.later").replace("{code}", linkedCode)}</p>}
          {later && now && !check.blocked && <p className="mt-3 text-sm font-semibold">{orderingForLabel(later, now, locale)}</p>}
          {check.paused && (
            <div role="alert" className="mt-3 space-y-2 rounded-lg bg-amber-100 px-3 py-2 text-sm font-semibold text-ink">
              <p>{check.paused}</p>
              {check.preorderAt && now && (
                <button type="button" onClick={() => setOrderFor(check.preorderAt!.toISOString())} className="min-h-11 rounded-lg bg-ink px-3 text-sm font-semibold text-white">
                  {scheduleForLabel(check.preorderAt, now, locale)}
                </button>
              )}
            </div>
          )}
          {unavailable > 0 && !check.paused && (
            <div role="alert" className="mt-3 space-y-2">
              <p className="text-sm text-red-800">{t("sheet.someProblems")}</p>
              <div className="flex flex-wrap gap-2">
                {check.preorderAt && now && (
                  <button type="button" onClick={() => setOrderFor(check.preorderAt!.toISOString())} className="min-h-11 rounded-lg bg-ink px-3 text-sm font-semibold text-white">
                    {preorderLabel(check.preorderAt, now, locale)}
                  </button>
                )}
                <button
                  type="button"
                  onClick={() => removeUnavailable(cart.items, problems)}
                  className="min-h-11 rounded-lg border border-red-800 px-3 text-sm font-semibold text-red-800 hover:bg-red-50"
                >
                  {t("sheet.removeUnavailable", unavailable)}
                </button>
              </div>
            </div>
          )}
          <button
            type="button"
            disabled={cart.items.length === 0 || check.blocked}
            onClick={checkout}
            className="mt-4 w-full rounded-lg bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-700"
          >
            {t("sheet.checkout")}
          </button>
        </div>
      </div>
    </div>
  );
}

function CartLine({ line, shown, problem, soldOut }: { line: CartItem; shown: Pick<CartItem, "description" | "options">; problem: string | undefined; soldOut: boolean }) {
  const key = cartLineKey(line);
  return (
    <li className="py-4" aria-label={line.name}>
      <div className="flex items-start justify-between gap-3">
        {/* The owner's photo of the dish where it has one, as on the menu; none otherwise. */}
        {line.photo && <img src={line.photo} alt="" width={56} height={56} loading="lazy" decoding="async" className="size-14 flex-none rounded-lg object-cover" />}
        <div className="min-w-0 flex-1">
          <h3 className="customer-text font-semibold">{line.name}</h3>
          <p className="line-clamp-2 text-sm text-stone-600">{shown.description}</p>
          {shown.options && shown.options.length > 0 && <p className="text-sm text-stone-800">{choiceText(shown.options)}</p>}
          {line.note && <p className="customer-text text-sm text-stone-800 italic">{t("line.note", line.note)}</p>}
          <p className="mt-1 text-sm">{t("line.each", localPrice(line.price, locale))}</p>
          {problem && (
            <p className="mt-1 text-sm font-semibold text-red-800">
              <Icon icon={AlertIcon} size={16} className="mr-1 inline align-[-2px]" />
              {problem}
            </p>
          )}
        </div>
        <button
          type="button"
          onClick={() => removeItem(key)}
          aria-label={t("line.removeLabel", line.name)}
          className="shrink-0 rounded-md px-2 py-1 text-sm text-red-800 underline hover:bg-red-50"
        >
          {t("line.remove")}
        </button>
      </div>
      <div className="mt-2 flex items-center justify-between">
        <div className="flex items-center gap-2">
          <button
            type="button"
            onClick={() => updateQuantity(key, line.quantity - 1)}
            aria-label={t("line.decrease", line.name)}
            className="inline-flex h-9 w-9 items-center justify-center rounded-full border border-stone-400 hover:bg-stone-100"
          >
            <Icon icon={MinusIcon} size={18} />
          </button>
          <span className="min-w-8 text-center font-semibold" aria-label={t("line.quantity", line.name)} role="status">
            {line.quantity}
          </span>
          <button
            type="button"
            onClick={() => updateQuantity(key, line.quantity + 1)}
            aria-label={t("line.increase", line.name)}
            disabled={soldOut}
            className="inline-flex h-9 w-9 items-center justify-center rounded-full border border-stone-400 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-40"
          >
            <Icon icon={PlusIcon} size={18} />
          </button>
        </div>
        <span className={soldOut ? "font-semibold text-ink-600 line-through" : "font-semibold"}>{localPrice(lineTotal({ unitPrice: line.price, quantity: line.quantity }), locale)}</span>
      </div>
    </li>
  );
}
