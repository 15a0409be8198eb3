// "Change your order to 5:00 PM?": asked when a dish for another time would move an order whose dishes are
// not served then, and what each answer does. Loaded on the tap that needs it, with the dialog and its words,
// so the full menu's first script stays within its 15 KB.
import { timeChangeQuestion } from "../domain/timeChangeQuestion";
import type { Locale } from "../domain/i18n/locales";
import { setOpen } from "../stores/cart";
import { keepForNextOrder } from "../stores/nextOrder";
import { setOrderFor } from "../stores/orderTime";
import { askChoice } from "./askDialog";

/** Asks, then: the new time for the whole order (and the add goes on), the separate order, or nothing. */
export async function askTimeChange(button: HTMLButtonElement, at: Date, names: readonly string[], locale: Locale, refresh: () => void): Promise<void> {
  const answer = await askChoice(timeChangeQuestion(at, new Date(), names, locale));
  // The separate order: this cart goes to checkout as it is; the dish waits for the next order, which the
  // confirmation offers.
  if (answer === "other") {
    const row = button.closest<HTMLElement>("article[id]");
    keepForNextOrder({ name: row?.querySelector("[data-name]")?.textContent ?? "", slug: row?.id ?? "", at: at.toISOString() });
    return setOpen(true);
  }
  if (answer === "no") return;
  setOrderFor(button.dataset.preorder!);
  refresh();
  button.click();
}
