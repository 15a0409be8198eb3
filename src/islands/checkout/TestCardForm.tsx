// TEST MODE's payment form, locally without Square: no card is charged; the tester picks the outcome
// (each a Square sandbox nonce) or a wallet's test token, sent through the same server path, or pays with
// a test gift card. Loaded only when the server says TEST MODE, so production never ships it.
import { useId, useState } from "react";
import { TEST_GIFT_CARD_TOKEN_PREFIX } from "../../domain/giftCards";
import { localPrice } from "../../domain/i18n/prices";
import { translator } from "../../domain/i18n/translate";
import { checkoutWords } from "../../domain/i18n/ui/checkout";
import { giftCardPaymentWords } from "../../domain/i18n/ui/giftCardPayment";
import { SANDBOX_NONCES, TEST_OUTCOME_LABELS, TEST_OUTCOME_LABELS_ES, TEST_WALLET_TOKENS, WALLET_LABELS, type TestOutcome, type Wallet } from "../../domain/payment";
import { INPUT_CLASS } from "../../lib/formStyles";
import { HeldGiftCard, giftCardButtonClass, type GiftCardPaymentProps } from "./GiftCardPayment";
import { payButtonClass, type PaymentFormProps } from "./paymentForm";

export default function TestCardForm({ totalCents, submitting, onToken, locale = "en", giftCard }: PaymentFormProps) {
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
            onClick={() => onToken({ token: TEST_WALLET_TOKENS[wallet] })}
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
      <button type="button" className={payButtonClass} onClick={() => onToken({ token: SANDBOX_NONCES[outcome] })} disabled={submitting}>
        {submitting ? t("pay.processing") : t("pay.test", localPrice(totalCents, locale))}
      </button>
      {giftCard && <TestGiftCardPayment totalCents={totalCents} submitting={submitting} onToken={onToken} giftCard={giftCard} locale={locale} />}
    </fieldset>
  );
}

/** TEST MODE: a test gift card's number (from the mail catcher) pays through the local test gateway. */
function TestGiftCardPayment({ totalCents, submitting, onToken, giftCard, locale = "en" }: GiftCardPaymentProps) {
  const t = translator(giftCardPaymentWords, locale);
  const id = useId();
  const [number, setNumber] = useState("");
  const held = giftCard.held !== null;
  const digits = number.replace(/\D/g, "");
  return (
    <div role="group" aria-label={t("group")} className="mt-3 rounded-md border border-amber-300 bg-white p-3">
      <label htmlFor={`${id}-number`} className="text-sm font-semibold">
        {t("number")}
      </label>
      <input id={`${id}-number`} className={INPUT_CLASS} inputMode="numeric" autoComplete="off" value={number} onChange={(event) => setNumber(event.target.value)} />
      <p className="mt-1 text-xs text-stone-700">{t("covers")}</p>
      {held ? (
        <HeldGiftCard locale={locale} onDrop={() => giftCard.hold(null)} />
      ) : (
        <>
          <button type="button" className={`${giftCardButtonClass} mt-2`} disabled={submitting || digits.length !== 16} onClick={() => void onToken({ token: `${TEST_GIFT_CARD_TOKEN_PREFIX}${digits}` })}>
            {t("payTest", localPrice(totalCents, locale))}
          </button>
          <button
            type="button"
            className={`${giftCardButtonClass} mt-2`}
            disabled={submitting || digits.length !== 16}
            onClick={() => giftCard.hold(`${TEST_GIFT_CARD_TOKEN_PREFIX}${digits}`)}
          >
            {t("part")}
          </button>
        </>
      )}
    </div>
  );
}
