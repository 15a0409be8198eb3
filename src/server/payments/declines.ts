// What a customer is told when the provider refuses a payment: a decline says only what to do (the
// reason would help card testers), a refused field is named, a spent card entry asks for the card again.
import { errorText, type RefusedField } from "../../domain/i18n/ui/errors";
import { CardDeclined, RuleBroken, said, type Said } from "../platform/errors";
import { issue } from "../platform/http";

/** What a customer is told of any declined card: what to do, never why (that would help card testers). */
const DECLINED = said("card_declined");
export const DECLINED_MESSAGE = errorText(DECLINED, "en");

/** The card entry itself (Square's one-use token) is spent: the customer only has to enter the card again. */
const TOKEN_MESSAGES: Record<string, Said> = {
  CARD_TOKEN_USED: said("card_entry_used"),
  CARD_TOKEN_EXPIRED: said("card_entry_expired"),
  // A gift card short of the total with its tip (Square sends it beside INSUFFICIENT_FUNDS, with the balance).
  GIFT_CARD_AVAILABLE_AMOUNT: said("gift_card_short"),
};

/** Square's card error codes: a payment method problem, answered as a decline. */
const DECLINE_CODES = new Set([
  "GENERIC_DECLINE",
  "CARD_DECLINED",
  "CVV_FAILURE",
  "ADDRESS_VERIFICATION_FAILURE",
  "INVALID_EXPIRATION",
  "CARD_EXPIRED",
  "INSUFFICIENT_FUNDS",
  "INVALID_CARD",
  "INVALID_CARD_DATA",
  "CARD_NOT_SUPPORTED",
  "TRANSACTION_LIMIT",
  "VOICE_FAILURE",
  "PAN_FAILURE",
  "CARD_DECLINED_VERIFICATION_REQUIRED",
  ...Object.keys(TOKEN_MESSAGES),
]);

export interface ProviderError {
  category?: string;
  code?: string;
  detail?: string;
  field?: string;
}

/**
 * Square's buyer verification (3-D Secure) is missing or was not accepted: the bank asks the buyer to
 * confirm the payment (CARD_DECLINED_VERIFICATION_REQUIRED), or the verification token sent is malformed,
 * unknown or spent. Nothing was charged; paying again runs the bank's check again.
 */
function isVerificationProblem(e: ProviderError): boolean {
  return e.code === "CARD_DECLINED_VERIFICATION_REQUIRED" || /^verification_?token$/i.test(e.field ?? "");
}

/**
 * Square's codes of a card its bank refused (ErrorCode, https://developer.squareup.com/reference/square/enums/ErrorCode),
 * answered in the category PAYMENT_METHOD_ERROR ("a payment method (e.g. a card) being declined",
 * https://developer.squareup.com/reference/square/enums/ErrorCategory). A token Square refuses before any
 * bank is asked (INVALID_CARD_DATA, NOT_FOUND, CARD_TOKEN_USED, a source_id it cannot read) is an
 * INVALID_REQUEST_ERROR instead. GENERIC_DECLINE also names a payment Square made but did not complete.
 */
const BANK_DECLINE_CODES = new Set([
  "GENERIC_DECLINE",
  "CARD_DECLINED",
  "CVV_FAILURE",
  "ADDRESS_VERIFICATION_FAILURE",
  "INVALID_ACCOUNT",
  "INVALID_EXPIRATION",
  "EXPIRATION_FAILURE",
  "CARD_EXPIRED",
  "INSUFFICIENT_FUNDS",
  "CARD_NOT_SUPPORTED",
  "TRANSACTION_LIMIT",
  "VOICE_FAILURE",
  "PAN_FAILURE",
  "INVALID_PIN",
  "ALLOWABLE_PIN_TRIES_EXCEEDED",
  "INVALID_POSTAL_CODE",
  "CARD_DECLINED_CALL_ISSUER",
  "CARD_DECLINED_VERIFICATION_REQUIRED",
]);

