// "Replace your cart?": asked before "Order again" puts a past order where a cart with dishes was, in the
// page's language (src/lib/askDialog.ts: the home page loads no React). An empty cart is not asked about.
import type { Locale } from "../../domain/i18n/locales";
import { translator } from "../../domain/i18n/translate";
import { savedWords } from "../../domain/i18n/ui/accountSaved";
import { askDialog } from "../../lib/askDialog";
import { $cartCount } from "../../stores/cart";

/** Whether the cart may be replaced: at once when it is empty, else the diner's answer (Escape keeps it). */
export function replaceCartAllowed(orderNumber: string, locale: Locale): Promise<boolean> {
  const count = $cartCount.get();
  if (count === 0) return Promise.resolve(true);
  const t = translator(savedWords, locale);
  return askDialog({ title: t("replace.title"), text: t("replace.text", count, orderNumber), yes: t("replace.yes"), no: t("replace.no") });
}
