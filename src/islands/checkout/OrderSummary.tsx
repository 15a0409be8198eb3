// The checkout's order summary panel: the cart's lines with their options and notes, and its totals
// (subtotal, a promo code's discount, 7.5% tax, delivery fee, tip, total).
import { choiceText } from "../../domain/dishOptions";
import type { Locale } from "../../domain/i18n/locales";
import { localPrice } from "../../domain/i18n/prices";
import { translator } from "../../domain/i18n/translate";
import { checkoutWords } from "../../domain/i18n/ui/checkout";
import OrderTotals from "../OrderTotals";
import { cartLineKey, type CartItem, type CartTotals } from "../../stores/cart";

interface Props {
  items: CartItem[];
  totals: CartTotals;
  tip?: number;
  locale?: Locale;
  /** The applied promo code, whose discount the totals carry. */
  discountCode?: string;
}

export default function OrderSummary({ items, totals, tip = 0, locale = "en", discountCode }: Props) {
  const t = translator(checkoutWords, locale);
  return (
    <section aria-labelledby="order-summary-heading" className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
      <h2 id="order-summary-heading" className="font-display text-xl font-bold">
        {t("summary.heading")}
      </h2>
      <ul className="mt-4 divide-y divide-stone-200" aria-label={t("summary.items")}>
        {items.map((item) => (
          <li key={cartLineKey(item)} className="flex justify-between gap-3 py-2 text-sm">
            <span>
              <span className="font-semibold">{item.name}</span> <span className="text-stone-600">× {item.quantity}</span>
              {item.options && item.options.length > 0 && <span className="block text-stone-700">{choiceText(item.options)}</span>}
              {item.note && <span className="block text-stone-700 italic">{t("summary.note", item.note)}</span>}
            </span>
            <span>{localPrice(item.price * item.quantity, locale)}</span>
          </li>
        ))}
      </ul>
      <OrderTotals totals={totals} tip={tip} locale={locale} discountCode={discountCode} className="mt-4 space-y-1 border-t border-stone-200 pt-3 text-sm" totalTestId="checkout-total" />
    </section>
  );
}
