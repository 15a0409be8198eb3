// "Replace your cart?": asked before "Order again" puts a past order where a cart with dishes was, in a
// modal dialog of plain DOM (the home page loads no React), in the page's language. An empty cart is not asked about.
import type { Locale } from "../../domain/i18n/locales";
import { translator } from "../../domain/i18n/translate";
import { savedWords } from "../../domain/i18n/ui/accountSaved";
import { $cartCount } from "../../stores/cart";

const BUTTON = "min-h-11 rounded-lg px-4 py-2 font-semibold";

/** Whether the cart may be replaced: at once when it is empty, else the diner's answer (Escape keeps it). */
export function replaceCartAllowed(orderNumber: string, locale: Locale): Promise<boolean> {
  const count = $cartCount.get();
  if (count === 0) return Promise.resolve(true);
  const t = translator(savedWords, locale);
  const dialog = document.createElement("dialog");
  dialog.setAttribute("aria-labelledby", "replace-cart-title");
  dialog.className = "m-auto w-[min(28rem,calc(100%-2rem))] rounded-xl bg-white p-6 text-ink shadow-xl backdrop:bg-black/50";
  const form = Object.assign(document.createElement("form"), { method: "dialog" });
  const title = Object.assign(document.createElement("h2"), { id: "replace-cart-title", className: "font-display text-xl font-bold", textContent: t("replace.title") });
  const text = Object.assign(document.createElement("p"), { className: "mt-2", textContent: t("replace.text", count, orderNumber) });
  const row = Object.assign(document.createElement("div"), { className: "mt-4 flex flex-wrap justify-end gap-2" });
  const keep = Object.assign(document.createElement("button"), { value: "keep", className: `${BUTTON} border border-stone-400 bg-white hover:bg-stone-100`, textContent: t("replace.no") });
  const replace = Object.assign(document.createElement("button"), { value: "replace", className: `${BUTTON} bg-brand-600 text-white hover:bg-brand-700`, textContent: t("replace.yes") });
  row.append(keep, replace);
  form.append(title, text, row);
  dialog.append(form);
  document.body.append(dialog);
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => {
      resolve(dialog.returnValue === "replace");
      dialog.remove();
    });
  });
}
