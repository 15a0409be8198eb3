// "Pay with a gift card" in the checkout's payment step: Square's gift card field (Web Payments SDK
// payments.giftCard(), its token the payment's source, like a card's; TEST MODE's number field is in
// ./TestCardForm). The card pays the whole total with its tip; a card that cannot is refused by the
// server with one sentence. Or it pays part: its token is held, the card or wallet below pays the rest
// and the tip, and the server authorizes the gift card for what it holds (split tender).
import { useEffect, useMemo, useRef, useState } from "react";
import type { Locale } from "../../domain/i18n/locales";
import { localPrice } from "../../domain/i18n/prices";
import { translator } from "../../domain/i18n/translate";
import { giftCardPaymentWords } from "../../domain/i18n/ui/giftCardPayment";
import type { SquareCard, SquarePayments } from "../../lib/squareWebPayments";
import { toast } from "../../stores/toasts";
import type { GiftCardHold, PaidWith } from "./paymentForm";

export interface GiftCardPaymentProps {
  totalCents: number;
  submitting: boolean;
  onToken: (paid: PaidWith) => Promise<void>;
  /** The checkout's held gift card (it sends it with the next order), and the way to hold or drop one. */
  giftCard: GiftCardHold;
  locale?: Locale;
}

export const giftCardButtonClass =
  "w-full rounded-lg border-2 border-brand-600 bg-white px-4 py-3 font-semibold text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-60";

/** Square's gift card field, started when the customer asks for it (it is one more frame from Square). */
export function SquareGiftCardPayment({ payments, totalCents, submitting, onToken, giftCard, locale = "en" }: GiftCardPaymentProps & { payments: SquarePayments | null }) {
  const t = useMemo(() => translator(giftCardPaymentWords, locale), [locale]);
  const [open, setOpen] = useState(false);
  const [field, setField] = useState<SquareCard | null>(null);
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);
  const held = giftCard.held !== null;
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open || !payments) return;
    let live = true;
    let started: SquareCard | null = null;
    void (async () => {
      try {
        if (typeof payments.giftCard !== "function") throw new Error("no gift card field");
        started = await payments.giftCard();
        await started.attach(container.current!);
        if (live) setField(started);
      } catch {
        if (live) setProblem(t("unavailable"));
      }
    })();
    return () => {
      live = false;
      void started?.destroy();
    };
  }, [open, payments, t]);

  async function pay(part = false) {
    if (!field) return;
    setBusy(true);
    try {
      const result = await field.tokenize();
      if (result.status === "OK" && result.token) {
        if (part) giftCard.hold(result.token);
        else await onToken({ token: result.token });
      } else toast({ title: t("error"), description: t("failed"), variant: "destructive" });
    } catch {
      toast({ title: t("error"), description: t("failed"), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  if (!payments) return null;
  return (
    <div role="group" aria-label={t("group")} className="mt-4">
      {!open ? (
        <button type="button" className={giftCardButtonClass} onClick={() => setOpen(true)}>
          {t("open")}
        </button>
      ) : (
        <>
          <p className="text-sm text-stone-700">{t("covers")}</p>
          <div ref={container} id="gift-card-container" className="mt-2 min-h-16" />
          {problem && (
            <p role="alert" className="mt-2 text-sm text-red-800">
              {problem}
            </p>
          )}
          {held ? (
            <HeldGiftCard locale={locale} onDrop={() => giftCard.hold(null)} />
          ) : (
            <>
              <button type="button" className={`${giftCardButtonClass} mt-2`} onClick={() => void pay()} disabled={!field || busy || submitting}>
                {t("pay", localPrice(totalCents, locale))}
              </button>
              <button type="button" className={`${giftCardButtonClass} mt-2`} onClick={() => void pay(true)} disabled={!field || busy || submitting}>
                {t("part")}
              </button>
            </>
          )}
        </>
      )}
    </div>
  );
}

/** The gift card held for part of the payment, and the way to let it go. */
export function HeldGiftCard({ locale, onDrop }: { locale: Locale; onDrop: () => void }) {
  const t = translator(giftCardPaymentWords, locale);
  return (
    <div className="mt-2">
      <p role="status" className="text-sm font-semibold text-green-900">
        {t("held")}
      </p>
      <button
        type="button"
        className="mt-1 text-sm font-semibold text-brand-700 underline"
        onClick={onDrop}
      >
        {t("drop")}
      </button>
    </div>
  );
}
