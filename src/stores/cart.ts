// The visitor's cart: a nanostore persisted in localStorage (./cartStorage), totals recomputed from it,
// the server's limits kept, and the open state of the cart sheet. A line is a dish with its options and
// special instruction: the same dish chosen differently is another line.
import { atom, computed } from "nanostores";
import { persistentAtom } from "@nanostores/persistent";
import { LINE_NOTE_MAX, lineKey } from "../domain/lineKey";
import type { MenuItemView } from "../domain/menuReadModel";
import type { Cents } from "../domain/money";
import { LINES_LIMIT_MESSAGE, LINE_LIMIT_MESSAGE, ORDER_LIMITS, ORDER_LIMIT_MESSAGE } from "../domain/orderLimits";
import { computeTotals, type Totals } from "../domain/pricing";
import {
  CART_STORAGE_KEY,
  EMPTY_CART,
  cartLineKey,
  decodeCart,
  encodeCart,
  installSafeBrowserStorage,
  isCents,
  type CartContents,
  type CartItem,
  type CartItemInput,
  type CartOption,
} from "./cartStorage";
import { rememberLinkedCode } from "./promoCode";
import { toast, type ToastCode, type ToastInput } from "./toasts";

export { CART_STORAGE_KEY, cartLineKey, decodeCart, encodeCart };
export type { CartContents, CartItem, CartItemInput, CartOption };

/**
 * The line a cart item belongs to: its dish, options and note. A plain number names the dish's line
 * without options (what the add buttons of dishes without options make).
 */
export type LineRef = string | number;

const refKey = (ref: LineRef) => (typeof ref === "number" ? lineKey(ref, []) : ref);

/** A dish as the menu and featured answers show it, as an add button hands it to the cart (price in cents). */
export function cartItemInput(item: MenuItemView): CartItemInput {
  return {
    id: item.id,
    name: item.name,
    price: item.priceCents,
    category: item.category,
    description: item.description,
    squareId: item.squareId,
    section: item.section,
    inStock: item.inStock,
    ...(item.image ? { photo: item.image } : {}),
  };
}

export type CartTotals = Totals;

// Before the store reads storage for the first time.
installSafeBrowserStorage();
// A code in the link (/full-menu?code=BRUNCH5) is kept for the checkout: every page with a cart loads this.
rememberLinkedCode();

/** Items and delivery fee, saved on every change and synced from other tabs (storage events). */
export const $cart = persistentAtom<CartContents>(CART_STORAGE_KEY, EMPTY_CART, {
  encode: encodeCart,
  decode: decodeCart,
});

/** Subtotal, tax (7.5%, rounded as Square rounds it), delivery fee and total, in cents, recomputed after every change. */
export const $cartTotals = computed($cart, (cart): CartTotals =>
  computeTotals(
    cart.items.map((item) => ({ unitPrice: item.price, quantity: item.quantity })),
    cart.deliveryFee,
  ),
);

/** Number of dishes in the cart (quantities summed): the badge and the sheet's title. */
export const $cartCount = computed($cart, (cart) => cart.items.reduce((sum, item) => sum + item.quantity, 0));

/** Whether the cart sheet is open; never persisted, so every page load starts closed. */
export const $cartOpen = atom(false);

/**
 * The limits, for the words that name them (src/lib/spanishToasts.ts): taken from here, the toaster's
 * chunk shares this module's, where importing the domain module too would split the limits into a
 * request of their own on every page with a cart.
 */
export { ORDER_LIMITS };

type CartLimit = Extract<ToastCode, "too_many_lines" | "too_many_of_one_dish" | "too_many_dishes">;
const LIMIT_MESSAGES: Record<CartLimit, string> = {
  too_many_lines: LINES_LIMIT_MESSAGE,
  too_many_of_one_dish: LINE_LIMIT_MESSAGE,
  too_many_dishes: ORDER_LIMIT_MESSAGE,
};

/**
 * Which of the server's limits this cart passes (the order schema's own words, LIMIT_MESSAGES), or
 * undefined when it fits: 50 of one dish, 100 dishes and 40 lines at most.
 */
function cartLimitPassed(items: readonly Pick<CartItem, "quantity">[]): CartLimit | undefined {
  if (items.length > ORDER_LIMITS.maxLines) return "too_many_lines";
  if (items.some((item) => item.quantity > ORDER_LIMITS.maxQuantityPerLine)) return "too_many_of_one_dish";
  if (items.reduce((sum, item) => sum + item.quantity, 0) > ORDER_LIMITS.maxItemsPerOrder) return "too_many_dishes";
  return undefined;
}

