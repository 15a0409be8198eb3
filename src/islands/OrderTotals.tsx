// The totals of an order as the cart sheet and the checkout show them: Subtotal, Tax (7.5%),
// Delivery Fee (only above 0), Tip (only when one is given: never taxed) and Total, 2 decimals.
import { formatPrice, TAX_RATE_LABEL } from "../domain/money";
import type { CartTotals } from "../stores/cart";

export default function OrderTotals({
  totals,
  className,
  totalTestId,
  tip = 0,
}: {
  totals: CartTotals;
  className: string;
  totalTestId?: string;
  /** In cents, on top of the total. */
  tip?: number;
}) {
  return (
    <dl className={className}>
      <div className="flex justify-between">
        <dt>Subtotal</dt>
        <dd>{formatPrice(totals.subtotal)}</dd>
      </div>
      <div className="flex justify-between">
        <dt>Tax ({TAX_RATE_LABEL})</dt>
        <dd>{formatPrice(totals.tax)}</dd>
      </div>
      {totals.deliveryFee > 0 && (
        <div className="flex justify-between">
          <dt>Delivery Fee</dt>
          <dd>{formatPrice(totals.deliveryFee)}</dd>
        </div>
      )}
      {tip > 0 && (
        <div className="flex justify-between">
          <dt>Tip</dt>
          <dd>{formatPrice(tip)}</dd>
        </div>
      )}
      <div className="flex justify-between border-t border-stone-200 pt-2 text-base font-bold">
        <dt>Total</dt>
        <dd data-testid={totalTestId}>{formatPrice(totals.total + tip)}</dd>
      </div>
    </dl>
  );
}
