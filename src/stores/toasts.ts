// Notifications: at most one visible at a time, 5000 ms by default, variants default and destructive.
import { atom } from "nanostores";

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
/** How long a dismissed toast stays in the list; it is hidden at once. */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToastVariant = "default" | "destructive";

/**
 * Notices raised in English by code that carries no dictionary (the cart store, the add buttons): the
 * code keys their words in another language (src/lib/spanishToasts.ts), whatever the English says.
 */
export type ToastCode = "too_many_of_one_dish" | "too_many_dishes" | "too_many_lines" | "options_failed";

export interface Toast {
  id: number;
  code?: ToastCode;
  title: string;
  description?: string;
  variant: ToastVariant;
  duration: number;
  open: boolean;
}

export interface ToastInput {
  code?: ToastCode;
  title: string;
  description?: string;
  variant?: ToastVariant;
  duration?: number;
}

export const $toasts = atom<Toast[]>([]);

let nextId = 1;
const removals = new Map<number, ReturnType<typeof setTimeout>>();

/** Shows a toast; the newest replaces older ones beyond the limit. Returns its id. */
export function toast(input: ToastInput): number {
  const id = nextId++;
  const entry: Toast = {
    id,
    ...(input.code ? { code: input.code } : {}),
    title: input.title,
    description: input.description,
    variant: input.variant ?? "default",
    duration: input.duration ?? TOAST_DURATION_MS,
    open: true,
  };
  $toasts.set([entry, ...$toasts.get()].slice(0, TOAST_LIMIT));
  return id;
}

/** Hides a toast now and removes it after the removal delay. */
export function dismissToast(id: number): void {
  $toasts.set($toasts.get().map((t) => (t.id === id ? { ...t, open: false } : t)));
  if (removals.has(id)) return;
  removals.set(
    id,
    setTimeout(() => {
      removals.delete(id);
      $toasts.set($toasts.get().filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}
