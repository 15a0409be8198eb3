// The checkout is rendered on the server, where there is no cart: its form is in the page's HTML and takes
// typing before the scripts arrive. The stored cart (and all that depends on it: the summary, the totals,
// the times offered) joins once the island is awake, so the browser's first render matches the server's.
import { useStore } from "@nanostores/react";
import { $cart, $cartTotals, type CartItem, type CartTotals } from "../../stores/cart";
import { useAwake } from "../useAwake";

const NO_CART: { items: CartItem[] } = { items: [] };
const NO_TOTALS: CartTotals = { subtotal: 0, tax: 0, deliveryFee: 0, total: 0 };

export function useAwakeCart(): { awake: boolean; cart: { items: CartItem[] }; cartTotals: CartTotals } {
  const awake = useAwake();
  const cart = useStore($cart);
  const cartTotals = useStore($cartTotals);
  return awake ? { awake, cart, cartTotals } : { awake, cart: NO_CART, cartTotals: NO_TOTALS };
}
