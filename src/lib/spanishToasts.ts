// The Spanish of the notices the cart store and the add buttons raise. They toast in English (the
// server's own words for the order limits) and carry no dictionary, so the menu's first script stays
// small; the notification region (src/lib/toaster.ts, loaded with the first toast) shows these instead
// on Spanish pages. Other toasts (the contact form's, the checkout's) are raised in the page's language.
import { LINE_LIMIT_MESSAGE, LINES_LIMIT_MESSAGE, ORDER_LIMIT_MESSAGE, ORDER_LIMITS } from "../domain/orderLimits";
import { LIMIT_TOAST_TITLE, OPTIONS_FAILED_TOAST } from "../stores/cart";

/** A limit's words as the cart's toast writes them: "at most ..." -> "At most ....". */
const sentence = (message: string) => `${message[0]!.toUpperCase()}${message.slice(1)}.`;
const callUs = "para pedidos más grandes, llámanos.";

export const SPANISH_TOASTS: ReadonlyMap<string, string> = new Map([
  [LIMIT_TOAST_TITLE, "Es lo máximo que admite un pedido en línea"],
  [sentence(LINE_LIMIT_MESSAGE), `Como máximo ${ORDER_LIMITS.maxQuantityPerLine} unidades de un mismo plato por pedido en línea; ${callUs}`],
  [sentence(ORDER_LIMIT_MESSAGE), `Como máximo ${ORDER_LIMITS.maxItemsPerOrder} platos por pedido en línea; ${callUs}`],
  [sentence(LINES_LIMIT_MESSAGE), `Como máximo ${ORDER_LIMITS.maxLines} platos distintos por pedido en línea; ${callUs}`],
  [OPTIONS_FAILED_TOAST.title, "No se pudieron abrir las opciones de este plato"],
  [OPTIONS_FAILED_TOAST.description, "Revisa tu conexión e inténtalo de nuevo."],
]);

/** A toast's text as a Spanish page shows it: its Spanish when it is one of these, else as it was raised. */
export function inSpanish(text: string): string {
  return SPANISH_TOASTS.get(text) ?? text;
}
