// The order confirmation: banner, order number, live status badge, ready time, items
// and totals, pickup or delivery and customer details, help phone. Unknown orders go home. The page
// reads the order on the server and renders it here first; the browser then keeps its status fresh.
import { useEffect, useState } from "react";
import { choiceText } from "../domain/dishOptions";
import { formatPrice, TAX_RATE_LABEL, toCents } from "../domain/money";
import { FINISHED_STATUSES, statusSentence, statusTone, type OrderView } from "../domain/orderReadModel";
import { ApiError, apiRequest } from "../lib/api";
import { ORDER_PLACED_FLASH_KEY } from "../lib/orderSubmission";
import { toast, TOAST_DURATION_MS } from "../stores/toasts";

/**
 * While the kitchen works on the order the page asks again soon after each answer, a little later each
 * time nothing changed (3 s, 4.5 s, ... up to 20 s), and at once again at 3 s after a change: a status
 * shows within seconds of staff setting it, and a page left open all afternoon costs few requests.
 */
export const LIVE_REFRESH_MS = { first: 3_000, factor: 1.5, max: 20_000 } as const;
/** A finished order is still asked for now and then: staff may refund it (a cancelled order usually is). */
const FINISHED_REFRESH_MS = 60_000;
/** Long enough to read the 'Order Not Found' toast before going home. */
const NOT_FOUND_REDIRECT_MS = 3_000;

/** The restaurant's phone and pickup address, from content/site.json (the page passes them in). */
export interface RestaurantContact {
  phone: string;
  phoneE164: string;
  address: string;
}

function CallUs({ contact }: { contact: RestaurantContact }) {
  return (
    <a className="font-semibold text-brand-700 underline" href={`tel:${contact.phoneE164}`}>
      {contact.phone}
    </a>
  );
}

const TONE_CLASS: Record<ReturnType<typeof statusTone>, string> = {
  green: "bg-green-100 text-green-900 border-green-300",
  yellow: "bg-yellow-100 text-yellow-900 border-yellow-300",
  blue: "bg-blue-100 text-blue-900 border-blue-300",
  grey: "bg-stone-200 text-stone-800 border-stone-300",
  orange: "bg-orange-100 text-orange-900 border-orange-300",
};

/**
 * How long to wait before asking for the order again, given the last wait (null at first) and whether
 * the last answer changed anything: null once the order is finished and refunded in full.
 */
export function nextRefreshDelay(order: Pick<OrderView, "status" | "paymentStatus">, lastDelay: number | null, changed: boolean): number | null {
  if (FINISHED_STATUSES.has(order.status)) return order.paymentStatus === "refunded" ? null : FINISHED_REFRESH_MS;
  if (lastDelay === null || changed) return LIVE_REFRESH_MS.first;
  return Math.min(LIVE_REFRESH_MS.max, Math.round(lastDelay * LIVE_REFRESH_MS.factor));
}

/** What on the page can change while it is open: the status and the money coming back. */
function liveState(order: OrderView): string {
  return JSON.stringify([order.status, order.paymentStatus ?? null, order.refunded ?? 0, order.refunds?.map((refund) => refund.status) ?? []]);
}

function bannerTitle(status: string): string {
  if (status === "pending") return "Thank you! We are confirming your payment.";
  if (status === "cancelled") return "This order was cancelled.";
  return "Thank you! Your order is confirmed.";
}

function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** Shows the success toast the checkout left behind for this order, once. */
function showPlacedToast(orderId: string): void {
  try {
    const flash = JSON.parse(sessionStorage.getItem(ORDER_PLACED_FLASH_KEY) ?? "null") as { orderId?: string; orderNumber?: string } | null;
    if (flash?.orderId !== orderId) return;
    // Forgotten once it has been on screen, so a reload moments later (or the dev server's) shows it again.
    setTimeout(() => sessionStorage.removeItem(ORDER_PLACED_FLASH_KEY), TOAST_DURATION_MS);
    toast({ title: "Order Placed Successfully!", description: `Your order #${flash.orderNumber ?? orderId} has been confirmed.` });
  } catch {
    // No session storage, no toast: the banner says the same.
  }
}

interface Props {
  orderId: string;
  contact: RestaurantContact;
  /**
   * The order as the page read it on the server: null when there is no such order to show (the API
   * would answer 404), undefined when the store could not be read, so the island loads it itself.
   */
  initialOrder?: OrderView | null;
}

