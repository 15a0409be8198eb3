// What "Order again" left out or changed, in the page's language: a dish or option gone or sold out, a
// kitchen closed now and the time the order is set for instead.
import type { Locale } from "../../domain/i18n/locales";
import { translator } from "../../domain/i18n/translate";
import { savedWords } from "../../domain/i18n/ui/accountSaved";
import { noticeText } from "./reorderNoticeText";
import type { ReorderNotice } from "./savedApi";

export default function ReorderNotices({ notices, locale, withPrices = false }: { notices: readonly ReorderNotice[]; locale: Locale; withPrices?: boolean }) {
  const t = translator(savedWords, locale);
  if (notices.length === 0 && !withPrices) return null;
  return (
    <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-ink">
      <p className="font-semibold">{t("notice.heading")}</p>
      <ul className="mt-1 list-disc pl-5">
        {notices.map((notice, index) => (
          <li key={index}>{noticeText(notice, locale)}</li>
        ))}
        {withPrices ? <li>{t("notice.prices")}</li> : null}
      </ul>
    </div>
  );
}
