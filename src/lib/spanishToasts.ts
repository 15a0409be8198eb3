// The Spanish of the notices the cart store and the add buttons raise. They toast in English (the
// server's own words for the order limits) and carry no dictionary, so the menu's first script stays
// small; the notification region (src/lib/toaster.ts, loaded with the first toast) shows these instead
// on Spanish pages, found by the toast's code. Other toasts (the contact form's, the checkout's) carry
// no code: they are raised in the page's language.
import { ORDER_LIMITS } from "../stores/cart";
import type { Toast, ToastCode } from "../stores/toasts";

type Words = Pick<Toast, "title" | "description">;

const limitTitle = "Es lo máximo que admite un pedido en línea";
const callUs = "para pedidos más grandes, llámanos.";

/** Every code's Spanish: a code without it does not compile. */
export const SPANISH_TOASTS: Readonly<Record<ToastCode, Words>> = {
  too_many_of_one_dish: {
    title: limitTitle,
    description: `Como máximo ${ORDER_LIMITS.maxQuantityPerLine} unidades de un mismo plato por pedido en línea; ${callUs}`,
  },
  too_many_dishes: { title: limitTitle, description: `Como máximo ${ORDER_LIMITS.maxItemsPerOrder} platos por pedido en línea; ${callUs}` },
  too_many_lines: { title: limitTitle, description: `Como máximo ${ORDER_LIMITS.maxLines} platos distintos por pedido en línea; ${callUs}` },
  options_failed: { title: "No se pudieron abrir las opciones de este plato", description: "Revisa tu conexión e inténtalo de nuevo." },
};

/** A toast's words as a Spanish page shows them: its code's Spanish, else as it was raised. */
export function inSpanish(toast: Pick<Toast, "code" | "title" | "description">): Words {
  return toast.code ? SPANISH_TOASTS[toast.code] : { title: toast.title, description: toast.description };
}