// The English of the cart's notices, here and in the add buttons (src/lib/spanishToasts.ts holds their
// Spanish under the same codes). In this module, which every page loads: no chunk of their own.
/** A refused addition: one more would pass what the server takes in one order. */
export const LIMIT_TOAST_TITLE = "That is as much as one online order holds";
/** A dish's option dialog whose code could not be fetched (src/lib/addButtons.ts). */
export const OPTIONS_FAILED_TOAST = {
  code: "options_failed",
  title: "Could not open this dish's options",
  description: "Please check your connection and try again.",
} as const satisfies ToastInput;

/** Keeps the cart as it is and tells the visitor why; returns the reason for the caller. */
function refuse(limit: CartLimit): string {
  const message = LIMIT_MESSAGES[limit];
  toast({ code: limit, title: LIMIT_TOAST_TITLE, description: `${message[0]!.toUpperCase()}${message.slice(1)}.`, variant: "destructive" });
  return message;
}

/**
 * Adds `quantity` (1 unless the option dialog says more): the same dish with the same options and note
 * already in the cart goes up (with the latest name, price, stock), else it enters as a new line.
 * Beyond what the server accepts the cart stays as it is: returns the reason then.
 */
export function addItem(input: CartItemInput, quantity = 1): string | undefined {
  const cart = $cart.get();
  const { options, note: typedNote, ...dish } = input;
  const note = typedNote?.trim().slice(0, LINE_NOTE_MAX) ?? "";
  const line: CartItemInput = { ...dish, ...(options?.length ? { options } : {}), ...(note ? { note } : {}) };
  const key = cartLineKey(line);
  const existing = cart.items.find((item) => cartLineKey(item) === key);
  const items = existing
    ? cart.items.map((item) =>
        // The latest name, price and stock; the options keep the order they were first shown in.
        item === existing
          ? { ...item, ...line, ...(item.options ? { options: item.options } : {}), quantity: item.quantity + quantity }
          : item,
      )
    : [...cart.items, { ...line, quantity }];
  const limit = cartLimitPassed(items);
  if (limit) return refuse(limit);
  $cart.set({ ...cart, items });
  return undefined;
}

/** Removes a line (its key, or a dish id for the dish's line without options). */
export function removeItem(ref: LineRef): void {
  const cart = $cart.get();
  const key = refKey(ref);
  $cart.set({ ...cart, items: cart.items.filter((item) => cartLineKey(item) !== key) });
}

/** Sets a line's quantity; 0 or less removes the line; beyond the server's limits nothing changes (returns the reason). */
export function updateQuantity(ref: LineRef, quantity: number): string | undefined {
  if (!(quantity > 0)) {
    removeItem(ref);
    return undefined;
  }
  const cart = $cart.get();
  const key = refKey(ref);
  const whole = Math.floor(quantity);
  const items = cart.items.map((item) => (cartLineKey(item) === key ? { ...item, quantity: whole } : item));
  const current = cart.items.find((item) => cartLineKey(item) === key);
  // Going down is always allowed, even from a cart that is already over (saved before a change of limits).
  const limit = current && whole > current.quantity ? cartLimitPassed(items) : undefined;
  if (limit) return refuse(limit);
  $cart.set({ ...cart, items });
  return undefined;
}

/**
 * Takes the server's prices after it refused a stale total: each dish's own price (cents by dish id)
 * and each option's (by "dish/group/option"); a line's price is its dish's plus its options'.
 */
export function repriceItems(prices: ReadonlyMap<number, Cents>, optionPrices: ReadonlyMap<string, Cents> = new Map()): void {
  const cart = $cart.get();
  const items = cart.items.map((item) => {
    const options = item.options?.map((option) => {
      const fresh = optionPrices.get(`${item.id}/${option.groupId}/${option.optionId}`);
      return fresh === undefined ? option : { ...option, price: fresh };
    });
    const optionsOf = (list: readonly CartOption[] | undefined) => (list ?? []).reduce((sum, o) => sum + o.price * o.quantity, 0);
    const base = prices.get(item.id) ?? item.price - optionsOf(item.options);
    const price = base + optionsOf(options);
    return price === item.price && options === item.options ? item : { ...item, price, ...(options ? { options } : {}) };
  });
  $cart.set({ ...cart, items });
}

/** Empties the cart; the delivery fee stays, so the total equals it. */
export function clearCart(): void {
  $cart.set({ ...$cart.get(), items: [] });
}

export function setDeliveryFee(fee: Cents): void {
  $cart.set({ ...$cart.get(), deliveryFee: isCents(fee) ? fee : 0 });
}

export function setOpen(open: boolean): void {
  $cartOpen.set(open);
}

export function toggleOpen(): void {
  $cartOpen.set(!$cartOpen.get());
}
