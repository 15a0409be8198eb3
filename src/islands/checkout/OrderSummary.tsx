// The checkout's order summary panel: the cart's lines with their options and notes, and its totals
// (subtotal, a promo code's discount, 7.5% tax, delivery fee, tip, total). A line that cannot be ordered for the
// chosen time (sold out, its kitchen closed, gone from the menu) is named here as in the cart, with one tap to
// remove it: the checkout will not go on to payment with it (src/stores/cartProblems.ts).
import { useEffect } from "react";
import { useStore } from "@nanostores/react";
import { choiceText } from "../../domain/dishOptions";
import type { Locale } from "../../domain/i18n/locales";
import { localPrice } from "../../domain/i18n/prices";
import { translator } from "../../domain/i18n/translate";
import { checkoutWords } from "../../domain/i18n/ui/checkout";
import { cartWords } from "../../domain/i18n/ui/cart";
import OrderTotals from "../OrderTotals";
import { cartLineKey, removeItem, type CartItem, type CartTotals } from "../../stores/cart";
import { checkCart } from "../../stores/cartProblems";
import { $menuLoad, loadMenu } from "../../stores/menu";
import { $orderFor } from "../../stores/orderTime";
import { useNowEveryMinute } from "../useNow";

interface Props {
  items: CartItem[];
  totals: CartTotals;
  tip?: number;
  locale?: Locale;
  /** Said in place of the delivery fee while it is not known yet (a courier's, quoted once the address is typed). */
  feeNote?: string;
  /** The applied promo code, whose discount the totals carry. */
  discountCode?: string;
}

export default function OrderSummary({ items, totals, tip = 0, locale = "en", feeNote, discountCode }: Props) {
  const t = translator(checkoutWords, locale);
  const cartText = translator(cartWords, locale);
  const menu = useStore($menuLoad);
  const orderFor = useStore($orderFor);
  const now = useNowEveryMinute();
  // The menu's stock and schedule, asked once the form is up (not in the way of its first paint) and again
  // as the minutes pass (a fresh answer is reused).
  useEffect(() => {
    const timer = setTimeout(() => void loadMenu(), 1000);
    return () => clearTimeout(timer);
  }, [now]);
  const { problems } = checkCart(items, menu.answer, now, orderFor, locale);
  const unavailable = items.map((item, index) => ({ item, problem: problems[index] })).filter((line) => line.problem);

  return (
    <section aria-labelledby="order-summary-heading" className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
      <h2 id="order-summary-heading" className="font-display text-xl font-bold">
        {t("summary.heading")}
      </h2>
      {unavailable.length > 0 && (
        <div role="alert" className="mt-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          <p className="font-semibold">{cartText("sheet.someProblems")}</p>
          <ul className="mt-2 space-y-2">
            {unavailable.map(({ item, problem }) => (
              <li key={cartLineKey(item)} className="flex items-center justify-between gap-2">
                <span className="customer-text min-w-0">
                  <span className="font-semibold">{item.name}</span>: {problem}
                </span>
                <button
                  type="button"
                  onClick={() => removeItem(cartLineKey(item))}
                  aria-label={cartText("line.removeLabel", item.name)}
                  className="min-h-11 shrink-0 rounded-md border border-red-800 px-3 font-semibold text-red-800 hover:bg-red-100"
                >
                  {cartText("line.remove")}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <ul className="mt-4 divide-y divide-stone-200" aria-label={t("summary.items")}>
        {items.map((item) => (
          <li key={cartLineKey(item)} className="flex justify-between gap-3 py-2 text-sm">
            <span className="customer-text min-w-0">
              <span className="font-semibold">{item.name}</span> <span className="text-stone-600">× {item.quantity}</span>
              {item.options && item.options.length > 0 && <span className="block text-stone-700">{choiceText(item.options)}</span>}
              {item.note && <span className="block text-stone-700 italic">{t("summary.note", item.note)}</span>}
            </span>
            <span>{localPrice(item.price * item.quantity, locale)}</span>
          </li>
        ))}
      </ul>
      <OrderTotals totals={totals} tip={tip} locale={locale} discountCode={discountCode} className="mt-4 space-y-1 border-t border-stone-200 pt-3 text-sm" totalTestId="checkout-total" />
      {feeNote && <p className="mt-2 text-sm text-stone-700">{feeNote}</p>}
    </section>
  );
}
