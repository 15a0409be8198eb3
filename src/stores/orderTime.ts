// The time the visitor is ordering for, chosen on the full menu and at checkout: "" for as soon as
// possible, else a slot's ISO instant. Kept in the tab's storage so the menu and the checkout agree.
import { persistentAtom } from "@nanostores/persistent";

export const ORDER_TIME_KEY = "jealous-fork-order-for";

export const $orderFor = persistentAtom<string>(ORDER_TIME_KEY, "");

/** The chosen instant, or null for now (nothing chosen, unreadable, or already past). */
export function chosenTime(value: string, now: Date): Date | null {
  if (!value) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) || at.getTime() <= now.getTime() ? null : at;
}

export function setOrderFor(value: string): void {
  $orderFor.set(value);
}
