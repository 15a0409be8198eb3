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
// - Wallets: Apple Pay and Google Pay on the web are card payments: source_type CARD and card_details.card
//   of the wallet's device card, with that card's own fingerprint (Square's forum, thread 11650: a digital
//   wallet's payment is a card payment; CardPaymentDetails.wallet_type is "currently only populated for
//   in-person Apple Pay payments", developer.squareup.com/reference/square/objects/CardPaymentDetails).
//   Cash App Pay is source_type WALLET with wallet_details { status, brand CASH_APP, cash_app_details
//   { buyer_cashtag, ... } } (developer.squareup.com/reference/square/objects/DigitalWalletDetails,
//   CashAppDetails), and takes delayed capture as a card does (developer.squareup.com/docs/web-payments/add-cash-app-pay:
//   "autocomplete" false authorizes the payment).
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

/** The card number a token that Square accepts stands for, or undefined for any other token. */
export function cardNumberOf(sourceId: string): string | undefined {
  return sourceId === "cnon:card-nonce-ok" ? SANDBOX_VISA : numbers.get(sourceId);
}

/** A card number as a payment's card_details.card shows it (the brand kept simple: Visa). */
function cardOfNumber(number: string, locationId: string): { card_brand: string; last_4: string; fingerprint: string } {
  const fingerprint = `sq-1-${createHash("sha256").update(`${locationId}:${number}`).digest("base64url").slice(0, 60)}`;
  return { card_brand: "VISA", last_4: number.slice(-4), fingerprint };
}

/** The card of a token as a payment's card_details.card shows it (an Apple Pay or Google Pay token: its device card). */
export function cardOf(sourceId: string, locationId: string): { card_brand: string; last_4: string; fingerprint: string } | undefined {
  const number = cardNumberOf(sourceId) ?? WALLETS[sourceId]?.deviceCard;
  return number ? cardOfNumber(number, locationId) : undefined;
}

/** A Google Pay token whose card's bank asks for buyer verification (./fakeSquare.ts refuses it without a verification token). */
export const VERIFICATION_REQUIRED_TOKEN = "wnon:google-pay-verification-required";

/**
 * The wallet tokens the fakes know (the project's TEST MODE tokens, src/domain/payment.ts TEST_WALLET_TOKENS, and the
 * fake Web Payments SDK's): each wallet's device card, or Cash App's account with its cashtag.
 */
const WALLETS: Record<string, { wallet: "APPLE_PAY" | "GOOGLE_PAY"; deviceCard: string } | { wallet: "CASH_APP"; cashtag: string; deviceCard?: undefined }> = {
  "wnon:test-apple-pay-ok": { wallet: "APPLE_PAY", deviceCard: "4895000000000011" },
  "wnon:test-google-pay-ok": { wallet: "GOOGLE_PAY", deviceCard: "4895000000000029" },
  [VERIFICATION_REQUIRED_TOKEN]: { wallet: "GOOGLE_PAY", deviceCard: "4895000000000037" },
  "wnon:test-cash-app-pay-ok": { wallet: "CASH_APP", cashtag: "$JealousAna" },
};

/**
 * How a payment of this token describes its source: a card's or an Apple Pay or Google Pay device card's
 * card_details, or Cash App's wallet_details; `authorized` for an authorization not yet captured. Undefined
 * for a token Square would not know.
 */
export function paymentSourceOf(sourceId: string, locationId: string, authorized: boolean): Record<string, unknown> | undefined {
  const wallet = WALLETS[sourceId];
  if (wallet?.wallet === "CASH_APP") {
    return {
      source_type: "WALLET",
      wallet_details: { status: authorized ? "AUTHORIZED" : "CAPTURED", brand: "CASH_APP", cash_app_details: { buyer_full_name: "Ana Pérez", buyer_country_code: "US", buyer_cashtag: wallet.cashtag } },
    };
  }
  const card = cardOf(sourceId, locationId);
  return card ? { source_type: "CARD", card_details: { status: authorized ? "AUTHORIZED" : "CAPTURED", card } } : undefined;
}
