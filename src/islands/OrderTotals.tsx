// The totals of an order as the cart sheet and the checkout show them: Subtotal, a promo code's
// Discount (only with one: "Discount (BRUNCH5) −$5.00", taxed after it as Square taxes), Tax (7.5%),
// Delivery Fee (only above 0), Tip (only when one is given: never taxed) and Total, 2 decimals.
import type { Locale } from "../domain/i18n/locales";
import { localPrice } from "../domain/i18n/prices";
import { translator } from "../domain/i18n/translate";
import { totalsWords } from "../domain/i18n/ui/totals";
import type { CartTotals } from "../stores/cart";

export default function OrderTotals({
  totals,
  className,
  totalTestId,
  tip = 0,
  locale = "en",
  discountCode,
}: {
  totals: CartTotals;
  className: string;
  totalTestId?: string;
  /** In cents, on top of the total. */
  tip?: number;
  /** The page's language: its words, and its prices (es-US on Spanish pages). */
  locale?: Locale;
  /** The promo code whose discount (totals.discount) is shown, as the check answered it. */
  discountCode?: string;
}) {
  const t = translator(totalsWords, locale);
  const price = (cents: number) => localPrice(cents, locale);
  return (
    <dl className={className}>
      <div className="flex justify-between">
        <dt>{t("subtotal")}</dt>
        <dd>{price(totals.subtotal)}</dd>
      </div>
      {discountCode && (totals.discount ?? 0) > 0 && (
        <div className="flex justify-between text-green-800">
          <dt>{t("discount", discountCode)}</dt>
          <dd data-testid={totalTestId && `${totalTestId}-discount`}>{`\u2212${price(totals.discount ?? 0)}`}</dd>
        </div>
      )}
      <div className="flex justify-between">
        <dt>{t("tax")}</dt>
        <dd>{price(totals.tax)}</dd>
      </div>
      {totals.deliveryFee > 0 && (
        <div className="flex justify-between">
          <dt>{t("deliveryFee")}</dt>
          <dd>{price(totals.deliveryFee)}</dd>
        </div>
      )}
      {tip > 0 && (
        <div className="flex justify-between">
          <dt>{t("tip")}</dt>
          <dd>{price(tip)}</dd>
        </div>
      )}
      <div className="flex justify-between border-t border-stone-200 pt-2 text-base font-bold">
        <dt>{t("total")}</dt>
        <dd data-testid={totalTestId}>{price(totals.total + tip)}</dd>
      </div>
    </dl>
  );
}
