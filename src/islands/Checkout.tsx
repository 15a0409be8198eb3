// The checkout: order type, customer and delivery details, then the card form; a
// paid checkout is sent once per attempt (one idempotency key), the cart cleared, the confirmation shown.
import { useStore } from "@nanostores/react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
// Only zod-free domain modules: the schemas of ../domain/orderRequest.schema would ship all of zod to this page.
import { deliversTo } from "../domain/delivery";
import { useCourierQuote } from "./checkout/useCourierQuote";
import { DELIVERY_FEE_CENTS, deliveryFeeFor, toDollars } from "../domain/money";
import { isZipCode, wrongCustomerField } from "../domain/checkoutCustomer";
import type { OrderType } from "../domain/orderReadModel";
import { localizedPath, type Locale } from "../domain/i18n/locales";
import { localPrice } from "../domain/i18n/prices";
import { translator, type Translate } from "../domain/i18n/translate";
import { checkoutWords } from "../domain/i18n/ui/checkout";
import { orderPlacedWords } from "../domain/i18n/ui/order";
import { INPUT_CLASS } from "../lib/formStyles";
import { attemptFingerprint, clearAttempt, loadAttempt, saveAttempt } from "../lib/checkoutAttempt";
import { ORDER_PLACED_FLASH_KEY, OrderSubmissionError, submitOrder } from "../lib/orderSubmission";
import { $cart, $cartTotals, clearCart, repriceItems, setDeliveryFee } from "../stores/cart";
import { toast } from "../stores/toasts";
import OrderSummary from "./checkout/OrderSummary";
import PaymentStep from "./checkout/PaymentStep";
import TipAndNote, { tipOf, type TipOption } from "./checkout/TipAndNote";
import WhenStep, { type SpecialDateNote } from "./checkout/WhenStep";
import { $orderFor } from "../stores/orderTime";

/** An empty cart leaves the checkout after this long. */
const EMPTY_CART_REDIRECT_MS = 100;

interface Details {
  name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  deliveryNotes: string;
  /** The tip as chosen ("none", "15", "18", "20", "custom") and a custom amount in dollars. */
  tip: string;
  customTip: string;
  /** The diner's note for the whole order. */
  orderNote: string;
}

const EMPTY_DETAILS: Details = {
  name: "",
  email: "",
  phone: "",
  address: "",
  city: "Miami",
  state: "FL",
  zipCode: "",
  deliveryNotes: "",
  tip: "none",
  customTip: "",
  orderNote: "",
};

const inputClass = INPUT_CLASS;

function failure(title: string, description: string): void {
  toast({ title, description, variant: "destructive" });
}

/** 128 random bits as 32 hex characters: one per checkout attempt (Square keeps keys to 45). */
function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The ZIP's problem, if any, worded the way the server would answer it. */
function zipProblem(zipCode: string, servedZipCodes: readonly string[], t: Translate<typeof checkoutWords>): string | undefined {
  if (!isZipCode(zipCode)) return t("zip.shape");
  return deliversTo(zipCode, servedZipCodes) ? undefined : t("zip.notServed", zipCode);
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
}

