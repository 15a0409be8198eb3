// "Order again" in the browser: the server's rebuilt cart (today's menu and prices) replaces the cart,
// the time is set (the next opening when a kitchen is closed now), and the checkout opens with what was
// left out, kept for it in the tab's storage. One tap from the home page's welcome or the account's history;
// a cart with dishes in it is replaced only when the diner says so.
import { localizedPath, type Locale } from "../../domain/i18n/locales";
import { $cart } from "../../stores/cart";
import { setOrderFor } from "../../stores/orderTime";
import { replaceCartAllowed } from "./replaceCart";
import { reorderOf, type Reorder, type ReorderNotice } from "./savedApi";

const NOTICES_KEY = "jealous-fork-order-again";

export interface OrderAgainNote {
  orderType: "pickup" | "delivery";
  notices: ReorderNotice[];
  customer?: Reorder["customer"];
  delivery?: Reorder["delivery"];
}

/**
 * Fills the cart from the order and opens the checkout; answers the notices instead when nothing is left to
 * order, or "kept" when the diner chose to keep the cart they had.
 */
export async function orderAgain(orderId: string, orderNumber: string, locale: Locale): Promise<ReorderNotice[] | "kept" | null> {
  if (!(await replaceCartAllowed(orderNumber, locale))) return "kept";
  const again = await reorderOf(orderId);
  if (again.items.length === 0) return again.notices;
  $cart.set({ items: again.items.map((item) => ({ ...item })), deliveryFee: 0 });
  setOrderFor(again.slot ?? "");
  try {
    sessionStorage.setItem(NOTICES_KEY, JSON.stringify({ orderType: again.orderType, notices: again.notices, customer: again.customer, delivery: again.delivery } satisfies OrderAgainNote));
  } catch {
    // Without the tab's storage the checkout shows no notice; the cart itself says what is in it.
  }
  window.location.assign(localizedPath(locale, "/checkout"));
  return null;
}

/** The checkout's read of what "Order again" left for it (once: a reload shows it no more). */
export function takeOrderAgainNote(): OrderAgainNote | null {
  try {
    const raw = sessionStorage.getItem(NOTICES_KEY);
    if (!raw) return null;
    sessionStorage.removeItem(NOTICES_KEY);
    const note = JSON.parse(raw) as OrderAgainNote;
    return Array.isArray(note.notices) && (note.orderType === "pickup" || note.orderType === "delivery") ? note : null;
  } catch {
    return null;
  }
}