export default function OrderConfirmation({ orderId, contact, initialOrder }: Props) {
  const [order, setOrder] = useState<OrderView | null>(initialOrder ?? null);

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const goHome = () => {
      toast({
        title: "Order Not Found",
        description: "Unable to load order details. Please contact us if you need assistance.",
        variant: "destructive",
      });
      timer = setTimeout(() => window.location.assign("/"), NOT_FOUND_REDIRECT_MS);
    };
    let lastDelay: number | null = null;
    let shown = initialOrder ? liveState(initialOrder) : "";
    const refreshLater = (delay: number | null) => {
      clearTimeout(timer);
      timer = undefined;
      lastDelay = delay;
      if (delay !== null) timer = setTimeout(() => void load(false), delay);
    };
    // Back on the page (the phone unlocked, the tab shown again): ask at once rather than at the next tick.
    const onVisible = () => {
      if (document.visibilityState === "visible" && timer !== undefined) void load(false);
    };
    document.addEventListener("visibilitychange", onVisible);
    const load = async (first: boolean) => {
      clearTimeout(timer);
      try {
        const answer = await apiRequest<OrderView>(`/api/orders/${encodeURIComponent(orderId)}`);
        if (!live) return;
        const state = liveState(answer);
        const changed = state !== shown;
        shown = state;
        setOrder(answer);
        // With the order on screen, so the toast is not gone before the page has anything to show.
        if (first) showPlacedToast(orderId);
        refreshLater(nextRefreshDelay(answer, lastDelay, changed));
      } catch (error) {
        if (!live) return;
        if (first || (error instanceof ApiError && error.status === 404)) goHome();
        // A refresh that failed (offline for a moment) keeps the last status and tries again, later each time.
        else refreshLater(Math.min(LIVE_REFRESH_MS.max, Math.round((lastDelay ?? LIVE_REFRESH_MS.first) * LIVE_REFRESH_MS.factor)));
      }
    };
    if (initialOrder === undefined) {
      // The server could not read the order: load it as the page did before it was rendered there.
      void load(true);
    } else if (initialOrder === null) {
      goHome();
    } else {
      // The server's copy is as fresh as this page: the first refresh is due one interval from now.
      showPlacedToast(orderId);
      refreshLater(nextRefreshDelay(initialOrder, null, false));
    }
    return () => {
      live = false;
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [orderId, initialOrder]);

  if (initialOrder === null) {
    // Shown until the toast and the way home take over (and for good without JavaScript).
    return (
      <p className="p-8 text-center text-stone-700">
        We could not find this order. Questions? Call us at <CallUs contact={contact} />.
      </p>
    );
  }
  if (!order) return <p className="p-8 text-center text-stone-600">Loading your order...</p>;

  const tone = statusTone(order.status);
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <section className="rounded-xl border border-green-300 bg-green-50 p-6 text-center">
        <p aria-hidden="true" className="text-4xl">✓</p>
        <h1 className="mt-2 font-display text-3xl font-bold text-green-900">{bannerTitle(order.status)}</h1>
        <p className="mt-2 text-lg">
          Order number <strong data-testid="order-number">#{order.orderNumber}</strong>
        </p>
        {/* One live region for the status: a screen reader hears the new sentence when staff move the order. */}
        <div role="status" aria-live="polite" aria-atomic="true">
          <p className="mt-3 flex items-center justify-center gap-2">
            <span>Status:</span>
            <span
              data-testid="order-status"
              data-tone={tone}
              className={`rounded-full border px-3 py-0.5 text-sm font-semibold ${TONE_CLASS[tone]}`}
            >
              {statusLabel(order.status)}
            </span>
          </p>
          <p data-testid="order-status-sentence" className="mt-2 font-semibold text-stone-800">
            {statusSentence(order.status, order.orderType)}
          </p>
        </div>
        {!["ready", ...FINISHED_STATUSES].includes(order.status) && (
          <p data-testid="order-promise" className="mt-2 text-stone-700">
            {order.estimatedReadyTime}
          </p>
        )}
      </section>

      <section aria-labelledby="items-heading" className="rounded-xl border border-stone-200 bg-white p-6">
        <h2 id="items-heading" className="font-display text-xl font-bold">
          Your Items
        </h2>
        <ul className="mt-3 divide-y divide-stone-200">
          {order.items.map((item, index) => (
            <li key={index} className="flex justify-between gap-3 py-2">
              <span>
                <span className="font-semibold">{item.name}</span> <span className="text-stone-600">× {item.quantity}</span>
                {item.options && item.options.length > 0 && <span className="block text-sm text-stone-800">{choiceText(item.options)}</span>}
                {item.note && <span className="block text-sm text-stone-800 italic">Note: {item.note}</span>}
                <span className="block text-sm text-stone-600">{formatPrice(toCents(item.price))} each</span>
              </span>
              <span>{formatPrice(toCents(item.price) * item.quantity)}</span>
            </li>
          ))}
        </ul>
        <dl className="mt-3 space-y-1 border-t border-stone-200 pt-3 text-sm">
          <Row label="Subtotal" value={order.subtotal} />
          <Row label={`Tax (${TAX_RATE_LABEL})`} value={order.tax} />
          {order.deliveryFee > 0 && <Row label="Delivery Fee" value={order.deliveryFee} />}
          {order.tip > 0 && <Row label="Tip" value={order.tip} />}
          <div className="flex justify-between border-t border-stone-200 pt-2 text-base font-bold">
            <dt>Total</dt>
            <dd data-testid="order-total">{formatPrice(toCents(order.total))}</dd>
          </div>
        </dl>
        {order.note && (
          <p className="mt-3 text-sm">
            <span className="font-semibold">Your note for the kitchen:</span> {order.note}
          </p>
        )}
        <div aria-live="polite">
          {order.refunds && order.refunds.length > 0 && (
            <div className="mt-3 rounded-md border border-blue-300 bg-blue-50 p-3 text-sm text-blue-950">
              <p className="font-semibold">
                {order.paymentStatus === "refunded" ? "Refunded" : "Partly refunded"}: {formatPrice(toCents(order.refunded ?? 0))}
              </p>
              <ul className="mt-1 space-y-0.5">
                {order.refunds.map((refund, index) => (
                  <li key={index}>
                    Refund of {formatPrice(toCents(refund.amount))}{" "}
                    {refund.status === "completed" ? "returned to your card." : "on its way to your card (banks take a few business days)."}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      </section>

      <div className="grid gap-6 sm:grid-cols-2">
        <section aria-labelledby="fulfilment-heading" className="rounded-xl border border-stone-200 bg-white p-6">
          <h2 id="fulfilment-heading" className="font-display text-xl font-bold">
            {order.orderType === "pickup" ? "Pickup" : "Delivery"}
          </h2>
          {order.orderType === "pickup" || !order.deliveryInfo ? (
            <p className="mt-2">
              Pick up at Jealous Fork, {contact.address}.
            </p>
          ) : (
            <div className="mt-2 space-y-1">
              <p>{order.deliveryInfo.address}</p>
              <p>
                {order.deliveryInfo.city}, {order.deliveryInfo.state} {order.deliveryInfo.zipCode}
              </p>
              {order.deliveryInfo.notes && <p className="text-sm text-stone-600">Notes: {order.deliveryInfo.notes}</p>}
            </div>
          )}
        </section>
        <section aria-labelledby="customer-heading" className="rounded-xl border border-stone-200 bg-white p-6">
          <h2 id="customer-heading" className="font-display text-xl font-bold">
            Customer
          </h2>
          <p className="mt-2">{order.customerInfo.name}</p>
          <p>{order.customerInfo.email}</p>
          <p>{order.customerInfo.phone}</p>
        </section>
      </div>

      <p className="text-center text-stone-700">
        Questions about your order? Call us at <CallUs contact={contact} />.
      </p>
      <div className="flex flex-col justify-center gap-3 sm:flex-row">
        <a href="/menu" className="rounded-lg bg-brand-600 px-6 py-3 text-center font-semibold text-white hover:bg-brand-700">
          Order Again
        </a>
        <a href="/" className="rounded-lg border border-stone-300 bg-white px-6 py-3 text-center font-semibold hover:bg-stone-50">
          Back to Home
        </a>
      </div>
    </div>
  );
}

function Row({ label, value }: { label: string; value: number }) {
  return (
    <div className="flex justify-between">
      <dt>{label}</dt>
      <dd>{formatPrice(toCents(value))}</dd>
    </div>
  );
}
