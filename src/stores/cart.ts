// The visitor's cart: a nanostore persisted in localStorage under `jealous-fork-cart` (items and
// delivery fee only), totals recomputed from it, and the open state of the cart sheet. A line is a
// dish with its options and special instruction: the same dish chosen differently is another line.
import { atom, computed } from "nanostores";
import { persistentAtom, setPersistentEngine, windowPersistentEvents } from "@nanostores/persistent";
import type { ChosenOptionDetail } from "../domain/dishOptions";
import { LINE_NOTE_MAX, lineKey } from "../domain/lineKey";
import type { SectionId } from "../domain/hours";
import type { MenuItemView } from "../domain/menuReadModel";
import type { Cents } from "../domain/money";
import { LINES_LIMIT_MESSAGE, LINE_LIMIT_MESSAGE, ORDER_LIMITS, ORDER_LIMIT_MESSAGE } from "../domain/orderLimits";
import { computeTotals, type Totals } from "../domain/pricing";
import { toast } from "./toasts";

export const CART_STORAGE_KEY = "jealous-fork-cart";

export interface CartItem {
  /** The menu item's id (menu store / GET /api/menu). */
  id: number;
  name: string;
  /** Unit price in cents. */
  price: Cents;
  category: string;
  description: string;
  quantity: number;
  squareId?: string | null;
  section: SectionId;
  /** Stock flag as last seen on the menu; the sheet re-checks it against the latest menu. */
  inStock: boolean;
  /** The options chosen for each unit, priced as the menu showed them (`price` already includes them). */
  options?: CartOption[];
  /** The diner's special instruction for this line. */
  note?: string;
}

/** An option on a cart line: what the server is sent (group, option, quantity) and what the sheet shows. */
export type CartOption = Omit<ChosenOptionDetail, "squareId">;

/** What an add button hands over: a cart item without its quantity. */
export type CartItemInput = Omit<CartItem, "quantity">;

/**
 * The line a cart item belongs to: its dish, options and note. A plain number names the dish's line
 * without options (what the add buttons of dishes without options make).
 */
export type LineRef = string | number;

export function cartLineKey(item: Pick<CartItem, "id" | "options" | "note">): string {
  return lineKey(item.id, item.options ?? [], item.note ?? "");
}

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
  };
}

/** The persisted part of the cart: totals and the open flag are never stored. */
export interface CartContents {
  items: CartItem[];
  deliveryFee: Cents;
}

export type CartTotals = Totals;

const EMPTY_CART: CartContents = { items: [], deliveryFee: 0 };
const SECTIONS: readonly string[] = ["jealous-fork", "jealous-burger", "beverages"];

function warn(msg: string, error?: unknown): void {
  console.warn(JSON.stringify({ level: "warn", msg, error: error instanceof Error ? error.message : error }));
}

function isCents(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

function decodeOptions(raw: unknown): CartOption[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  const options: CartOption[] = [];
  for (const entry of raw) {
    if (typeof entry !== "object" || entry === null) return undefined;
    const o = entry as Record<string, unknown>;
    const ok =
      typeof o.groupId === "string" &&
      typeof o.optionId === "string" &&
      typeof o.name === "string" &&
      isCents(o.price) &&
      typeof o.quantity === "number" &&
      Number.isSafeInteger(o.quantity) &&
      o.quantity > 0;
    if (!ok) return undefined;
    options.push({
      groupId: o.groupId as string,
      groupName: typeof o.groupName === "string" ? o.groupName : "",
      optionId: o.optionId as string,
      name: o.name as string,
      price: o.price as number,
      quantity: o.quantity as number,
    });
  }
  return options;
}

function decodeItem(raw: unknown): CartItem | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const item = raw as Record<string, unknown>;
  const valid =
    typeof item.id === "number" &&
    Number.isSafeInteger(item.id) &&
    typeof item.name === "string" &&
    isCents(item.price) &&
    typeof item.quantity === "number" &&
    Number.isSafeInteger(item.quantity) &&
    item.quantity > 0 &&
    typeof item.section === "string" &&
    SECTIONS.includes(item.section);
  if (!valid) return undefined;
  const options = item.options === undefined ? [] : decodeOptions(item.options);
  // A line whose options cannot be read would be ordered without them: dropped instead.
  if (!options) return undefined;
  const note = typeof item.note === "string" ? item.note.slice(0, LINE_NOTE_MAX) : "";
  return {
    id: item.id as number,
    name: item.name as string,
    price: item.price as number,
    category: typeof item.category === "string" ? item.category : "",
    description: typeof item.description === "string" ? item.description : "",
    // A cart saved before the limits existed keeps its line, at the most the server takes.
    quantity: Math.min(item.quantity as number, ORDER_LIMITS.maxQuantityPerLine),
    squareId: typeof item.squareId === "string" ? item.squareId : null,
    section: item.section as SectionId,
    inStock: item.inStock !== false,
    ...(options.length > 0 ? { options } : {}),
    ...(note ? { note } : {}),
  };
}

