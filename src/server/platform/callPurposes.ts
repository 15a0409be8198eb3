// Why the site calls Square, and which places in flight each reason may take. Charges, the questions about
// a charge whose answer was lost, and refunds share the charges' places (SQUARE_CALLS_IN_FLIGHT, rows 1-100
// of square_call_slots); every other call has a pool of its own, so a flood of look-ups (the points panel,
// a member's status, customer searches, gift card balances) or of the staff's work (a catalogue sync, the
// POS status) can never hold a place a card payment needs.
import type { CallLimits } from "./callLimit";

/** Every reason the site has to call Square: a call without one is refused before it is built. */
export const SQUARE_PURPOSES = [
  /** Creating the order and its payment (or its split tender), a gift card sale's order and payment. */
  "charge",
  /** Asking Square about a charge whose answer was lost, or a hold a crash left behind. */
  "charge-check",
  "refund",
  /** A member's balance and what an order earns or costs in points, a loyalty account found by phone, a Square customer searched for. */
  "lookup",
  /** A gift card's balance by its number, or whether a payment token is a gift card. */
  "gift-card-balance",
  /** Making and activating a sold gift card, reading it back. */
  "gift-card",
  /** Points: the program, rewards made or deleted for an order, points added or given back. */
  "loyalty",
  /** A diner's Square customer made for their account, and the cards kept on it. */
  "customer",
  "catalog",
  /** The kitchen's status to and from the Point of Sale. */
  "sync",
  /** The owner's checks: the status panel, the go-live checks, Apple Pay's domain. */
  "setup",
] as const;

export type SquarePurpose = (typeof SQUARE_PURPOSES)[number];

export type CallPool = Pick<CallLimits, "firstSlot" | "inFlight">;

/** Gift card balance look-ups: rows 101-102, as before purposes were named. */
export const BALANCE_POOL: CallPool = { firstSlot: 101, inFlight: 2 };
/** Loyalty look-ups and customer searches: rows 103-106. */
export const LOOKUP_POOL: CallPool = { firstSlot: 103, inFlight: 4 };
/** Everything that is neither a charge nor a look-up (points, gift card activation, catalogue, POS, checks): rows 111-120. */
export const WORK_POOL: CallPool = { firstSlot: 111, inFlight: 10 };

/** The places a call for `purpose` takes; the charges' own count is the configured one (`chargesInFlight`). */
export function poolOf(purpose: SquarePurpose, chargesInFlight: number): CallPool {
  switch (purpose) {
    case "charge":
    case "charge-check":
    case "refund":
      return { firstSlot: 1, inFlight: chargesInFlight };
    case "lookup":
    case "customer":
      return LOOKUP_POOL;
    case "gift-card-balance":
      return BALANCE_POOL;
    default:
      return WORK_POOL;
  }
}

/** Throws when `purpose` is none of SQUARE_PURPOSES: a call the types let through (a cast, plain JavaScript) still names why. */
export function assertPurpose(purpose: unknown): asserts purpose is SquarePurpose {
  if (!(SQUARE_PURPOSES as readonly unknown[]).includes(purpose)) {
    throw new Error(`A call to Square must name its purpose (one of ${SQUARE_PURPOSES.join(", ")}); got ${String(purpose)}`);
  }
}
