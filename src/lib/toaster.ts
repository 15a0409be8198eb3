// The notification region's behaviour (src/components/Toaster.astro): shows the toast store's open toasts
// without React. Loaded with the first toast, so a page that never shows one never fetches it. A toast
// closes by button, Escape, a 50 px swipe to the right, or on its own after its duration (paused while
// pointed at or focused). On a Spanish page the cart's notices show in Spanish (./spanishToasts); the
// close button's name comes with the page, in its language (data-close-label).
import { $toasts, dismissToast, type Toast } from "../stores/toasts";
import { pageLocale } from "./api";
import { inSpanish } from "./spanishToasts";

/** Horizontal distance, in CSS pixels, past which a swipe dismisses. */
const SWIPE_THRESHOLD_PX = 50;

const TOAST_CLASS =
  "pointer-events-auto relative flex w-full touch-pan-y select-none items-start gap-3 overflow-hidden rounded-md border p-4 pr-10 shadow-lg";
const VARIANT_CLASS: Record<Toast["variant"], string> = {
  default: "border-stone-200 bg-white text-ink",
  destructive: "border-red-800 bg-red-700 text-white",
};

interface Shown {
  element: HTMLLIElement;
  timer?: ReturnType<typeof setTimeout>;
  /** Milliseconds left before it closes itself; counted down only while not paused. */
  remaining: number;
  startedAt: number;
}

class JfToaster extends HTMLElement {
  #region!: HTMLElement;
  #list!: HTMLOListElement;
  #shown = new Map<number, Shown>();
  #paused = false;
  #unsubscribe?: () => void;
  /** The words shown: as raised, or in Spanish on a Spanish page. */
  #words = (toast: Toast): Pick<Toast, "title" | "description"> => toast;

  connectedCallback() {
    if (pageLocale() === "es") this.#words = inSpanish;
    this.#region = this.querySelector("section")!;
    this.#list = this.querySelector("[data-toast-list]")!;
    // Time does not run out while someone is reading or using a toast.
    this.#region.addEventListener("pointerenter", this.#pause);
    this.#region.addEventListener("pointerleave", this.#resume);
    this.#region.addEventListener("focusin", this.#pause);
    this.#region.addEventListener("focusout", this.#onFocusOut);
    this.#unsubscribe = $toasts.subscribe((toasts) => this.#render(toasts));
  }

  disconnectedCallback() {
    this.#unsubscribe?.();
    for (const shown of this.#shown.values()) clearTimeout(shown.timer);
    this.#shown.clear();
  }

  /** Adds toasts that opened and removes those that closed, keeping the timers of the others. */
  #render(toasts: readonly Toast[]) {
    const open = toasts.filter((toast) => toast.open);
    for (const [id, shown] of this.#shown) {
      if (open.some((toast) => toast.id === id)) continue;
      clearTimeout(shown.timer);
      // Focus would fall to the page's start if it stayed on a removed button.
      if (shown.element.contains(document.activeElement)) this.#region.focus();
      shown.element.remove();
      this.#shown.delete(id);
    }
    for (const toast of [...open].reverse()) {
      if (this.#shown.has(toast.id)) continue;
      const element = this.#build(toast);
      this.#list.prepend(element);
      const shown: Shown = { element, remaining: toast.duration, startedAt: Date.now() };
      this.#shown.set(toast.id, shown);
      if (!this.#paused) this.#start(toast.id, shown);
    }
  }

  #build(toast: Toast): HTMLLIElement {
    const element = document.createElement("li");
    element.className = `${TOAST_CLASS} ${VARIANT_CLASS[toast.variant]}`;
    element.dataset.variant = toast.variant;
    // Text only: a server's message must never become markup.
    const words = this.#words(toast);
    const text = document.createElement("div");
    text.className = "grid gap-1";
    const title = document.createElement("div");
    title.className = "text-sm font-semibold";
    title.textContent = words.title;
    text.append(title);
    if (words.description) {
      const description = document.createElement("div");
      description.className = "text-sm";
      description.textContent = words.description;
      text.append(description);
    }
    const close = document.createElement("button");
    close.type = "button";
    close.setAttribute("aria-label", this.dataset.closeLabel ?? "Close notification");
    close.className =
      "absolute top-2 right-2 rounded-md p-1 opacity-80 hover:opacity-100 focus-visible:opacity-100";
    close.append(closeIcon());
    close.addEventListener("click", () => dismissToast(toast.id));
    element.addEventListener("keydown", (event) => {
      if (event.key === "Escape") dismissToast(toast.id);
    });
    element.append(text, close);
    this.#enableSwipe(element, toast.id);
    return element;
  }

  /** Drag right to dismiss: past the threshold it closes, short of it it springs back. */
  #enableSwipe(element: HTMLLIElement, id: number) {
    let startX: number | undefined;
    let offset = 0;
    element.addEventListener("pointerdown", (event) => {
      if ((event.target as Element).closest("button")) return;
      startX = event.clientX;
      offset = 0;
      element.setPointerCapture(event.pointerId);
      element.style.transition = "none";
    });
    element.addEventListener("pointermove", (event) => {
      if (startX === undefined) return;
      offset = Math.max(0, event.clientX - startX);
      element.style.transform = `translateX(${offset}px)`;
    });
    const end = () => {
      if (startX === undefined) return;
      startX = undefined;
      element.style.transition = "transform 150ms ease-out";
      if (offset > SWIPE_THRESHOLD_PX) dismissToast(id);
      else element.style.transform = "";
    };
    element.addEventListener("pointerup", end);
    element.addEventListener("pointercancel", end);
  }

  #start(id: number, shown: Shown) {
    if (!Number.isFinite(shown.remaining) || shown.remaining <= 0) return;
    shown.startedAt = Date.now();
    shown.timer = setTimeout(() => dismissToast(id), shown.remaining);
  }

  #pause = () => {
    if (this.#paused) return;
    this.#paused = true;
    for (const shown of this.#shown.values()) {
      if (shown.timer === undefined) continue;
      clearTimeout(shown.timer);
      shown.timer = undefined;
      shown.remaining -= Date.now() - shown.startedAt;
    }
  };

  #resume = () => {
    if (!this.#paused || this.#region.contains(document.activeElement) || this.#region.matches(":hover")) return;
    this.#paused = false;
    for (const [id, shown] of this.#shown) this.#start(id, shown);
  };

  #onFocusOut = (event: FocusEvent) => {
    if (!this.#region.contains(event.relatedTarget as Node | null)) queueMicrotask(this.#resume);
  };

}

/** Makes <jf-toaster> live: it shows the store's open toasts from then on. */
export function defineToaster(): void {
  if (!customElements.get("jf-toaster")) customElements.define("jf-toaster", JfToaster);
}

const SVG = "http://www.w3.org/2000/svg";

/** The close button's cross, built as nodes (no markup string reaches the page). */
function closeIcon(): SVGSVGElement {
  const svg = document.createElementNS(SVG, "svg");
  const attributes = { "aria-hidden": "true", width: "16", height: "16", viewBox: "0 0 24 24", fill: "none", stroke: "currentColor", "stroke-width": "2", "stroke-linecap": "round" };
  for (const [name, value] of Object.entries(attributes)) svg.setAttribute(name, value);
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", "M18 6 6 18M6 6l12 12");
  svg.append(path);
  return svg;
}