/**
 * Reads stored text defensively: anything unreadable gives an empty cart (never a crash), and a
 * line that is not a valid cart item is dropped, keeping the valid ones.
 */
export function decodeCart(text: string | undefined | null): CartContents {
  if (!text) return EMPTY_CART;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    warn("stored cart is not JSON; starting with an empty cart");
    return EMPTY_CART;
  }
  if (typeof data !== "object" || data === null || !Array.isArray((data as CartContents).items)) {
    warn("stored cart has no item list; starting with an empty cart");
    return EMPTY_CART;
  }
  const stored = data as { items: unknown[]; deliveryFee?: unknown };
  const items: CartItem[] = [];
  for (const raw of stored.items) {
    const item = decodeItem(raw);
    if (!item) warn("dropping an unreadable stored cart line");
    else if (!items.some((existing) => cartLineKey(existing) === cartLineKey(item))) items.push(item);
  }
  return { items, deliveryFee: isCents(stored.deliveryFee) ? stored.deliveryFee : 0 };
}

export function encodeCart(cart: CartContents): string {
  return JSON.stringify({ items: cart.items, deliveryFee: cart.deliveryFee });
}

/**
 * localStorage behind a guard: a full quota, a private mode or a blocked storage is logged and
 * ignored, so the cart keeps working in memory. Browser only; tests use the library's test engine.
 */
function installSafeBrowserStorage(): void {
  if (typeof window === "undefined") return;
  const memory: Record<string, string> = {};
  const storage = (): Storage | undefined => {
    try {
      return window.localStorage;
    } catch {
      return undefined;
    }
  };
  const guarded = <T>(what: string, fallback: T, task: (s: Storage) => T): T => {
    const s = storage();
    if (!s) return fallback;
    try {
      return task(s);
    } catch (error) {
      warn(`cart storage ${what} failed; continuing without saving`, error);
      return fallback;
    }
  };
  // `memory` holds only values the browser refused to store, so this tab keeps its latest cart.
  const engine: Record<string, string> = new Proxy(memory, {
    get: (_, key) =>
      typeof key !== "string" ? undefined : key in memory ? memory[key] : guarded("read", undefined, (s) => s.getItem(key) ?? undefined),
    has: (_, key) => typeof key === "string" && (key in memory || guarded("read", false, (s) => s.getItem(key) !== null)),
    set: (_, key, value: string) => {
      if (typeof key !== "string") return true;
      const saved = guarded("write", false, (s) => (s.setItem(key, value), true));
      if (saved) delete memory[key];
      else memory[key] = value;
      return true;
    },
    deleteProperty: (_, key) => {
      if (typeof key === "string") {
        delete memory[key];
        guarded("delete", undefined, (s) => s.removeItem(key));
      }
      return true;
    },
    ownKeys: () => [...new Set([...guarded("list", [], (s) => Object.keys(s)), ...Object.keys(memory)])],
    getOwnPropertyDescriptor: (_, key): PropertyDescriptor => ({ configurable: true, enumerable: true, writable: true, value: engine[key as string] }),
  });
  setPersistentEngine(engine, windowPersistentEvents);
}

installSafeBrowserStorage();

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
 * Why the server would refuse this cart (the order schema's own words), or undefined when it fits:
 * 50 of one dish, 100 dishes and 40 lines at most.
 */
export function cartLimitProblem(items: readonly Pick<CartItem, "quantity">[]): string | undefined {
  if (items.length > ORDER_LIMITS.maxLines) return LINES_LIMIT_MESSAGE;
  if (items.some((item) => item.quantity > ORDER_LIMITS.maxQuantityPerLine)) return LINE_LIMIT_MESSAGE;
  if (items.reduce((sum, item) => sum + item.quantity, 0) > ORDER_LIMITS.maxItemsPerOrder) return ORDER_LIMIT_MESSAGE;
  return undefined;
}

// The English of the cart's notices, here and in the add buttons (src/lib/spanishToasts.ts finds their
// Spanish by these words). In this module, which every page loads: no chunk of their own.
/** A refused addition: one more would pass what the server takes in one order. */
export const LIMIT_TOAST_TITLE = "That is as much as one online order holds";
/** A dish's option dialog whose code could not be fetched (src/lib/addButtons.ts). */
export const OPTIONS_FAILED_TOAST = { title: "Could not open this dish's options", description: "Please check your connection and try again." };

/** Keeps the cart as it is and tells the visitor why; returns the reason for the caller. */
function refuse(message: string): string {
  toast({ title: LIMIT_TOAST_TITLE, description: `${message[0]!.toUpperCase()}${message.slice(1)}.`, variant: "destructive" });
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
  const problem = cartLimitProblem(items);
  if (problem) return refuse(problem);
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
  const problem = current && whole > current.quantity ? cartLimitProblem(items) : undefined;
  if (problem) return refuse(problem);
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
