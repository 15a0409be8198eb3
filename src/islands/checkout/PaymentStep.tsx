// The checkout's payment form, as the server decides (GET /api/payment-config): Square's Web Payments
// card field with the wallets this device supports above it (Apple Pay, Google Pay, Cash App Pay), a
// clearly labelled test card form that sends Square's sandbox nonces, or no form at all.
import { Suspense, lazy, useEffect, useState } from "react";
import { translator } from "../../domain/i18n/translate";
import { checkoutWords } from "../../domain/i18n/ui/checkout";
import type { PaymentFormConfig } from "../../domain/payment";
import { apiRequest } from "../../lib/api";
import { paymentErrorIn, type PaymentFormProps } from "./paymentForm";
import SquareCardForm from "./SquareCardForm";

// TEST MODE's form is only for a site without Square credentials (locally): production never loads it.
const TestCardForm = lazy(() => import("./TestCardForm"));

export type { Billing, PaidWith, WalletCheckout } from "./paymentForm";

export default function PaymentStep(props: PaymentFormProps) {
  const locale = props.locale ?? "en";
  const { phone } = props;
  const t = translator(checkoutWords, locale);
  const [config, setConfig] = useState<PaymentFormConfig | null>(null);

  // Asked once: the page's language and phone do not change while it is open.
  useEffect(() => {
    let live = true;
    apiRequest<PaymentFormConfig>("/api/payment-config")
      .then((answer) => live && setConfig(answer))
      .catch(() => {
        if (!live) return;
        const words = translator(checkoutWords, locale);
        setConfig({ mode: "unavailable", message: words("payment.unreachable", phone) });
        paymentErrorIn(locale)(words("payment.configFailed"));
      });
    return () => {
      live = false;
    };
  }, [locale, phone]);

  const loading = <p className="mt-4 text-stone-600">{t("payment.loading")}</p>;
  if (!config) return loading;
  if (config.mode === "unavailable") {
    return (
      <p role="alert" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-900">
        {config.message}
      </p>
    );
  }
  if (config.mode === "test") {
    return (
      <Suspense fallback={loading}>
        <TestCardForm {...props} />
      </Suspense>
    );
  }
  return <SquareCardForm {...props} config={config} />;
}
