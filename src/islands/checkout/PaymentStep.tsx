// The checkout's payment form, as the server decides (GET /api/payment-config): Square's Web Payments
// card field with the wallets this device supports above it (Apple Pay, Google Pay, Cash App Pay), a
// clearly labelled test card form that sends Square's sandbox nonces, or no form at all.
import { useEffect, useId, useRef, useState } from "react";
import { INTL_LOCALE, type Locale } from "../../domain/i18n/locales";
import { localPrice } from "../../domain/i18n/prices";
import { translator, type Translate } from "../../domain/i18n/translate";
import { checkoutWords } from "../../domain/i18n/ui/checkout";
import {
  SANDBOX_NONCES,
  TEST_OUTCOME_LABELS,
  TEST_OUTCOME_LABELS_ES,
  TEST_WALLET_TOKENS,
  WALLET_LABELS,
  type PaymentFormConfig,
  type TestOutcome,
  type Wallet,
  paymentMessages,
} from "../../domain/payment";
import { VERIFIED_WALLETS, cashAppRedirectUrl, isCashAppReturn, verificationDetails, walletPaymentRequest } from "../../domain/walletPayments";
import { apiRequest } from "../../lib/api";
import { saveWalletReturn } from "../../lib/checkoutAttempt";
import { cardsNeedVerification, rememberVerification } from "../../lib/orderSubmission";
import {
  PaymentFormError,
  attachCard,
  startSquarePayments,
  startWallets,
  stopWallets,
  type SquareCard,
  type SquarePayments,
  type SquareTokenizeResult,
  type Wallets,
} from "../../lib/squareWebPayments";
import { toast } from "../../stores/toasts";

export interface Billing {
  name: string;
  email: string;
  phone: string;
}

interface Props {
  totalCents: number;
  billing: Billing;
  submitting: boolean;
  /** The card token of an attempt that failed on the server's side: resent instead of a new one. */
  retainedToken: string | null;
  onToken: (token: string) => Promise<void>;
  /** The restaurant's phone as shown, from content/site.json through the page. */
  phone: string;
  /** The checkout as it stands, for a wallet that leaves the page and comes back (Cash App Pay on a phone). */
  checkout?: WalletCheckout;
  /** The page's language: the step's words, its prices, and Square's own fields. */
  locale?: Locale;
}

/**
 * What Cash App Pay keeps before the customer leaves for Cash App, so the way back restores the checkout
 * and pays the same attempt: the checkout's attempt (its key is fixed here and given the token on return),
 * and the cart's fingerprint, details and order type as src/lib/checkoutAttempt.ts stores them.
 */
export interface WalletCheckout {
  attempt: { current: { key: string; token: string } | null };
  fingerprint: string;
  details: Record<string, string>;
  orderType: "pickup" | "delivery";
}

function paymentErrorIn(locale: Locale): (description: string) => void {
  const title = translator(checkoutWords, locale)("payment.error");
  return (description) => toast({ title, description, variant: "destructive" });
}

/** What the customer reads when Square's card form could not start, in the page's language. */
export function paymentFormProblem(error: unknown, t: Translate<typeof checkoutWords>): string {
  if (!(error instanceof PaymentFormError)) return t("form.init");
  return error.kind === "load" ? t("form.load") : error.kind === "init" ? t("form.init") : t("form.form", error.reason);
}

const payButtonClass =
  "mt-4 w-full rounded-lg bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-700";

export default function PaymentStep(props: Props) {
  const locale = props.locale ?? "en";
  const t = translator(checkoutWords, locale);
  const [config, setConfig] = useState<PaymentFormConfig | null>(null);

  useEffect(() => {
    let live = true;
    apiRequest<PaymentFormConfig>("/api/payment-config")
      .then((answer) => live && setConfig(answer))
      .catch(() => {
        if (!live) return;
        setConfig({ mode: "unavailable", message: t("payment.unreachable", props.phone) });
        paymentErrorIn(locale)(t("payment.configFailed"));
      });
    return () => {
      live = false;
    };
  }, []);

  if (!config) return <p className="mt-4 text-stone-600">{t("payment.loading")}</p>;
  if (config.mode === "unavailable") {
    return (
      <p role="alert" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-900">
        {config.message}
      </p>
    );
  }
  if (config.mode === "test") return <TestCardForm {...props} />;
  return <SquareCardForm {...props} config={config} />;
}

