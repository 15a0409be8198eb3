// The order confirmation: banner, order number, live status badge, ready time, items
// and totals, pickup or delivery and customer details, help phone. Unknown orders go home. The page
// reads the order on the server and renders it here first; the browser then keeps its status fresh.
import { choiceText } from "../domain/dishOptions";
import { toCents } from "../domain/money";
import { FINISHED_STATUSES, statusTone, type OrderView } from "../domain/orderReadModel";
import { localizedPath, type Locale } from "../domain/i18n/locales";
import { GIFT_CARD_PAGES } from "../domain/giftCards";
import { localPrice } from "../domain/i18n/prices";
import { translator } from "../domain/i18n/translate";
import { orderWords } from "../domain/i18n/ui/order";
import { totalsWords } from "../domain/i18n/ui/totals";
import { paidWithText, tenderText } from "../domain/tenders";
import CourierProgress from "./order/CourierProgress";
import SaveDetailsOffer from "./account/SaveDetailsOffer";
import CurbsideArrival from "./order/CurbsideArrival";
import NextOrderOffer from "./order/NextOrderOffer";
import { bannerTitle, headlineSaysStatus, promiseIn, statusLabel, statusSentenceIn } from "./order/orderStatus";
import { useLiveOrder } from "./order/useLiveOrder";
import Icon from "./Icon";
import { ConfirmedIcon } from "../lib/icons";

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

interface Props {
  orderId: string;
  contact: RestaurantContact;
  /**
   * The order as the page read it on the server: null when there is no such order to show (the API
   * would answer 404), undefined when the store could not be read, so the island loads it itself.
   */
  initialOrder?: OrderView | null;
  /** The page's language (English at /order-confirmation, Spanish at /es/confirmacion-de-pedido). */
  locale?: Locale;
}

