// What a Square payment says of how it was paid, for the receipt (src/domain/tenders.ts). Square's
// Payment object (developer.squareup.com/reference/square/objects/Payment): source_type CARD carries
// card_details.card.card_brand and last_4 (a Square gift card is the brand SQUARE_GIFT_CARD) and, for
// Apple Pay at a reader, card_details.wallet_type; source_type WALLET carries wallet_details.brand.
import type { Square } from "square";
import type { Tender, TenderKind } from "../../domain/tenders";
import type { SeenPayment } from "./fullPayment";
import { tenderIdentityOf } from "./tenderIdentity";

type Payment = Square.Payment;

const WALLET_BRANDS: Record<string, TenderKind> = { APPLE_PAY: "apple_pay", GOOGLE_PAY: "google_pay", CASH_APP: "cash_app" };

/** Card brands that are a kind of tender of their own (a receipt names them without a brand). */
const CARD_BRAND_KINDS: Record<string, TenderKind> = { SQUARE_GIFT_CARD: "gift_card" };

/**
 * Card brands Square authorizes for part of what is asked (CreatePayment's accept_partial_authorization: "if
 * set to true and charging a Square Gift Card, a payment might be returned with amount_money equal to less
 * than what was requested", developer.squareup.com/reference/square/payments-api/create-payment): such a
 * payment pays first in a split tender, another the rest.
 */
const PARTIAL_BRANDS: ReadonlySet<string> = new Set(["SQUARE_GIFT_CARD"]);

const cents = (amount: bigint | number | null | undefined) => (amount === null || amount === undefined ? 0 : Number(amount));

/** The tender of one Square payment: its kind, brand and last four digits, and what it paid with its tip. */
export function tenderOfSquarePayment(payment: Payment): Tender {
  const amountCents = paidWithTip(payment);
  const card = payment.cardDetails?.card;
  if (payment.sourceType === "WALLET") {
    return { kind: WALLET_BRANDS[payment.walletDetails?.brand ?? ""] ?? "card", amountCents };
  }
  const ownKind = CARD_BRAND_KINDS[card?.cardBrand ?? ""];
  if (ownKind) return { kind: ownKind, last4: card?.last4 ?? null, amountCents };
  const wallet = WALLET_BRANDS[payment.cardDetails?.walletType ?? ""];
  if (wallet) return { kind: wallet, amountCents };
  return { kind: "card", brand: card?.cardBrand ?? null, last4: card?.last4 ?? null, amountCents };
}

/** What a payment paid with its tip, in cents (its total_money, else amount and tip). */
function paidWithTip(payment: Payment): number {
  return cents(payment.totalMoney?.amount) || cents(payment.amountMoney?.amount) + cents(payment.tipMoney?.amount);
}

/**
 * A Square payment as the decision of paid reads it (./fullPayment.ts): `fallbackCents` for an answer
 * without its amount (the amount asked for). Whether it pays first is its tender's (PARTIAL_BRANDS).
 */
export function seenSquarePayment(payment: Payment, fallbackCents?: number): SeenPayment {
  const amount = payment.amountMoney?.amount;
  if ((amount === null || amount === undefined) && fallbackCents === undefined) throw new Error("Square answered without an amount");
  const amountCents = amount !== null && amount !== undefined ? Number(amount) : fallbackCents!;
  return {
    id: payment.id!,
    status: payment.status ?? "UNKNOWN",
    amountCents,
    paidCents: amountCents + cents(payment.tipMoney?.amount),
    paysFirst: PARTIAL_BRANDS.has(payment.cardDetails?.card?.cardBrand ?? ""),
    receiptUrl: payment.receiptUrl ?? null,
    tender: tenderOfSquarePayment(payment),
    fingerprint: tenderIdentityOf(payment),
  };
}