/** 128 random bits as 32 hex characters, as the checkout makes its attempts' keys. */
function newAttemptKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

const NO_WALLETS: Wallets = { applePay: null, googlePay: null, cashAppPay: null };

/**
 * Square's wallets above its card field. Each wallet starts only where the device and browser support it
 * (its set-up throws elsewhere, and its button stays hidden); none of them can stop the card field. Their
 * tokens go through onToken exactly as the card's: the server's total, the attempt's key.
 */
function SquareCardForm({ config, totalCents, billing, submitting, retainedToken, onToken, phone, checkout, locale = "en" }: Props & { config: Extract<PaymentFormConfig, { mode: "square" }> }) {
  const t = translator(checkoutWords, locale);
  const messages = paymentMessages(locale);
  const paymentError = paymentErrorIn(locale);
  const containerRef = useRef<HTMLDivElement>(null);
  const googlePayRef = useRef<HTMLDivElement>(null);
  const cashAppPayRef = useRef<HTMLDivElement>(null);
  const [payments, setPayments] = useState<SquarePayments | null>(null);
  const [card, setCard] = useState<SquareCard | null>(null);
  const [wallets, setWallets] = useState<Wallets>(NO_WALLETS);
  const [problem, setProblem] = useState("");
  const [tokenizing, setTokenizing] = useState(false);
  // Cash App Pay's token arrives by event, long after its set-up: the newest callbacks, not the first.
  const latest = useRef({ onToken, checkout });
  latest.current = { onToken, checkout };
  const [returning, setReturning] = useState(() => isCashAppReturn(window.location.href));
  // Bumped when an attempt ended without an order and the checkout dropped it (a declined card): Cash App
  // Pay then starts again with a new attempt kept for its way back.
  const [walletRound, setWalletRound] = useState(0);

  useEffect(() => {
    let live = true;
    let started: SquareCard | null = null;
    startSquarePayments(config, INTL_LOCALE[locale])
      .then(async (ready) => {
        if (!live) return;
        setPayments(ready);
        const attached = await attachCard(ready, containerRef.current!);
        started = attached;
        if (live) setCard(attached);
        else void attached.destroy();
      })
      .catch((error: unknown) => {
        if (!live) return;
        const message = paymentFormProblem(error, t);
        setProblem(message);
        paymentError(message);
      });
    return () => {
      live = false;
      void started?.destroy();
    };
  }, [config]);

  // The wallets ask for the total the checkout shows; a new total (prices updated) starts them again,
  // since Cash App Pay cannot change a payment request it was given.
  useEffect(() => {
    if (!payments) return;
    let live = true;
    let started: Wallets = NO_WALLETS;
    const referenceId = cashAppAttemptKey(checkout);
    startWallets(payments, walletPaymentRequest(totalCents, messages.paymentSheetLabel), { googlePay: googlePayRef.current!, cashAppPay: cashAppPayRef.current! }, {
      redirectURL: cashAppRedirectUrl(window.location.href),
      referenceId,
      onTokenization: (result) => void payWithCashApp(referenceId, result),
    }).then((ready) => {
      started = ready;
      if (!live) return void stopWallets(ready);
      setWallets(ready);
      // Cash App Pay may leave the page for Cash App: what the checkout needs on the way back is kept first.
      if (ready.cashAppPay && checkout) {
        saveWalletReturn({ key: referenceId, token: "", fingerprint: checkout.fingerprint, details: checkout.details, orderType: checkout.orderType });
      } else setReturning(false);
    });
    return () => {
      live = false;
      setWallets(NO_WALLETS);
      void stopWallets(started);
    };
  }, [payments, totalCents, walletRound]);

  // Cash App reports the approval within seconds of the way back; without one, the form is simply there again.
  useEffect(() => {
    if (!returning) return;
    const timer = setTimeout(() => setReturning(false), 30_000);
    return () => clearTimeout(timer);
  }, [returning]);

  useEffect(() => {
    if (!submitting && wallets.cashAppPay && checkout && !checkout.attempt.current) setWalletRound((round) => round + 1);
  }, [submitting]);

  async function payWithCashApp(key: string, result: SquareTokenizeResult) {
    setReturning(false);
    if (result.status !== "OK" || !result.token) {
      if (result.status !== "Cancel") paymentError(messages.walletFailed(WALLET_LABELS.cashAppPay));
      return;
    }
    // The attempt fixed before the customer left for Cash App takes its token: the same key pays once.
    const attempt = latest.current.checkout?.attempt;
    if (attempt && (!attempt.current || attempt.current.key === key)) attempt.current = { key, token: result.token };
    await latest.current.onToken(result.token);
  }

  async function payWithWallet(wallet: "applePay" | "googlePay") {
    const instance = wallets[wallet];
    if (!instance || !payments || submitting || tokenizing) return;
    setTokenizing(true);
    try {
      const result = await instance.tokenize();
      if (result.status !== "OK" || !result.token) {
        // The customer closed the wallet's sheet: nothing to say.
        if (result.status !== "Cancel") paymentError(messages.walletFailed(WALLET_LABELS[wallet]));
        return;
      }
      if (VERIFIED_WALLETS[wallet]) {
        const verified = await payments.verifyBuyer(result.token, verificationDetails(totalCents, billing)).catch(() => null);
        // Failed or cancelled at the bank: nothing is sent, nothing charged.
        if (!verified?.token) return paymentError(messages.verificationFailed);
        rememberVerification(result.token, verified.token);
      }
      await onToken(result.token);
    } catch {
      paymentError(messages.walletFailed(WALLET_LABELS[wallet]));
    } finally {
      setTokenizing(false);
    }
  }

  async function pay() {
    if (retainedToken) return onToken(retainedToken);
    if (!card) return paymentError(t("pay.notReady"));
    setTokenizing(true);
    try {
      const result = await card.tokenize({ ...verificationDetails(totalCents, billing), customerInitiated: true, sellerKeyedIn: false });
      if (result.status === "OK" && result.token) {
        if (config.verifyEveryCard || cardsNeedVerification()) {
          // The bank's own check, which the server asks of every card while declines pile up across the site.
          const verified = await payments?.verifyBuyer(result.token, verificationDetails(totalCents, billing)).catch(() => null);
          if (!verified?.token) return paymentError(messages.verificationFailed);
          rememberVerification(result.token, verified.token);
        }
        await onToken(result.token);
      } else {
        // Square's own messages, in the language setLocale gave its form.
        const problems = (result.errors ?? []).map((e) => e.message).filter(Boolean);
        paymentError(problems.length ? t("pay.failedWith", problems.join(", ")) : t("pay.failed"));
      }
    } catch {
      paymentError(t("pay.processingFailed"));
    } finally {
      setTokenizing(false);
    }
  }

  const busy = submitting || tokenizing;
  const anyWallet = Boolean(wallets.applePay || wallets.googlePay || wallets.cashAppPay);
  return (
    <div className="mt-4">
      {returning && (
        <p role="status" className="mb-3 text-sm text-stone-700">
          {messages.cashAppReturning}
        </p>
      )}
      {/* Square draws the Google Pay and Cash App Pay buttons in their boxes; an empty box takes no room. */}
      <div role="group" aria-label={messages.walletsGroup} hidden={!anyWallet} className="grid gap-2">
        {wallets.applePay && (
          <button
            type="button"
            onClick={() => payWithWallet("applePay")}
            disabled={busy}
            className="min-h-12 w-full rounded-lg bg-black px-4 py-3 font-semibold text-white disabled:cursor-not-allowed disabled:opacity-60"
          >
            {messages.applePayButton}
          </button>
        )}
        <div ref={googlePayRef} id="google-pay-button" onClick={() => payWithWallet("googlePay")} />
        <div ref={cashAppPayRef} id="cash-app-pay-button" />
      </div>
      {anyWallet && <p className="my-3 text-center text-sm font-semibold text-stone-600">{messages.orPayByCard}</p>}
      <div ref={containerRef} id="card-container" className="min-h-24" />
      {problem && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {t("form.callUs", problem, phone)}
        </p>
      )}
      <button type="button" className={payButtonClass} onClick={pay} disabled={busy}>
        {busy ? t("pay.processing") : t("pay", localPrice(totalCents, locale))}
      </button>
    </div>
  );
}

