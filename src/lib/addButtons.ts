// The add buttons of the full menu and the featured cards: plain HTML buttons whose dish is read from
// the row or card around them (data-* and its text). A dish without options goes into the cart at
// once; one with options (data-options) opens the option dialog, loaded with React the first time.
// A tiny inline script in the page's head (BaseLayout) keeps the taps made before this module
// arrives; they are replayed here, in order.
import type { SectionId } from "../domain/hours";
import { addItem, OPTIONS_FAILED_TOAST, type CartItemInput } from "../stores/cart";
import { toast } from "../stores/toasts";
import { ADDED_EVENT } from "./addedEvent";

declare global {
  interface Window {
    /** Set once this module runs; the inline script hands every later tap straight to it. */
    __jfAdd?: (button: HTMLButtonElement) => void;
    /** Taps the inline script kept while this module was still on its way. */
    __jfTaps?: HTMLButtonElement[];
  }
}


const textOf = (root: Element, selector: string) => root.querySelector(selector)?.textContent?.trim() ?? "";

/**
 * The dish a button belongs to, read from the nearest element with data-id (id, price in cents,
 * square id, data-out when out of stock) and the nearest holding a section and a category (the row
 * itself on a featured card; the menu's section and category block on the full menu).
 */
export function dishOf(button: Element): CartItemInput | undefined {
  const holder = button.closest<HTMLElement>("[data-id]");
  const data = holder?.dataset;
  const section = button.closest<HTMLElement>("[data-section]")?.dataset.section;
  if (!holder || !data?.id || !data.price || !section) return undefined;
  return {
    id: Number(data.id),
    name: textOf(holder, "[data-name]"),
    price: Number(data.price),
    category: button.closest<HTMLElement>("[data-category]")?.dataset.category ?? "",
    description: textOf(holder, "[data-desc]"),
    squareId: data.square || null,
    section: section as SectionId,
    inStock: data.out === undefined,
    // The dish's photo as the card or row shows it (only the owner's photos are shown), for the cart's line.
    ...photoOf(holder),
  };
}

function photoOf(holder: Element): { photo?: string } {
  const src = holder.querySelector("img")?.getAttribute("src");
  return src?.startsWith("/") ? { photo: src } : {};
}

function add(button: HTMLButtonElement): void {
  // The page's own rules decide by now (a closed section's button is disabled): a tap kept from
  // before they applied is dropped when they say no.
  if (button.disabled || !button.isConnected) return;
  const dish = dishOf(button);
  if (!dish) return;
  if (button.closest("[data-options]")) {
    void openOptions(button, dish);
    return;
  }
  if (addItem(dish)) return; // refused: the cart store has told the visitor why
  added(button, dish);
}

function added(button: HTMLButtonElement, dish: CartItemInput): void {
  // The page says it where the button is (the full menu's announcer, a featured card's note); the visitor stays.
  button.dispatchEvent(new CustomEvent(ADDED_EVENT, { bubbles: true, detail: dish }));
}

/** The dish's option dialog; its code (and React) is fetched the first time one opens. */
async function openOptions(button: HTMLButtonElement, dish: CartItemInput): Promise<void> {
  button.setAttribute("aria-busy", "true");
  try {
    // The dev server's React needs its fast-refresh preamble first; a production build drops this.
    if (import.meta.env.DEV) await (await import("./reactDevPreamble")).installReactDevPreamble();
    const { openDishOptions } = await import("../islands/mountDishOptions");
    openDishOptions({ dish, opener: button, onAdded: (input) => added(button, input) });
  } catch (error) {
    console.warn(JSON.stringify({ level: "warn", msg: "the option dialog could not be loaded", error: String(error) }));
    toast({ ...OPTIONS_FAILED_TOAST, variant: "destructive" });
  } finally {
    button.removeAttribute("aria-busy");
  }
}

/** Takes over from the inline script: replays the taps it kept, then handles each new one at once. */
export function listenForAdds(): void {
  if (window.__jfAdd) return;
  window.__jfAdd = add;
  const kept = window.__jfTaps ?? [];
  window.__jfTaps = [];
  for (const button of kept) add(button);
}
