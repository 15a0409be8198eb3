// The checkout attempt in flight survives a reload: its idempotency key, what pays (card token, the
// bank's check of it, a gift card) and the cart and details it was for stay in this tab's sessionStorage
// until the server gives a definitive answer, so a customer who reloads after a timeout resends the same
// attempt and cannot be charged twice.
// A wallet that leaves the page (Cash App Pay on a phone goes to Cash App and comes back to the redirect
// URL, maybe in another tab) keeps its attempt, still without a token, in localStorage for a short while.

import { lineKey, type ChosenOption } from "../domain/lineKey";

const STORAGE_KEY = "jealous-fork-checkout-attempt";
const WALLET_RETURN_KEY = "jealous-fork-wallet-return";
/** How long a wallet's way back restores the checkout: Cash App's own requests expire sooner. */
export const WALLET_RETURN_MS = 30 * 60_000;

/**
 * One attempt's payment as sent: its idempotency key with the card's or wallet's token, the bank's check
 * of that token (verifyBuyer) and a gift card paying first, when there were. A retry resends all of them.
 */
export interface AttemptPayment {
  key: string;
  token: string;
  verificationToken?: string;
  giftCardToken?: string;
}

/** 128 random bits as 32 hex characters: one per checkout attempt (Square keeps keys to 45). */
export function newAttemptKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** What a payment form hands over: the card's or wallet's token, and what goes with it. */
export interface PaidWith {
  token: string;
  /** Square's buyer verification (verifyBuyer) of that token, when the bank was asked. */
  verificationToken?: string;
  /** The key fixed for this payment before the customer left the page (Cash App Pay's referenceId). */
  attemptKey?: string;
}

/**
 * The attempt a payment makes: the kept one (same key, and what was sent with it) when it resends the
 * same token, so a retry cannot charge twice; else a new one with the gift card held now, if any.
 */
export function attemptFor(kept: AttemptPayment | null, paid: PaidWith, heldGiftCard: string | null, newKey = newAttemptKey): AttemptPayment {
  if (kept && kept.token === paid.token) return paid.verificationToken ? { ...kept, verificationToken: paid.verificationToken } : kept;
  // Cash App Pay's key was fixed before the customer left the page: it pays with that key, once.
  const key = paid.attemptKey && (!kept || kept.key === paid.attemptKey) ? paid.attemptKey : newKey();
  return { key, token: paid.token, verificationToken: paid.verificationToken, giftCardToken: heldGiftCard ?? undefined };
}

export interface CheckoutAttempt extends AttemptPayment {
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

/** An attempt as stored, checked field by field (it may be old, edited or from another version). */
function readAttempt(text: string | null): CheckoutAttempt | null {
  const kept = JSON.parse(text ?? "null") as Partial<CheckoutAttempt> | null;
  if (!kept || typeof kept.key !== "string" || typeof kept.token !== "string" || typeof kept.fingerprint !== "string") return null;
  if (kept.orderType !== "pickup" && kept.orderType !== "delivery") return null;
  const details = Object.fromEntries(Object.entries(kept.details ?? {}).filter(([, value]) => typeof value === "string")) as Record<string, string>;
  const word = (value: unknown) => (typeof value === "string" ? value : undefined);
  return {
    key: kept.key,
    token: kept.token,
    verificationToken: word(kept.verificationToken),
    giftCardToken: word(kept.giftCardToken),
    fingerprint: kept.fingerprint,
    details,
    orderType: kept.orderType,
  };
}

/**
 * The attempt kept for this cart, or null (none kept, unreadable, or for another cart): this tab's, else
 * one a wallet left the page with (token still empty) less than WALLET_RETURN_MS ago.
 */
export function loadAttempt(fingerprintOf: (orderType: string) => string, now: number = Date.now()): CheckoutAttempt | null {
  const forThisCart = (attempt: CheckoutAttempt | null) => (attempt && attempt.fingerprint === fingerprintOf(attempt.orderType) ? attempt : null);
  let attempt: CheckoutAttempt | null = null;
  try {
    attempt = forThisCart(readAttempt(sessionStorage.getItem(STORAGE_KEY)));
  } catch {
    // Unreadable: as if none.
  }
  if (attempt) return attempt;
  try {
    const text = localStorage.getItem(WALLET_RETURN_KEY);
    const savedAt = (JSON.parse(text ?? "null") as { savedAt?: unknown } | null)?.savedAt;
    if (text === null) return null;
    if (typeof savedAt !== "number" || now - savedAt > WALLET_RETURN_MS || savedAt > now) {
      // The customer's details stay on the device no longer than the way back needs them.
      localStorage.removeItem(WALLET_RETURN_KEY);
      return null;
    }
    return forThisCart(readAttempt(text));
  } catch {
    return null;
  }
}

/**
 * Keeps an attempt whose wallet is about to leave the page (its token comes on the way back), across
 * tabs: the key and details are fixed before the customer leaves, so coming back pays the same order.
 */
export function saveWalletReturn(attempt: CheckoutAttempt, now: number = Date.now()): void {
  saveAttempt(attempt);
  try {
    localStorage.setItem(WALLET_RETURN_KEY, JSON.stringify({ ...attempt, savedAt: now }));
  } catch {
    // Without local storage the way back still finds this tab's attempt.
  }
}

export function clearAttempt(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing kept, nothing to clear.
  }
  try {
    localStorage.removeItem(WALLET_RETURN_KEY);
  } catch {
    // Nothing kept, nothing to clear.
  }
}
