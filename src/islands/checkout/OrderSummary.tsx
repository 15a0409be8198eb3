// The checkout's order summary panel: the cart's lines with their options and notes, and its totals
// (subtotal, 7.5% tax, delivery fee, tip, total).
import { choiceText } from "../../domain/dishOptions";
import { formatPrice } from "../../domain/money";
import OrderTotals from "../OrderTotals";
import { cartLineKey, type CartItem, type CartTotals } from "../../stores/cart";

export default function OrderSummary({ items, totals, tip = 0 }: { items: CartItem[]; totals: CartTotals; tip?: number }) {
  return (
    <section aria-labelledby="order-summary-heading" className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
      <h2 id="order-summary-heading" className="font-display text-xl font-bold">
        Order Summary
      </h2>
      <ul className="mt-4 divide-y divide-stone-200" aria-label="Items in your order">
        {items.map((item) => (
          <li key={cartLineKey(item)} className="flex justify-between gap-3 py-2 text-sm">
            <span>
              <span className="font-semibold">{item.name}</span> <span className="text-stone-600">× {item.quantity}</span>
              {item.options && item.options.length > 0 && <span className="block text-stone-700">{choiceText(item.options)}</span>}
              {item.note && <span className="block text-stone-700 italic">Note: {item.note}</span>}
            </span>
            <span>{formatPrice(item.price * item.quantity)}</span>
          </li>
        ))}
      </ul>
      <OrderTotals totals={totals} tip={tip} className="mt-4 space-y-1 border-t border-stone-200 pt-3 text-sm" totalTestId="checkout-total" />
    </section>
  );
}
