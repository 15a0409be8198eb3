// The cart as it is kept in the browser: its lines' shape, the line key that tells two lines apart, and
// localStorage under `jealous-fork-cart` (items and delivery fee only), read defensively and written
// behind a guard, so a broken or full storage never breaks the cart. The arithmetic is in ./cart.
import { setPersistentEngine, windowPersistentEvents } from "@nanostores/persistent";
import type { ChosenOptionDetail } from "../domain/dishOptions";
import { LINE_NOTE_MAX, lineKey } from "../domain/lineKey";
import type { SectionId } from "../domain/hours";
import type { Cents } from "../domain/money";
import { ORDER_LIMITS } from "../domain/orderLimits";

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
  /** The owner's photo of the dish as the menu showed it (a path of the site), shown beside the line. */
  photo?: string;
}

/** An option on a cart line: what the server is sent (group, option, quantity) and what the sheet shows. */
export type CartOption = Omit<ChosenOptionDetail, "squareId">;

/** What an add button hands over: a cart item without its quantity. */
export type CartItemInput = Omit<CartItem, "quantity">;

/** The line a cart item belongs to: its dish, its options and its note. */
export function cartLineKey(item: Pick<CartItem, "id" | "options" | "note">): string {
  return lineKey(item.id, item.options ?? [], item.note ?? "");
}
/** The persisted part of the cart: totals and the open flag are never stored. */
export interface CartContents {
  items: CartItem[];
  deliveryFee: Cents;
}
export const EMPTY_CART: CartContents = { items: [], deliveryFee: 0 };
const SECTIONS: readonly string[] = ["jealous-fork", "jealous-burger", "beverages"];

function warn(msg: string, error?: unknown): void {
  console.warn(JSON.stringify({ level: "warn", msg, error: error instanceof Error ? error.message : error }));
}

export function isCents(value: unknown): value is number {
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
    // Only a path of the site itself: a stored address elsewhere is never loaded.
    ...(typeof item.photo === "string" && item.photo.startsWith("/") && !item.photo.startsWith("//") ? { photo: item.photo } : {}),
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
let safeStorageInstalled = false;

export function installSafeBrowserStorage(): void {
  // Once per page: the cart and the promo code (./promoCode) both ask for it before reading storage.
  if (typeof window === "undefined" || safeStorageInstalled) return;
  safeStorageInstalled = true;
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
