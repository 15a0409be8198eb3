// Placing the order from the payment step: one attempt per payment (its idempotency key, the card's or
// wallet's token, the bank's check of it and a held gift card, all resent together on a retry and kept
// across a reload), the cart cleared and the confirmation opened once the server took it.
import { useCallback, useRef, useState } from "react";
import { localizedPath, type Locale } from "../../domain/i18n/locales";
import { translator } from "../../domain/i18n/translate";
import { checkoutWords } from "../../domain/i18n/ui/checkout";
import { orderPlacedWords } from "../../domain/i18n/ui/order";
import type { OrderRequest } from "../../domain/orderRequest.schema";
import type { OrderPayment } from "../../domain/orderRequestBuilder";
import { clearAttempt, saveAttempt, type AttemptPayment } from "../../lib/checkoutAttempt";
import { ORDER_PLACED_FLASH_KEY, OrderSubmissionError, submitOrder } from "../../lib/orderSubmission";
import { clearCart, repriceItems } from "../../stores/cart";
import { toast } from "../../stores/toasts";
import { newAttemptKey, type GiftCardHold, type PaidWith } from "./paymentForm";

function failure(title: string, description: string): void {
  toast({ title, description, variant: "destructive" });
}

interface Placement {
  locale: Locale;
  /** The order as it stands, paid with `payment`. */
  request: (payment: OrderPayment) => OrderRequest;
  /** What the attempt is for, kept with it for a reload (see src/lib/checkoutAttempt.ts). */
  fingerprint: string;
  details: Record<string, string>;
  orderType: "pickup" | "delivery";
  courier: { active: boolean; beforePaying(): Promise<{ title: string; text: string } | null>; refresh(): void };
}

export function useOrderPlacement({ locale, request, fingerprint, details, orderType, courier }: Placement) {
  const t = translator(checkoutWords, locale);
  const placedText = translator(orderPlacedWords, locale);
  const [submitting, setSubmitting] = useState(false);
  const [retainedToken, setRetainedToken] = useState<string | null>(null);
  const [heldGiftCard, setHeldGiftCard] = useState<string | null>(null);
  // Once the server asked every card for its bank's check, the card form asks it for the rest of the visit.
  const [verifyCards, setVerifyCards] = useState(false);
  /** The attempt in flight or failed on the server's side: its key and what pays are resent together. */
  const attemptRef = useRef<AttemptPayment | null>(null);
  /** Set once the order is placed, so clearing the cart does not trigger the empty-cart redirect. */
  const placedRef = useRef(false);

  /** A reload in the middle of a payment: the same attempt again, with what it was paid with. */
  const resume = useCallback((attempt: AttemptPayment) => {
    attemptRef.current = attempt;
    setRetainedToken(attempt.token);
  }, []);

  /** Changed details make a new checkout attempt. */
  function dropAttempt() {
    attemptRef.current = null;
    clearAttempt();
    setRetainedToken(null);
    setHeldGiftCard(null);
  }

  /** This payment's attempt: the kept one when it resends the same token, else a new one. */
  function attemptFor(paid: PaidWith): AttemptPayment {
    const kept = attemptRef.current;
    if (kept && kept.token === paid.token) return paid.verificationToken ? { ...kept, verificationToken: paid.verificationToken } : kept;
    // Cash App Pay's key was fixed before the customer left the page: it pays with that key, once.
    const key = paid.attemptKey && (!kept || kept.key === paid.attemptKey) ? paid.attemptKey : newAttemptKey();
    return {
      key,
      token: paid.token,
      ...(paid.verificationToken ? { verificationToken: paid.verificationToken } : {}),
      ...(heldGiftCard ? { giftCardToken: heldGiftCard } : {}),
    };
  }

  async function placeOrder(paid: PaidWith) {
    if (submitting) return;
    const attempt = attemptFor(paid);
    attemptRef.current = attempt;
    saveAttempt({ ...attempt, fingerprint, details, orderType });
    setSubmitting(true);
    try {
      // A quote near its end is asked again first; a changed fee is shown, not paid.
      const changed = await courier.beforePaying();
      if (changed) {
        attemptRef.current = null;
        clearAttempt();
        failure(changed.title, changed.text);
        setSubmitting(false);
        return;
      }
      const payment = { paymentToken: attempt.token, verificationToken: attempt.verificationToken, giftCardToken: attempt.giftCardToken };
      const placed = await submitOrder(request(payment), attempt.key, locale);
      clearAttempt();
      placedRef.current = true;
      clearCart();
      toast({ title: placedText("placed.title"), description: placedText("placed.text", placed.orderNumber) });
      try {
        sessionStorage.setItem(ORDER_PLACED_FLASH_KEY, JSON.stringify({ orderId: placed.orderId, orderNumber: placed.orderNumber }));
      } catch {
        // Without session storage the confirmation page simply shows no toast.
      }
      window.location.assign(localizedPath(locale, `/order-confirmation/${encodeURIComponent(placed.orderId)}`));
    } catch (error) {
      const retryable = error instanceof OrderSubmissionError && error.retryable;
      // A server-side failure keeps the attempt so a retry cannot charge twice; a refusal starts a new one,
      // and a gift card's token is spent with it (its hold was cancelled).
      if (!retryable) {
        attemptRef.current = null;
        clearAttempt();
        setHeldGiftCard(null);
      }
      if (error instanceof OrderSubmissionError && error.verificationRequired) setVerifyCards(true);
      setRetainedToken(retryable ? attempt.token : null);
      if (error instanceof OrderSubmissionError && error.freshPrices) {
        // Nothing was charged: the summary and the Pay button now show today's prices.
        repriceItems(error.freshPrices, error.freshOptionPrices);
        failure(t("pricesUpdated"), error.message);
        setSubmitting(false);
        return;
      }
      const message = error instanceof Error ? error.message : t("failed.unknown");
      // A courier fee that changed since it was shown: the new one is asked for, to show before paying again.
      if (courier.active) courier.refresh();
      failure(t("failed.title"), t("failed.text", message));
      setSubmitting(false);
    }
  }

  const giftCard: GiftCardHold = { held: heldGiftCard, hold: setHeldGiftCard };
  return { submitting, retainedToken, attemptRef, placedRef, giftCard, verifyCards, resume, dropAttempt, placeOrder };
}
