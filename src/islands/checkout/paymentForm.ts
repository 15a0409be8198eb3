// What the payment step's forms share: their props (what they pay, for whom, and where the token goes),
// how they say a problem, and the attempt keys they make. The state of an attempt (its key, the bank's
// check, a held gift card) lives in the component that owns the payment step and comes in through these.
import type { Locale } from "../../domain/i18n/locales";
import { translator, type Translate } from "../../domain/i18n/translate";
import { checkoutWords } from "../../domain/i18n/ui/checkout";
import type { AttemptPayment, PaidWith } from "../../lib/checkoutAttempt";
import { PaymentFormError } from "../../lib/squareWebPayments";
import { toast } from "../../stores/toasts";

export type { PaidWith };

export interface Billing {
  name: string;
  email: string;
  phone: string;
}

/** The gift card held to pay part of the order (split tender), and the way to hold or drop one. */
export interface GiftCardHold {
  held: string | null;
  hold: (token: string | null) => void;
}

/**
 * What Cash App Pay keeps before the customer leaves for Cash App, so the way back restores the checkout
 * and pays the same attempt: the checkout's attempt (its key is fixed here), and the cart's fingerprint,
 * details and order type as src/lib/checkoutAttempt.ts stores them.
 */
export interface WalletCheckout {
  attempt: { current: AttemptPayment | null };
  fingerprint: string;
  details: Record<string, string>;
  orderType: "pickup" | "delivery";
}

export interface PaymentFormProps {
  totalCents: number;
  billing: Billing;
  submitting: boolean;
  /** The card token of an attempt that failed on the server's side: resent instead of a new one. */
  retainedToken: string | null;
  onToken: (paid: PaidWith) => Promise<void>;
  /** The restaurant's phone as shown, from content/site.json through the page. */
  phone: string;
  /** The checkout as it stands, for a wallet that leaves the page and comes back (Cash App Pay on a phone). */
  checkout?: WalletCheckout;
  /** The page's language: the step's words, its prices, and Square's own fields. */
  locale?: Locale;
  /** Offers "Pay with a gift card" (the checkout; not the gift card page itself), holding one for part. */
  giftCard?: GiftCardHold;
  /** The server asked that every card pass its bank's check (declines piling up across the site). */
  verifyCards?: boolean;
}

export function paymentErrorIn(locale: Locale): (description: string) => void {
  const title = translator(checkoutWords, locale)("payment.error");
  return (description) => toast({ title, description, variant: "destructive" });
}

/** What the customer reads when Square's card form could not start, in the page's language. */
export function paymentFormProblem(error: unknown, t: Translate<typeof checkoutWords>): string {
  if (!(error instanceof PaymentFormError)) return t("form.init");
  return error.kind === "load" ? t("form.load") : error.kind === "init" ? t("form.init") : t("form.form", error.reason);
}

export const payButtonClass =
  "mt-4 w-full rounded-lg bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-700";
