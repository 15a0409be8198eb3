// Which featured items the home page shows (the server's list, or the built-in list when the answer
// has none), and the note beside a card's button once its dish is in the cart: the diner stays on the page.
import type { FeaturedAnswer, MenuItemView } from "../domain/menuReadModel";

export function featuredToShow(answer: Partial<FeaturedAnswer> | null | undefined, fallback: readonly MenuItemView[]): MenuItemView[] {
  const items = answer?.items;
  return Array.isArray(items) && items.length > 0 ? items : [...fallback];
}

/** How long the note stays beside the button: long enough to read, gone before the next visit to the card. */
export const ADDED_NOTE_MS = 6_000;

/**
 * Says "{name} added to your order." in the card's note (a status region beside the button) when
 * `event` (addButtons' ADDED_EVENT) comes from a card's button; emptied first, so the same dish added
 * twice is read out twice.
 */
export function noteAdded(event: Event, addedText: string): void {
  const card = (event.target as Element | null)?.closest?.("article[data-id]");
  const note = card?.querySelector<HTMLElement>("[data-added-note]");
  const name = (event as CustomEvent<{ name?: string }>).detail?.name;
  if (!note || !name) return;
  note.textContent = "";
  const timers = noteTimers;
  clearTimeout(timers.get(note));
  requestAnimationFrame(() => {
    note.textContent = addedText.replace("{name}", name);
    timers.set(note, setTimeout(() => (note.textContent = ""), ADDED_NOTE_MS));
  });
}
const noteTimers = new WeakMap<HTMLElement, ReturnType<typeof setTimeout>>();