/**
 * Square's codes that put a refusal on the seller's own stored value rather than a bank: a gift card short of
 * the total with its tip (sent beside INSUFFICIENT_FUNDS, with the balance).
 */
const SELLER_REFUSALS: ReadonlySet<string> = new Set(["GIFT_CARD_AVAILABLE_AMOUNT"]);

/** Declines a bank gave (counted by the site-wide brake); the rest were refused before any bank. */
const BANK_DECLINES = new WeakSet<CardDeclined>();

/**
 * Whether a card's bank declined it: the only refusals that count toward the site-wide brake. A refusal
 * Square puts on the seller's own stored value (SELLER_REFUSALS) is no bank's.
 */
function byBank(errors: ProviderError[]): boolean {
  if (errors.some((e) => SELLER_REFUSALS.has(e.code ?? ""))) return false;
  return errors.some((e) => BANK_DECLINE_CODES.has(e.code ?? "") && (e.category === undefined || e.category === "PAYMENT_METHOD_ERROR"));
}

/** Whether this decline came from the card's bank (see byBank); false for one made anywhere else. */
export function declinedByBank(error: CardDeclined): boolean {
  return BANK_DECLINES.has(error);
}

export function declined(errors: ProviderError[]): CardDeclined {
  const reason = errors.map((e) => [e.code, e.detail].filter(Boolean).join(": ")).join("; ") || "declined";
  const tokenMessage = errors.map((e) => TOKEN_MESSAGES[e.code ?? ""]).find(Boolean);
  const verificationMessage = errors.some(isVerificationProblem) ? said("verification_failed") : undefined;
  const error = new CardDeclined(tokenMessage ?? verificationMessage ?? DECLINED, reason);
  if (byBank(errors)) BANK_DECLINES.add(error);
  return error;
}

/**
 * Whether the provider refused the card itself: a payment method error, a card code, or the card token
 * (source) unknown to it, as Square answers a forged or foreign token (NOT_FOUND, INVALID_REQUEST_ERROR).
 * Each counts against the client's declines, so forged tokens cannot be sent without limit.
 */
export function isDecline(errors: ProviderError[]): boolean {
  return errors.some(
    (e) =>
      e.category === "PAYMENT_METHOD_ERROR" ||
      DECLINE_CODES.has(e.code ?? "") ||
      e.field === "source_id" ||
      e.field === "sourceId" ||
      isVerificationProblem(e) ||
      (e.code === "NOT_FOUND" && /\b(nonce|source|card token)\b/i.test(e.detail ?? "")),
  );
}

/** The fields Square may refuse, as the customer knows them (worded in errors.ts). */
const FIELD_WORDS: [RegExp, RefusedField][] = [
  [/phone/i, "phone"],
  [/email/i, "email"],
  [/postal_code|postalCode/i, "zip"],
  [/address/i, "address"],
  [/display_name|displayName|recipient/i, "name"],
  [/note/i, "note"],
];

/**
 * Square refused a field of the request (an invalid phone number, say): nothing was charged, and
 * trying again will not help, so the answer is 422 naming the field, not 502.
 */
export function requestRefused(errors: ProviderError[]): RuleBroken | null {
  const refused = errors.filter((e) => e.category === "INVALID_REQUEST_ERROR" && e.code !== "IDEMPOTENCY_KEY_REUSED" && e.code !== "NOT_FOUND");
  if (refused.length === 0) return null;
  const fields = [...new Set(refused.map((e) => FIELD_WORDS.find(([pattern]) => pattern.test(e.field ?? ""))?.[1] ?? ("details" as const)))];
  return new RuleBroken(
    said("payment_details_refused", fields),
    // Square's own detail in English; a Spanish answer says only that the field was not accepted.
    refused.map((e) => ({ ...issue(e.field ?? "order", said("payment_field_refused")), message: e.detail ?? e.code ?? "not accepted" })),
  );
}