export default function OrderConfirmation({ orderId, contact, initialOrder, locale = "en" }: Props) {
  const t = translator(orderWords, locale);
  const totalsText = translator(totalsWords, locale);
  const price = (dollars: number) => localPrice(toCents(dollars), locale);
  const home = localizedPath(locale, "/");
  const order = useLiveOrder(orderId, initialOrder, home, locale);

  if (initialOrder === null) {
    // Shown until the toast and the way home take over (and for good without JavaScript).
    return (
      <p className="p-8 text-center text-stone-700">
        {t("notFound.page")} <CallUs contact={contact} />.
      </p>
    );
  }
  if (!order) return <p className="p-8 text-center text-stone-600">{t("loading")}</p>;

  const tone = statusTone(order.status);
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <section className="rounded-xl border border-green-300 bg-green-50 p-6 text-center">
        <Icon icon={ConfirmedIcon} size={48} className="mx-auto text-herb-700" />
        <h1 className="mt-2 font-display text-3xl font-bold text-green-900">{bannerTitle(order, t)}</h1>
        <p className="mt-2 text-lg">
          {t("orderNumber")} <strong data-testid="order-number">#{order.orderNumber}</strong>
        </p>
        {/* One live region for the status: a screen reader hears the new sentence when staff move the order. */}
        <div role="status" aria-live="polite" aria-atomic="true">
          <p className="mt-3 flex items-center justify-center gap-2">
            <span>{t("status")}</span>
            <span
              data-testid="order-status"
              data-tone={tone}
              className={`rounded-full border px-3 py-0.5 text-sm font-semibold ${TONE_CLASS[tone]}`}
            >
              {statusLabel(order, locale)}
            </span>
          </p>
          {/* Said once in view: where the headline already says it, the sentence stays for the live region only. */}
          <p data-testid="order-status-sentence" className={headlineSaysStatus(order) ? "sr-only" : "mt-2 font-semibold text-ink-800"}>
            {statusSentenceIn(order, locale)}
          </p>
        </div>
        {!["ready", ...FINISHED_STATUSES].includes(order.status) && (
          <p data-testid="order-promise" className="mt-2 text-stone-700">
            {promiseIn(order, locale)}
          </p>
        )}
      </section>

      {order.courier && <CourierProgress courier={order.courier} locale={locale} />}
      {order.curbside && <CurbsideArrival orderId={orderId} order={order} locale={locale} address={contact.address} />}

      <section aria-labelledby="items-heading" className="rounded-xl border border-stone-200 bg-white p-6">
        <h2 id="items-heading" className="font-display text-xl font-bold">
          {t("items.heading")}
        </h2>
        <ul className="mt-3 divide-y divide-stone-200">
          {order.items.map((item, index) => (
            <li key={index} className="flex justify-between gap-3 py-2">
              <span>
                <span className="font-semibold">{item.name}</span> <span className="text-stone-600">× {item.quantity}</span>
                {item.options && item.options.length > 0 && <span className="block text-sm text-stone-800">{choiceText(item.options)}</span>}
                {item.note && <span className="block text-sm text-stone-800 italic">{t("items.note")}{item.note}</span>}
                <span className="block text-sm text-stone-600">{t("items.each", price(item.price))}</span>
              </span>
              <span>{localPrice(toCents(item.price) * item.quantity, locale)}</span>
            </li>
          ))}
        </ul>
        <dl className="mt-3 space-y-1 border-t border-stone-200 pt-3 text-sm">
          <Row label={totalsText("subtotal")} value={price(order.subtotal)} />
          {order.discount && <Row label={totalsText("discount", order.discount.code)} value={`\u2212${price(order.discount.amount)}`} />}
          {order.reward ? <Row label={totalsText("reward")} value={`\u2212${price(order.reward)}`} /> : null}
          <Row label={totalsText("tax")} value={price(order.tax)} />
          {order.deliveryFee > 0 && <Row label={totalsText("deliveryFee")} value={price(order.deliveryFee)} />}
          {order.tip > 0 && <Row label={totalsText("tip")} value={price(order.tip)} />}
          <div className="flex justify-between border-t border-stone-200 pt-2 text-base font-bold">
            <dt>{totalsText("total")}</dt>
            <dd data-testid="order-total">{price(order.total)}</dd>
          </div>
          {order.tenders && order.tenders.length > 0 && <Row label={paidWithText(locale)} value={order.tenders.map((tender) => tenderText(tender, locale)).join(" + ")} />}
        </dl>
        {order.note && (
          <p className="mt-3 text-sm">
            <span className="font-semibold">{t("note")}</span> {order.note}
          </p>
        )}
        <div aria-live="polite">
          {order.refunds && order.refunds.length > 0 && (
            <div className="mt-3 rounded-md border border-blue-300 bg-blue-50 p-3 text-sm text-blue-950">
              <p className="font-semibold">
                {order.paymentStatus === "refunded" ? t("refund.all") : t("refund.part")}: {price(order.refunded ?? 0)}
              </p>
              <ul className="mt-1 space-y-0.5">
                {order.refunds.map((refund, index) => (
                  <li key={index}>{t("refund.line", price(refund.amount), refund.status === "completed")}</li>
                ))}
              </ul>
            </div>
          )}
        </div>
      </section>

      <div className="grid gap-6 sm:grid-cols-2">
        <section aria-labelledby="fulfilment-heading" className="rounded-xl border border-stone-200 bg-white p-6">
          <h2 id="fulfilment-heading" className="font-display text-xl font-bold">
            {order.orderType === "pickup" ? t("pickup") : t("delivery")}
          </h2>
          {order.personalDetailsHidden && order.orderType === "delivery" ? (
            <p className="mt-2">{t("detailsHidden")}</p>
          ) : order.orderType === "pickup" || !order.deliveryInfo ? (
            <p className="mt-2">{t("pickupAt", contact.address)}</p>
          ) : (
            <div className="mt-2 space-y-1">
              <p>{order.deliveryInfo.unit ? `${order.deliveryInfo.address}, ${order.deliveryInfo.unit}` : order.deliveryInfo.address}</p>
              <p>
                {order.deliveryInfo.city}, {order.deliveryInfo.state} {order.deliveryInfo.zipCode}
              </p>
              {order.deliveryInfo.notes && <p className="text-sm text-stone-600">
                  {t("deliveryNotes")} {order.deliveryInfo.notes}
                </p>}
            </div>
          )}
        </section>
        <section aria-labelledby="customer-heading" className="rounded-xl border border-stone-200 bg-white p-6">
          <h2 id="customer-heading" className="font-display text-xl font-bold">
            {t("customer")}
          </h2>
          {order.personalDetailsHidden ? (
            <p className="mt-2">{t("detailsHidden")}</p>
          ) : (
            <>
              <p className="mt-2">{order.customerInfo.name}</p>
              <p>{order.customerInfo.email}</p>
              <p>{order.customerInfo.phone}</p>
            </>
          )}
        </section>
      </div>
      <NextOrderOffer locale={locale} />
      {order.personalDetailsHidden ? null : <SaveDetailsOffer locale={locale} orderId={order.orderId} email={order.customerInfo.email} name={order.customerInfo.name} />}

      <p className="text-center text-stone-700">
        {t("questions")} <CallUs contact={contact} />.
      </p>
      <div className="flex flex-col justify-center gap-3 sm:flex-row">
        <a href={localizedPath(locale, "/menu")} className="rounded-lg bg-brand-600 px-6 py-3 text-center font-semibold text-white hover:bg-brand-700">
          {t("orderAgain")}
        </a>
        <a href={home} className="rounded-lg border border-stone-300 bg-white px-6 py-3 text-center font-semibold hover:bg-stone-50">
          {t("home")}
        </a>
        <a href={GIFT_CARD_PAGES[locale]} className="rounded-lg border border-stone-300 bg-white px-6 py-3 text-center font-semibold hover:bg-stone-50">
          {t("giftCards")}
        </a>
      </div>
    </div>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
