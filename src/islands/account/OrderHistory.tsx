// The diner's orders on their account page: date, dishes, total, status, a link to each order's page, and
// "Order again" (the cart rebuilt from today's menu, then the checkout). The page loads them with the
// account (AccountPage), so the sections below appear once, in place, instead of moving down a moment later.
import { orderPagePath, type Locale } from "../../domain/i18n/locales";
import { localPrice } from "../../domain/i18n/prices";
import { translator } from "../../domain/i18n/translate";
import { accountWords } from "../../domain/i18n/ui/account";
import { STATUS_LABELS } from "../../domain/i18n/ui/order";
import { toCents } from "../../domain/money";
import type { PastOrder } from "./accountApi";
import OrderAgainButton from "./OrderAgainButton";
import { orderDay } from "./orderDay";

export default function OrderHistory({ locale, orders }: { locale: Locale; orders: PastOrder[] }) {
  const t = translator(accountWords, locale);

  return (
    <section aria-labelledby="account-orders">
      <h2 id="account-orders" className="font-display text-2xl font-bold">
        {t("history.heading")}
      </h2>
      {orders.length === 0 ? <p className="mt-2 text-stone-700">{t("history.none")}</p> : null}
      <ul className="mt-2 grid gap-2">
        {orders.map((order) => (
          <li key={order.orderId} className="rounded-lg border border-stone-200 bg-white p-3">
            <p className="flex flex-wrap justify-between gap-2 font-semibold">
              <span>{t("history.order", order.orderNumber, orderDay(order.createdAt, locale))}</span>
              <span>{STATUS_LABELS[locale][order.status as keyof (typeof STATUS_LABELS)["en"]] ?? order.status}</span>
            </p>
            <p className="text-stone-700">{order.items.map((item) => `${item.quantity} × ${item.name}`).join(", ")}</p>
            <p className="flex flex-wrap justify-between gap-2">
              <span>{localPrice(toCents(order.total), locale)}</span>
              <a className="text-brand-700 underline" href={orderPagePath(locale, order.orderId)}>
                {t("history.open", order.orderNumber)}
              </a>
            </p>
            <div className="mt-2">
              <OrderAgainButton orderId={order.orderId} orderNumber={order.orderNumber} locale={locale} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
