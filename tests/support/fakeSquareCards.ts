// The fake Square's cards: which card a payment token stands for, and the fingerprint Square gives it.
// - card_details.card.fingerprint (developer.squareup.com/reference/square/objects/Card, field fingerprint:
//   "Intended as a Square-assigned identifier, based on the card number, to identify the card across
//   multiple locations within a single application"; Square's forum, threads 14586 and 28022: the same card
//   gives the same fingerprint at one seller, another seller sees another, a digital wallet's device card
//   its own). Here: a hash of the seller's location and the card number, so the same card → the same one.
// - Square's sandbox nonce cnon:card-nonce-ok is its test Visa 4111 1111 1111 1111
//   (developer.squareup.com/docs/devtools/sandbox/payments): always the same card, the same fingerprint.
// - Delayed capture (developer.squareup.com/docs/payments-api/take-payments/card-payments/delayed-capture):
//   autocomplete false leaves a payment APPROVED (card_details.status AUTHORIZED), CompletePayment
//   (POST /v2/payments/{payment_id}/complete) makes it COMPLETED (CAPTURED), CancelPayment VOIDED; only an
//   APPROVED payment can be completed.
// The tests' stand-in for the Web Payments SDK's card().tokenize() of a given card is cardToken(number).
import { createHash, randomUUID } from "node:crypto";

const SANDBOX_VISA = "4111111111111111";
/** Token -> card number, for tokens made by cardToken (one-time tokens, unique across fakes). */
const numbers = new Map<string, string>();

/** What the payment form gives for a card number: a one-time token of that card. */
export function cardToken(cardNumber: string): string {
  const token = `cnon:card-${randomUUID()}`;
  numbers.set(token, cardNumber.replace(/\D/g, ""));
  return token;
}

/** A card kept on file (./fakeSquareCardsOnFile.ts) pays as its card: the same number, the same fingerprint. */
export function rememberCardOnFile(cardId: string, cardNumber: string): void {
  numbers.set(cardId, cardNumber);
}

/** The card number a token that Square accepts stands for, or undefined for any other token. */
export function cardNumberOf(sourceId: string): string | undefined {
  return sourceId === "cnon:card-nonce-ok" ? SANDBOX_VISA : numbers.get(sourceId);
}

/** The card of a token as a payment's card_details.card shows it (the brand kept simple: Visa). */
export function cardOf(sourceId: string, locationId: string): { card_brand: string; last_4: string; fingerprint: string } | undefined {
  const number = cardNumberOf(sourceId);
  if (!number) return undefined;
  const fingerprint = `sq-1-${createHash("sha256").update(`${locationId}:${number}`).digest("base64url").slice(0, 60)}`;
  return { card_brand: "VISA", last_4: number.slice(-4), fingerprint };
}
