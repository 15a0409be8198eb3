// The checkout: order type, customer and delivery details, then the card form; a paid checkout is sent
// once per attempt (one idempotency key, with the card's or wallet's token, the bank's check of it and a
// held gift card, all resent together on a retry and kept across a reload), the cart cleared, the
// confirmation shown. The attempt's state lives here and goes down to the payment step as props.
import { useStore } from "@nanostores/react";
import { useEffect, useRef, useState } from "react";
// Only zod-free domain modules: the schemas of ../domain/orderRequest.schema would ship all of zod to this page.
import { useCourierQuote } from "./checkout/useCourierQuote";
import { useFieldProblems } from "./checkout/useFieldProblems";
import { deliveryFeeFor } from "../domain/money";
import { wrongCustomerField } from "../domain/checkoutCustomer";
import type { OrderType } from "../domain/orderReadModel";
import { buildOrderRequest } from "../domain/orderRequestBuilder";
import { localizedPath, orderPagePath, type Locale } from "../domain/i18n/locales";
import { translator } from "../domain/i18n/translate";
import { checkoutWords } from "../domain/i18n/ui/checkout";
import { orderPlacedWords } from "../domain/i18n/ui/order";
import { attemptFingerprint, attemptFor, clearAttempt, loadAttempt, saveAttempt, type AttemptPayment, type PaidWith } from "../lib/checkoutAttempt";
import { ORDER_PLACED_FLASH_KEY } from "../lib/orderPlacedFlash";
import { OrderSubmissionError, submitOrder } from "../lib/orderSubmission";
import { $cart, clearCart, repriceItems, setDeliveryFee } from "../stores/cart";
import { toast } from "../stores/toasts";
import DetailsStep, { EMPTY_DETAILS, zipProblem, type Details } from "./checkout/DetailsStep";
import LoyaltyCheckout from "./checkout/LoyaltyCheckout";
import OrderSummary from "./checkout/OrderSummary";
import { $loyaltyReward, loyaltyRewardField } from "../stores/loyaltyReward";
import { preloadPaymentStep } from "./checkout/LazyPaymentStep";
import PaymentSection from "./checkout/PaymentSection";
import SavedDetails from "./checkout/SavedDetails";
import PayProblem, { payProblemOf, refusedBeforePaying, type PayProblemShown } from "./checkout/PayProblem";
import PromoCode, { type AppliedOffer, type DroppedCode } from "./checkout/PromoCode";
import { setPromoCode } from "../stores/promoCode";
import { tipOf } from "./checkout/TipAndNote";
import type { SpecialDateNote } from "./checkout/WhenStep";
import { $orderFor } from "../stores/orderTime";
import { checkoutBlock } from "../stores/cartProblems";
import { courierFeePending, pendingFeeNote } from "../lib/couriersOffered";
import { typedOnPage, useEarlyTyping } from "./checkout/earlyTyping";
import { useAwakeCart } from "./checkout/useAwakeCart";

/** An empty cart leaves the checkout after this long. */
const EMPTY_CART_REDIRECT_MS = 100;

function failure(title: string, description: string): void {
  toast({ title, description, variant: "destructive" });
}

interface CheckoutProps {
  /** The ZIP codes we deliver to, from the page (the areas' texts stay out of the bundle). */
  servedZipCodes: readonly string[];
  /** The restaurant's phone as shown (content/site.json), for "call us" when payment cannot go on. */
  phone: string;
  /** The upcoming special dates (holidays, special hours) the page was rendered with. */
  specialDates: readonly SpecialDateNote[];
  /** The page's language (English at /checkout, Spanish at /es/checkout). */
  locale?: Locale;
  /** Delivery is by courier (DoorDash): the server's HTML says so as the browser's will. */
  couriers?: boolean;
  /** The restaurant can text about an order (Twilio's keys set): the "Text me about this order" box shows. */
  texts?: boolean;
}

