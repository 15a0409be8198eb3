// Square's card field with the wallets above it. Each wallet starts only where the device and browser
// support it (its set-up throws elsewhere, and its button stays hidden); none of them can stop the card
// field. Their tokens go through onToken exactly as the card's: the server's total, the attempt's key.
import { useEffect, useRef, useState } from "react";
import { INTL_LOCALE } from "../../domain/i18n/locales";
import { localPrice } from "../../domain/i18n/prices";
import { translator } from "../../domain/i18n/translate";
import { checkoutWords } from "../../domain/i18n/ui/checkout";
import { WALLET_LABELS, type PaymentFormConfig, paymentMessages } from "../../domain/payment";
import { VERIFIED_WALLETS, cashAppRedirectUrl, isCashAppReturn, verificationDetails, walletPaymentRequest } from "../../domain/walletPayments";
import { newAttemptKey, saveWalletReturn } from "../../lib/checkoutAttempt";
import {
  attachCard,
  startSquarePayments,
  startWallets,
  stopWallets,
  type SquareCard,
  type SquarePayments,
  type SquareTokenizeResult,
  type Wallets,
} from "../../lib/squareWebPayments";
import { SquareGiftCardPayment } from "./GiftCardPayment";
import SavedCardChoice, { useCardsOnFile } from "./SavedCardChoice";
import { payButtonClass, paymentErrorIn, paymentFormProblem, type PaymentFormProps, type WalletCheckout } from "./paymentForm";

const NO_WALLETS: Wallets = { applePay: null, googlePay: null, cashAppPay: null };

type Props = PaymentFormProps & { config: Extract<PaymentFormConfig, { mode: "square" }> };

export default function SquareCardForm({ config, totalCents, billing, submitting, retainedToken, onToken, phone, checkout, locale = "en", giftCard, verifyCards = false }: Props) {
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
  const [returning, setReturning] = useState(() => isCashAppReturn(window.location.href));
  // Bumped when an attempt ended without an order and the checkout dropped it (a declined card): Cash App
  // Pay then starts again with a new attempt kept for its way back.
  const [walletRound, setWalletRound] = useState(0);
  const sheetLabel = messages.paymentSheetLabel;
  // A signed-in diner's cards on file (at the checkout, not the gift card page): the first pays unless they pick a new card.
  const onFile = useCardsOnFile();
  const savedCard = giftCard ? onFile.chosen : null;

  async function payWithCashApp(key: string, result: SquareTokenizeResult) {
    setReturning(false);
    if (result.status !== "OK" || !result.token) {
      if (result.status !== "Cancel") paymentError(messages.walletFailed(WALLET_LABELS.cashAppPay));
      return;
    }
    // The attempt fixed before the customer left for Cash App takes its token: the same key pays once.
    await latest.current.onToken({ token: result.token, attemptKey: key });
  }

  // Cash App Pay's token arrives by event, long after its set-up, and the effects below must not start
  // the wallets again for every render: they read the newest props and callbacks here.
  const latest = useRef({ onToken, checkout, payWithCashApp, cashAppPay: wallets.cashAppPay });
  latest.current = { onToken, checkout, payWithCashApp, cashAppPay: wallets.cashAppPay };

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
        const message = paymentFormProblem(error, translator(checkoutWords, locale));
        setProblem(message);
        paymentErrorIn(locale)(message);
      });
    return () => {
      live = false;
      void started?.destroy();
    };
  }, [config, locale]);

  // The wallets ask for the total the checkout shows; a new total (prices updated) starts them again,
  // since Cash App Pay cannot change a payment request it was given.
  useEffect(() => {
    if (!payments) return;
    let live = true;
    let started: Wallets = NO_WALLETS;
    const checkout = latest.current.checkout;
    const referenceId = cashAppAttemptKey(checkout);
    void startWallets(payments, walletPaymentRequest(totalCents, sheetLabel), { googlePay: googlePayRef.current!, cashAppPay: cashAppPayRef.current! }, {
      redirectURL: cashAppRedirectUrl(window.location.href),
      referenceId,
      onTokenization: (result) => void latest.current.payWithCashApp(referenceId, result),
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
  }, [payments, totalCents, walletRound, sheetLabel]);

  // Cash App reports the approval within seconds of the way back; without one, the form is simply there again.
  useEffect(() => {
    if (!returning) return;
    const timer = setTimeout(() => setReturning(false), 30_000);
    return () => clearTimeout(timer);
  }, [returning]);

  // Only when a payment ends: the checkout dropped its attempt (a refusal), so Cash App needs a new one.
  useEffect(() => {
    const { cashAppPay, checkout: now } = latest.current;
    if (!submitting && cashAppPay && now && !now.attempt.current) setWalletRound((round) => round + 1);
  }, [submitting]);

  /** The bank's check of a token (3-D Secure where the bank asks); null when it failed or was cancelled. */
  async function verified(token: string): Promise<string | null> {
    const answer = await payments?.verifyBuyer(token, verificationDetails(totalCents, billing)).catch(() => null);
    return answer?.token ?? null;
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
      if (!VERIFIED_WALLETS[wallet]) return await onToken({ token: result.token });
      const verificationToken = await verified(result.token);
      // Failed or cancelled at the bank: nothing is sent, nothing charged.
      if (!verificationToken) return paymentError(messages.verificationFailed);
      await onToken({ token: result.token, verificationToken });
    } catch {
      paymentError(messages.walletFailed(WALLET_LABELS[wallet]));
    } finally {
      setTokenizing(false);
    }
  }

  /** The card Square keeps on file pays by its id (the server adds the diner's customer); the bank's check where the server asks it. */
  async function payWithCardOnFile(cardId: string) {
    setTokenizing(true);
    try {
      if (!(config.verifyEveryCard || verifyCards)) return await onToken({ token: cardId });
      const verificationToken = await verified(cardId);
      if (!verificationToken) return paymentError(messages.verificationFailed);
      await onToken({ token: cardId, verificationToken });
    } finally {
      setTokenizing(false);
    }
  }

  async function pay() {
    // The same attempt again: the checkout resends it with what was sent with it.
    if (retainedToken) return onToken({ token: retainedToken });
    if (savedCard) return payWithCardOnFile(savedCard.id);
    if (!card) return paymentError(t("pay.notReady"));
    setTokenizing(true);
    try {
      const result = await card.tokenize({ ...verificationDetails(totalCents, billing), customerInitiated: true, sellerKeyedIn: false });
      if (result.status === "OK" && result.token) {
        if (!(config.verifyEveryCard || verifyCards)) return await onToken({ token: result.token });
        // The bank's own check, which the server asks of every card while declines pile up across the site.
        const verificationToken = await verified(result.token);
        if (!verificationToken) return paymentError(messages.verificationFailed);
        await onToken({ token: result.token, verificationToken });
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
      {giftCard && <SavedCardChoice cards={onFile.cards} chosen={onFile.chosen} choose={onFile.choose} locale={locale} disabled={busy} />}
      <div ref={containerRef} id="card-container" className="min-h-24" hidden={savedCard !== null} />
      {problem && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {t("form.callUs", problem, phone)}
        </p>
      )}
      <button type="button" className={payButtonClass} onClick={pay} disabled={busy}>
        {busy ? t("pay.processing") : t("pay", localPrice(totalCents, locale))}
      </button>
      {giftCard && <SquareGiftCardPayment payments={payments} totalCents={totalCents} submitting={busy} onToken={onToken} giftCard={giftCard} locale={locale} />}
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