export default function Checkout({ servedZipCodes, phone, specialDates, locale = "en" }: CheckoutProps) {
  const t = translator(checkoutWords, locale);
  const placedText = translator(orderPlacedWords, locale);
  const cart = useStore($cart);
  const totals = useStore($cartTotals);
  const [orderType, setOrderType] = useState<OrderType>("pickup");
  const [details, setDetails] = useState<Details>(EMPTY_DETAILS);
  const [step, setStep] = useState<"details" | "payment">("details");
  // The time ordered for ("" as soon as possible) and why none can be taken (a pause), from WhenStep.
  const orderFor = useStore($orderFor);
  const [whenProblem, setWhenProblem] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [retainedToken, setRetainedToken] = useState<string | null>(null);
  /** The attempt in flight or failed on the server's side: its key and token are resent together. */
  const attemptRef = useRef<{ key: string; token: string } | null>(null);
  /** Set once the order is placed, so clearing the cart does not trigger the empty-cart redirect. */
  const placedRef = useRef(false);
  const paymentHeadingRef = useRef<HTMLHeadingElement>(null);

  const tip = tipOf(totals.subtotal, details.tip, details.customTip, locale);
  // With courier delivery configured, a typed address gets DoorDash's fee and time (else the flat fee).
  const courier = useCourierQuote({ orderType, ...details, subtotalCents: totals.subtotal, tipCents: tip.cents, slot: orderFor ?? "", servedZipCodes, locale });
  useEffect(() => setDeliveryFee(courier.feeCents ?? deliveryFeeFor(orderType)), [orderType, courier.feeCents]);

  // A reload in the middle of a payment (a timeout, a lost connection): the same attempt, same key and
  // card token, so paying again cannot charge twice.
  useEffect(() => {
    const kept = loadAttempt((type) => attemptFingerprint($cart.get().items, type));
    if (!kept) return;
    attemptRef.current = { key: kept.key, token: kept.token };
    setOrderType(kept.orderType);
    setDetails((current) => ({ ...current, ...kept.details }));
    setRetainedToken(kept.token);
    setStep("payment");
  }, []);

  useEffect(() => {
    if (cart.items.length > 0 || placedRef.current) return;
    const timer = setTimeout(() => window.location.assign(localizedPath(locale, "/full-menu")), EMPTY_CART_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [cart.items.length]);

  useEffect(() => {
    if (step === "payment") paymentHeadingRef.current?.focus();
  }, [step]);

  const update = (field: keyof Details) => (value: string) => setDetails((current) => ({ ...current, [field]: value }));
  const zipTyped = details.zipCode.trim().length >= 5;
  const zipMessage = orderType === "delivery" && zipTyped && !courier.active ? zipProblem(details.zipCode.trim(), servedZipCodes, t) : undefined;

  async function continueToPayment() {
    const d = details;
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
    if (tip.problem) return failure(t("tip.title"), tip.problem);
    if (whenProblem) return failure(t("unavailable.title"), whenProblem);
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
    setStep("details");
  }

  function orderBody(paymentToken: string) {
    const d = details;
    return {
      items: cart.items.map((item) => ({
        id: item.id,
        name: item.name,
        price: toDollars(item.price),
        quantity: item.quantity,
        ...(item.options?.length
          ? {
              options: item.options.map((option) => ({
                groupId: option.groupId,
                optionId: option.optionId,
                quantity: option.quantity,
                name: option.name,
                price: toDollars(option.price),
              })),
            }
          : {}),
        ...(item.note ? { note: item.note } : {}),
      })),
      subtotal: toDollars(totals.subtotal),
      tax: toDollars(totals.tax),
      deliveryFee: toDollars(totals.deliveryFee),
      // The total before the tip: the tip is paid on top of it and never taxed.
      total: toDollars(totals.total),
      ...(tip.cents > 0 ? { tip: toDollars(tip.cents) } : {}),
      ...(d.orderNote.trim() ? { note: d.orderNote.trim() } : {}),
      customerInfo: { name: d.name.trim(), email: d.email.trim(), phone: d.phone.trim() },
      ...(orderType === "delivery"
        ? {
            deliveryInfo: {
              address: d.address.trim(),
              city: d.city.trim() || "Miami",
              state: d.state.trim() || "FL",
              zipCode: d.zipCode.trim(),
              phone: d.phone.trim(),
              deliveryNotes: d.deliveryNotes.trim(),
            },
          }
        : {}),
      orderType,
      ...(orderType === "delivery" && courier.quoteId ? { courierQuoteId: courier.quoteId } : {}),
      ...(orderFor ? { slot: orderFor } : {}),
      paymentToken,
    };
  }

  async function placeOrder(token: string) {
    if (submitting) return;
    const attempt = attemptRef.current?.token === token ? attemptRef.current : { key: newIdempotencyKey(), token };
    attemptRef.current = attempt;
    saveAttempt({ ...attempt, fingerprint: attemptFingerprint(cart.items, orderType), details: { ...details }, orderType });
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
      const placed = await submitOrder(orderBody(token), attempt.key, locale);
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
      // A server-side failure keeps the attempt so a retry cannot charge twice; a refusal starts a new one.
      if (!retryable) {
        attemptRef.current = null;
        clearAttempt();
      }
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

  if (cart.items.length === 0) {
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
        {step === "details" ? (
          <form
            className="space-y-8"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void continueToPayment();
            }}
          >
            <fieldset>
              <legend className="font-display text-xl font-bold">{t("type.legend")}</legend>
              <div className="mt-3 grid grid-cols-2 gap-3">
                {(["pickup", "delivery"] as const).map((type) => (
                  <label
                    key={type}
                    className="flex cursor-pointer items-center gap-2 rounded-lg border border-stone-300 bg-white p-4 has-[:checked]:border-brand-600 has-[:checked]:ring-2 has-[:checked]:ring-brand-600/30"
                  >
                    <input type="radio" name="orderType" value={type} checked={orderType === type} onChange={() => setOrderType(type)} />
                    <span>
                      <span className="block font-semibold">{type === "pickup" ? t("type.pickup") : t("type.delivery")}</span>
                      <span className="block text-sm text-stone-600">
                        {type === "pickup" ? t("type.pickupTime") : t("type.deliveryTime", localPrice(DELIVERY_FEE_CENTS, locale))}
                      </span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>

            <WhenStep items={cart.items} orderType={orderType} specialDates={specialDates} onProblem={setWhenProblem} locale={locale} />

            <fieldset className="space-y-4">
              <legend className="font-display text-xl font-bold">{t("customer.legend")}</legend>
              <Field label={t("field.name")} value={details.name} onChange={update("name")} autoComplete="name" />
              <Field label={t("field.email")} type="email" value={details.email} onChange={update("email")} autoComplete="email" />
              <Field label={t("field.phone")} type="tel" value={details.phone} onChange={update("phone")} autoComplete="tel" />
            </fieldset>

            {orderType === "delivery" && (
              <fieldset className="space-y-4">
                <legend className="font-display text-xl font-bold">{t("delivery.legend")}</legend>
                <Field label={t("field.address")} value={details.address} onChange={update("address")} autoComplete="street-address" />
                <div className="grid gap-4 sm:grid-cols-3">
                  <Field label={t("field.city")} value={details.city} onChange={update("city")} autoComplete="address-level2" />
                  <Field label={t("field.state")} value={details.state} onChange={update("state")} autoComplete="address-level1" />
                  <Field
                    label={t("field.zip")}
                    value={details.zipCode}
                    onChange={update("zipCode")}
                    autoComplete="postal-code"
                    inputMode="numeric"
                    problem={zipMessage}
                  />
                </div>
                {courier.note && (
                  <p role="status" className="text-sm font-medium">
                    {courier.note}
                  </p>
                )}
                <Field
                  label={t("field.deliveryNotes")}
                  value={details.deliveryNotes}
                  onChange={update("deliveryNotes")}
                  multiline
                  placeholder={t("field.deliveryNotesHint")}
                />
              </fieldset>
            )}

            <TipAndNote
              subtotal={totals.subtotal}
              option={details.tip}
              customDollars={details.customTip}
              note={details.orderNote}
              onOption={(option: TipOption) => update("tip")(option)}
              onCustom={update("customTip")}
              onNote={update("orderNote")}
              locale={locale}
            />

            <button
              type="submit"
              className="w-full rounded-lg bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700"
            >
              {t("continue")}
            </button>
          </form>
        ) : (
          <section aria-labelledby="payment-heading">
            <div className="flex items-baseline justify-between gap-4">
              <h2 id="payment-heading" ref={paymentHeadingRef} tabIndex={-1} className="font-display text-xl font-bold">
                {t("payment.heading")}
              </h2>
              <button type="button" onClick={backToDetails} className="text-sm font-semibold text-brand-700 underline" disabled={submitting}>
                {t("payment.edit")}
              </button>
            </div>
            <p className="mt-2 text-sm text-stone-700">
              {orderType === "pickup" ? t("payment.pickupFor", details.name) : t("payment.deliveryFor", details.address, details.zipCode, details.name)}
            </p>
            <PaymentStep
              totalCents={totals.total + tip.cents}
              billing={{ name: details.name, email: details.email, phone: details.phone }}
              submitting={submitting}
              retainedToken={retainedToken}
              onToken={placeOrder}
              checkout={{ attempt: attemptRef, fingerprint: attemptFingerprint(cart.items, orderType), details: { ...details }, orderType }}
              phone={phone}
              locale={locale}
              giftCards
            />
          </section>
        )}
      </div>

      <aside className="lg:sticky lg:top-24 lg:self-start">
        <OrderSummary items={cart.items} totals={totals} tip={tip.cents} locale={locale} />
      </aside>
    </div>
  );
}

interface FieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: string;
  autoComplete?: string;
  inputMode?: "numeric" | "text";
  placeholder?: string;
  multiline?: boolean;
  problem?: string;
}

function Field({ label, value, onChange, type = "text", autoComplete, inputMode, placeholder, multiline, problem }: FieldProps): ReactNode {
  const id = useId();
  const common = {
    id,
    value,
    placeholder,
    className: inputClass,
    "aria-invalid": problem ? true : undefined,
    "aria-describedby": problem ? `${id}-problem` : undefined,
  };
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      {multiline ? (
        <textarea {...common} rows={3} maxLength={500} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} type={type} autoComplete={autoComplete} inputMode={inputMode} onChange={(event) => onChange(event.target.value)} />
      )}
      {problem && (
        <p id={`${id}-problem`} role="alert" className="mt-1 text-sm text-red-800">
          {problem}
        </p>
      )}
    </div>
  );
}