export default function Checkout({ servedZipCodes, phone, specialDates, locale = "en", couriers, texts }: CheckoutProps) {
  const t = translator(checkoutWords, locale);
  const placedText = translator(orderPlacedWords, locale);
  const fieldProblems = useFieldProblems(locale);
  // Rendered on the server too, without the cart: the form takes typing before the scripts arrive.
  const { awake, cart, cartTotals } = useAwakeCart();
  // A loyalty reward chosen: the Pay button shows Square's total with it (./checkout/LoyaltyCheckout.tsx).
  const reward = useStore($loyaltyReward);
  // With a code applied, the totals are the check's: Square's, discount included.
  const [offer, setOffer] = useState<AppliedOffer | null>(null);
  // A code that applied and then stopped (a first-order code once the e-mail is known): said at Pay.
  const [droppedCode, setDroppedCode] = useState<DroppedCode | null>(null);
  const totals = offer?.totals ?? cartTotals;
  const [orderType, setOrderType] = useState<OrderType>("pickup");
  const [details, setDetails] = useState<Details>(EMPTY_DETAILS);
  const [step, setStep] = useState<"details" | "payment">("details");
  // The time ordered for ("" as soon as possible) and why none can be taken (a pause), from WhenStep.
  const orderFor = useStore($orderFor);
  const [whenProblem, setWhenProblem] = useState<string | null>(null);
  const paymentHeadingRef = useRef<HTMLHeadingElement>(null);
  useEarlyTyping(details, setDetails, orderType, setOrderType);

  const tip = tipOf(totals.subtotal, details.tip, details.customTip, locale);
  // With courier delivery configured, a typed address gets DoorDash's fee and time, and no fee is counted
  // before it (else the flat fee).
  const courier = useCourierQuote({ orderType, ...details, subtotalCents: totals.subtotal, tipCents: tip.cents, slot: orderFor ?? "", locale });
  useEffect(() => setDeliveryFee(courier.feeCents ?? (courierFeePending(orderType, null) ? 0 : deliveryFeeFor(orderType))), [orderType, courier.feeCents]);

  const [submitting, setSubmitting] = useState(false);
  // What stopped the last Pay, kept beside the summary until the diner acts on it or pays again.
  const [payProblem, setPayProblem] = useState<PayProblemShown | null>(null);
  const [retainedToken, setRetainedToken] = useState<string | null>(null);
  const [heldGiftCard, setHeldGiftCard] = useState<string | null>(null);
  // Once the server asked every card for its bank's check, the card form asks it for the rest of the visit.
  const [verifyCards, setVerifyCards] = useState(false);
  /** The attempt in flight or failed on the server's side: its key and what pays are resent together. */
  const attemptRef = useRef<AttemptPayment | null>(null);
  /** Set once the order is placed, so clearing the cart does not trigger the empty-cart redirect. */
  const placedRef = useRef(false);
  const fingerprint = attemptFingerprint(cart.items, orderType);

  // A reload in the middle of a payment (a timeout, a lost connection): the same attempt, same key and
  // card token, so paying again cannot charge twice.
  useEffect(() => {
    const kept = loadAttempt((type) => attemptFingerprint($cart.get().items, type));
    if (!kept) return;
    const { fingerprint: _cart, details: keptDetails, orderType: keptType, ...payment } = kept;
    attemptRef.current = payment;
    setRetainedToken(payment.token);
    setOrderType(keptType);
    setDetails((current) => ({ ...current, ...keptDetails }));
    setStep("payment");
  }, []);

  useEffect(() => {
    if (!awake || cart.items.length > 0 || placedRef.current) return;
    const timer = setTimeout(() => window.location.assign(localizedPath(locale, "/full-menu")), EMPTY_CART_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [awake, cart.items.length, locale]);

  useEffect(() => {
    if (step === "payment") paymentHeadingRef.current?.focus();
  }, [step]);
  useEffect(preloadPaymentStep, []);

  const update = (field: keyof Details) => (value: string) => setDetails((current) => ({ ...current, [field]: value }));
  const zipTyped = details.zipCode.trim().length >= 5;
  const zipMessage = orderType === "delivery" && zipTyped && !courier.active ? zipProblem(details.zipCode.trim(), servedZipCodes, t) : undefined;

  async function continueToPayment() {
    // What the page's fields hold wins: text the browser autofilled without telling the form.
    const d = { ...details, ...typedOnPage(details) };
    setDetails(d);
    // Each problem at its field, focus on the first; the toast below still says what stops the order.
    fieldProblems.check(d, orderType === "delivery");
    if (!d.name.trim() || !d.email.trim() || !d.phone.trim()) {
      return failure(t("missing.title"), t("missing.text"));
    }
    if (orderType === "delivery") {
      if (!d.address.trim() || !d.zipCode.trim()) {
        return failure(t("missingDelivery.title"), t("missingDelivery.text"));
      }
      const courierProblem = courier.active ? await courier.settledProblem() : "off";
      const problem = courierProblem === "off" ? zipProblem(d.zipCode.trim(), servedZipCodes, t) : courierProblem;
      if (problem) return failure(t("noDelivery.title"), problem);
    }
    if (orderType === "pickup" && d.curbside === "yes" && !d.curbsideCar?.trim()) return failure(t("missingCar.title"), t("missingCar.text"));
    if (tip.problem) return failure(t("tip.title"), tip.problem);
    if (whenProblem) return failure(t("unavailable.title"), whenProblem);
    const blocked = checkoutBlock(locale);
    if (blocked) return failure(t("unavailable.title"), blocked);
    const field = wrongCustomerField({ name: d.name, email: d.email, phone: d.phone });
    if (field) {
      return failure(t("details.title"), field === "email" ? t("details.email") : field === "phone" ? t("details.phone") : t("details.name"));
    }
    setStep("payment");
  }

  function backToDetails() {
    // Changed details make a new checkout attempt.
    attemptRef.current = null;
    clearAttempt();
    setRetainedToken(null);
    setHeldGiftCard(null);
    setStep("details");
  }

  async function placeOrder(paid: PaidWith) {
    if (submitting) return;
    setPayProblem(null);
    // A dish sold out (or a kitchen closed) since Continue, by the summary's latest menu: said here, not by Pay's refusal.
    const blocked = checkoutBlock(locale);
    if (blocked) return setPayProblem(refusedBeforePaying(t("unavailable.title"), blocked));
    const attempt = attemptFor(attemptRef.current, paid, heldGiftCard);
    attemptRef.current = attempt;
    saveAttempt({ ...attempt, fingerprint, details: { ...details }, orderType });
    setSubmitting(true);
    try {
      // A quote near its end is asked again first; a changed fee is shown, not paid.
      const changed = await courier.beforePaying();
      if (changed) {
        attemptRef.current = null;
        clearAttempt();
        setPayProblem(refusedBeforePaying(changed.title, changed.text));
        setSubmitting(false);
        return;
      }
      const payment = { paymentToken: attempt.token, verificationToken: attempt.verificationToken, giftCardToken: attempt.giftCardToken };
      const request = { ...buildOrderRequest({ items: cart.items, totals, orderType, details, tipCents: tip.cents, slot: orderFor ?? "", courierQuoteId: courier.quoteId, payment }), ...(offer ? { promoCode: offer.code } : {}), ...loyaltyRewardField($loyaltyReward.get()) };
      const placed = await submitOrder(request, attempt.key, locale);
      clearAttempt();
      placedRef.current = true;
      clearCart();
      setPromoCode(null);
      toast({ title: placedText("placed.title"), description: placedText("placed.text", placed.orderNumber) });
      try {
        sessionStorage.setItem(ORDER_PLACED_FLASH_KEY, JSON.stringify({ orderId: placed.orderId, orderNumber: placed.orderNumber }));
      } catch {
        // Without session storage the confirmation page simply shows no toast.
      }
      window.location.assign(orderPagePath(locale, placed.orderId));
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
        setPayProblem(refusedBeforePaying(t("pricesUpdated"), error.message));
        setSubmitting(false);
        return;
      }
      // A typed field the server refused: the diner is taken back to it, its sentence under it.
      if (error instanceof OrderSubmissionError && fieldProblems.fromServer(error.fieldIssues, details)) setStep("details");
      // A courier fee that changed since it was shown: the new one is asked for, to show before paying again.
      if (courier.active) courier.refresh();
      setPayProblem(payProblemOf(t("failed.title"), error, cart.items, t("failed.unknown")));
      setSubmitting(false);
    }
  }

  if (awake && cart.items.length === 0) {
    return (
      <p className="p-8 text-center text-stone-600">
        {placedRef.current ? t("cart.opening") : t("cart.empty")}
      </p>
    );
  }

  return (
    // The page heading and Back to Menu are in src/pages/checkout.astro's HTML, above this grid.
    <div className="mx-auto grid max-w-6xl gap-8 px-4 pt-6 pb-10 lg:grid-cols-[1fr_22rem]">
      <div>
        <SavedDetails orderType={orderType} details={details} setOrderType={setOrderType} setDetails={setDetails} locale={locale} hidden={step !== "details"} />
        <PromoCode items={cart.items} orderType={orderType} courierQuoteId={courier.quoteId} contact={step === "payment" ? details : null} locked={submitting || retainedToken !== null} locale={locale} onApplied={setOffer} onDropped={setDroppedCode} />
        {step === "details" ? (
          <DetailsStep
            items={cart.items}
            subtotalCents={totals.subtotal}
            orderType={orderType}
            onOrderType={setOrderType}
            details={details}
            onDetail={update}
            specialDates={specialDates}
            onWhenProblem={setWhenProblem}
            zipMessage={zipMessage}
            problems={fieldProblems.shown(details)}
            courierNote={courier.note}
            onContinue={() => void continueToPayment()}
            locale={locale}
            awake={awake}
            couriers={couriers}
            texts={texts}
          />
        ) : (
          <PaymentSection
            headingRef={paymentHeadingRef}
            onEdit={backToDetails}
            orderType={orderType}
            details={details}
            dropped={droppedCode}
            locale={locale}
            payment={{
              totalCents: (reward?.totalCents ?? totals.total) + tip.cents,
              billing: { name: details.name, email: details.email, phone: details.phone },
              submitting,
              retainedToken,
              onToken: placeOrder,
              checkout: { attempt: attemptRef, fingerprint, details: { ...details }, orderType },
              phone,
              locale,
              giftCard: { held: heldGiftCard, hold: setHeldGiftCard },
              verifyCards,
            }}
          />
        )}
      </div>

      <aside className="lg:sticky lg:top-24 lg:self-start">
        {payProblem && <PayProblem problem={payProblem} locale={locale} onPickTime={backToDetails} onDone={() => setPayProblem(null)} />}
        {awake ? (
          <>
            <OrderSummary items={cart.items} totals={totals} tip={tip.cents} locale={locale} feeNote={pendingFeeNote(orderType, courier.feeCents, locale)} discountCode={offer?.code} />
            <LoyaltyCheckout items={cart.items} totals={totals} promoCode={offer?.code} locked={submitting || retainedToken !== null} locale={locale} />
          </>
        ) : <p className="text-stone-600">{t("page.loading")}</p>}
      </aside>
    </div>
  );
}
