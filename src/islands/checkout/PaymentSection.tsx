// The checkout's payment step as a section: its heading (focused when it opens), "Edit details", who and
// where the order is for, what changed since the details (a code that stopped applying, said here with the
// new total before Pay is pressed), and the payment form itself.
import type { Ref } from "react";
import type { Locale } from "../../domain/i18n/locales";
import { localPrice } from "../../domain/i18n/prices";
import { translator } from "../../domain/i18n/translate";
import { checkoutWords } from "../../domain/i18n/ui/checkout";
import type { OrderType } from "../../domain/orderReadModel";
import PaymentStep from "./LazyPaymentStep";
import type { PaymentFormProps } from "./paymentForm";
import type { DroppedCode } from "./PromoCode";

interface Props {
  headingRef: Ref<HTMLHeadingElement>;
  onEdit: () => void;
  orderType: OrderType;
  details: { name: string; address: string; zipCode: string };
  /** A code applied earlier that no longer applies, and why (the server's sentence). */
  dropped: DroppedCode | null;
  payment: PaymentFormProps;
  locale: Locale;
}

export default function PaymentSection({ headingRef, onEdit, orderType, details, dropped, payment, locale }: Props) {
  const t = translator(checkoutWords, locale);
  return (
    <section aria-labelledby="payment-heading">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="payment-heading" ref={headingRef} tabIndex={-1} className="font-display text-xl font-bold">
          {t("payment.heading")}
        </h2>
        <button type="button" onClick={onEdit} className="text-sm font-semibold text-brand-700 underline" disabled={payment.submitting}>
          {t("payment.edit")}
        </button>
      </div>
      <p className="mt-2 text-sm text-stone-700">
        {orderType === "pickup" ? t("payment.pickupFor", details.name) : t("payment.deliveryFor", details.address, details.zipCode, details.name)}
      </p>
      {dropped && (
        <p role="alert" className="mt-3 rounded-lg border-2 border-amber-500 bg-amber-50 p-3 text-amber-950">
          {t("codeDropped", dropped.code, dropped.reason, localPrice(payment.totalCents, locale))}
        </p>
      )}
      <PaymentStep {...payment} />
    </section>
  );
}