/**
 * The key Cash App Pay's payment will use (also its referenceId): the attempt's, fixed now if it has none
 * yet, since the customer may leave for Cash App and come back to a new page. An attempt that already has
 * a token (a card payment to retry) is left as it is: Cash App then starts an attempt of its own.
 */
function cashAppAttemptKey(checkout: WalletCheckout | undefined): string {
  const attempt = checkout?.attempt;
  if (!attempt) return newAttemptKey();
  if (attempt.current && attempt.current.token) return newAttemptKey();
  attempt.current ??= { key: newAttemptKey(), token: "" };
  return attempt.current.key;
}

/** Locally without Square: no card is charged; the tester picks the outcome. */
function TestCardForm({ totalCents, submitting, onToken, locale = "en" }: Props) {
  const id = useId();
  const t = translator(checkoutWords, locale);
  const outcomeLabels = locale === "es" ? TEST_OUTCOME_LABELS_ES : TEST_OUTCOME_LABELS;
  const [outcome, setOutcome] = useState<TestOutcome>("approved");
  return (
    <fieldset className="mt-4 rounded-lg border-2 border-dashed border-amber-500 bg-amber-50 p-4">
      <legend className="rounded bg-amber-800 px-2 py-0.5 text-sm font-bold tracking-wide text-white">{t("test.legend")}</legend>
      <p id={`${id}-note`} className="text-sm text-amber-950">
        {t("test.note")}
      </p>
      {/* Where the real checkout shows the wallets: each sends a test token through the same server path. */}
      <div role="group" aria-label={t("test.wallets")} className="mt-3 grid gap-2 sm:grid-cols-3">
        {(Object.keys(TEST_WALLET_TOKENS) as Wallet[]).map((wallet) => (
          <button
            key={wallet}
            type="button"
            className="rounded-md border border-stone-800 bg-stone-900 px-3 py-2 text-sm font-semibold text-white hover:bg-black disabled:cursor-not-allowed disabled:opacity-60"
            onClick={() => onToken(TEST_WALLET_TOKENS[wallet])}
            disabled={submitting}
          >
            {t("test.wallet", WALLET_LABELS[wallet])}
          </button>
        ))}
      </div>
      <div role="radiogroup" aria-label={t("test.outcome")} aria-describedby={`${id}-note`} className="mt-3 grid gap-2 sm:grid-cols-2">
        {(Object.keys(SANDBOX_NONCES) as TestOutcome[]).map((key) => (
          <label key={key} className="flex items-center gap-2 rounded-md border border-amber-300 bg-white px-3 py-2 text-sm">
            <input type="radio" name={`${id}-outcome`} value={key} checked={outcome === key} onChange={() => setOutcome(key)} />
            {outcomeLabels[key]}
          </label>
        ))}
      </div>
      <button type="button" className={payButtonClass} onClick={() => onToken(SANDBOX_NONCES[outcome])} disabled={submitting}>
        {submitting ? t("pay.processing") : t("pay.test", localPrice(totalCents, locale))}
      </button>
    </fieldset>
  );
}
