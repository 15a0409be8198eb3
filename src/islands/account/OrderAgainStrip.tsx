// The home page's "Order again" for a signed-in diner: their last order and one button that fills the
// cart from today's menu and opens the checkout (filled with their saved details): two taps to a filled
// checkout, counting the home page's own. A guest, or a diner without orders, sees nothing.
import { useEffect, useState } from "react";
import { INTL_LOCALE, localizedPath, type Locale } from "../../domain/i18n/locales";
import { localPrice } from "../../domain/i18n/prices";
import { translator } from "../../domain/i18n/translate";
import { savedWords } from "../../domain/i18n/ui/accountSaved";
import { toCents } from "../../domain/money";
import { ApiError, apiRequest } from "../../lib/api";
import OrderAgainButton from "./OrderAgainButton";
import type { LastOrder } from "./savedApi";

import { forgetSignedIn, hintsSignedIn } from "./signedInHint";

export default function OrderAgainStrip({ locale = "en" }: { locale?: Locale }) {
  const t = translator(savedWords, locale);
  const [order, setOrder] = useState<LastOrder | null>(null);

  useEffect(() => {
    if (!hintsSignedIn()) return;
    apiRequest<{ orders: LastOrder[] }>("/api/account/orders").then(
      ({ orders }) => setOrder(orders[0] ?? null),
      (error: unknown) => {
        // Signed out elsewhere (or the session ran out): the hint goes with it.
        if (error instanceof ApiError && error.status === 401) forgetSignedIn();
      },
    );
  }, []);

  if (!order) return null;
  const when = new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: "medium" }).format(new Date(order.createdAt));
  return (
    <section aria-labelledby="order-again-heading" className="bg-brand-50 py-6">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4">
        <div>
          <h2 id="order-again-heading" className="font-display text-2xl font-bold">
            {t("again.heading")}
          </h2>
          <p className="text-stone-800">
            {when}: {order.items.map((item) => `${item.quantity} × ${item.name}`).join(", ")} · {localPrice(toCents(order.total), locale)}
          </p>
          <a className="text-sm text-brand-700 underline" href={localizedPath(locale, "/account")}>
            {t("again.all")}
          </a>
        </div>
        <OrderAgainButton orderId={order.orderId} orderNumber={order.orderNumber} locale={locale} strong />
      </div>
    </section>
  );
}
