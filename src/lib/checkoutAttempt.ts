// The checkout attempt in flight survives a reload: its idempotency key, card token and the cart and
// details it was for stay in this tab's sessionStorage until the server gives a definitive answer, so
// a customer who reloads after a timeout resends the same attempt and cannot be charged twice.

import { lineKey, type ChosenOption } from "../domain/lineKey";

const STORAGE_KEY = "jealous-fork-checkout-attempt";

export interface CheckoutAttempt {
  key: string;
  token: string;
  /** What the attempt was for: the cart's lines and the order type (see attemptFingerprint). */
  fingerprint: string;
  /** The customer's details as sent, restored so the resent order is the same order. */
  details: Record<string, string>;
  orderType: "pickup" | "delivery";
}

interface FingerprintLine {
  id: number;
  quantity: number;
  price: number;
  options?: readonly ChosenOption[];
  note?: string;
}

/**
 * The cart's lines (with their options and notes) and order type in a fixed order: a reload with
 * another cart is another attempt. The tip and the order's note travel with the details.
 */
export function attemptFingerprint(items: readonly FingerprintLine[], orderType: string): string {
  const text = (i: FingerprintLine) =>
    i.options?.length || i.note ? `${lineKey(i.id, i.options ?? [], i.note ?? "")}x${i.quantity}@${i.price}` : `${i.id}x${i.quantity}@${i.price}`;
  return `${orderType}|${items.map(text).sort((a, b) => parseInt(a, 10) - parseInt(b, 10) || a.localeCompare(b)).join(",")}`;
}

export function saveAttempt(attempt: CheckoutAttempt): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(attempt));
  } catch {
    // Without session storage a reload simply starts a new attempt.
  }
}

/** The attempt kept for this cart, or null (none kept, unreadable, or for another cart). */
export function loadAttempt(fingerprintOf: (orderType: string) => string): CheckoutAttempt | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "null") as Partial<CheckoutAttempt> | null;
    if (!kept || typeof kept.key !== "string" || typeof kept.token !== "string" || typeof kept.fingerprint !== "string") return null;
    if (kept.orderType !== "pickup" && kept.orderType !== "delivery") return null;
    if (kept.fingerprint !== fingerprintOf(kept.orderType)) return null;
    const details = Object.fromEntries(Object.entries(kept.details ?? {}).filter(([, value]) => typeof value === "string")) as Record<string, string>;
    return { key: kept.key, token: kept.token, fingerprint: kept.fingerprint, details, orderType: kept.orderType };
  } catch {
    return null;
  }
}

export function clearAttempt(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing kept, nothing to clear.
  }
}
