// One "Order again" notice in words, in the page's language: a dish or option gone or sold out, a kitchen
// closed now and the time the order is set for instead. No React: the home page's strip uses it too.
import { miamiDateTime } from "../../domain/clockFormat";
import type { Locale } from "../../domain/i18n/locales";
import { translator } from "../../domain/i18n/translate";
import { savedWords } from "../../domain/i18n/ui/accountSaved";
import type { ReorderNotice } from "./savedApi";

export function noticeText(notice: ReorderNotice, locale: Locale): string {
  const t = translator(savedWords, locale);
  switch (notice.kind) {
    case "option-gone":
    case "option-sold-out":
      return t(`notice.${notice.kind}`, notice.dish, notice.option);
    case "kitchen-closed": {
      const when = miamiDateTime(notice.slot, locale, { weekday: "long", hour: "numeric", minute: "2-digit" });
      return t("notice.kitchen-closed", notice.kitchens.join(", "), when);
    }
    default:
      return t(`notice.${notice.kind}`, notice.dish);
  }
}
