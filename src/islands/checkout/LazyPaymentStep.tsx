// The payment step, loaded when it is needed: the card form (and Square's script it loads) comes after the
// details, which take typing without it. The checkout fetches it once its form is up, so Continue finds
// it here.
import { Suspense, lazy, type ReactNode } from "react";
import { translator } from "../../domain/i18n/translate";
import { checkoutWords } from "../../domain/i18n/ui/checkout";
import type { PaymentFormProps } from "./paymentForm";

const load = () => import("./PaymentStep");
const PaymentStep = lazy(load);

/** Fetches the payment step's code ahead of Continue (a failure shows when the step is opened). */
export function preloadPaymentStep(): void {
  load().catch(() => {});
}

export default function LazyPaymentStep(props: PaymentFormProps): ReactNode {
  return (
    <Suspense fallback={<p className="mt-4 text-stone-600">{translator(checkoutWords, props.locale ?? "en")("payment.loading")}</p>}>
      <PaymentStep {...props} />
    </Suspense>
  );
}
