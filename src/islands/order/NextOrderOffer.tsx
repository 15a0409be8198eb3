// The separate order, offered once this one is placed: the dish the diner kept for its own order when it
// could not join the cart's time ("Check out this order first"), with a link to it on the full menu, where
// its button pre-orders it for its time. Read after hydration: the server drew the page without the tab's storage.
import { useEffect, useState } from "react";
import { localizedPath, type Locale } from "../../domain/i18n/locales";
import { untilEs, whenText } from "../../domain/orderingState";
import { translator } from "../../domain/i18n/translate";
import { orderWords } from "../../domain/i18n/ui/order";
import { forgetNextOrder, nextOrder, type NextOrder } from "../../stores/nextOrder";

export default function NextOrderOffer({ locale }: { locale: Locale }) {
  const t = translator(orderWords, locale);
  const [next, setNext] = useState<NextOrder | null>(null);
  useEffect(() => setNext(nextOrder(new Date())), []);
  if (!next) return null;
  const at = new Date(next.at);
  const when = locale === "es" ? untilEs(at, new Date()) : whenText(at, new Date(), "en");
  return (
    <section aria-labelledby="next-order-heading" className="rounded-xl border border-stone-200 bg-white p-6">
      <h2 id="next-order-heading" className="font-display text-xl font-bold">
        {t("next.heading")}
      </h2>
      <p className="mt-2 text-stone-700">{t("next.text", next.name, when)}</p>
      <a
        href={`${localizedPath(locale, "/full-menu")}${next.slug ? `#${next.slug}` : ""}`}
        onClick={forgetNextOrder}
        className="mt-3 inline-block rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
      >
        {t("next.link", next.name)}
      </a>
    </section>
  );
}
