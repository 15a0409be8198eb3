// Paid is Square's word, decided here once for the checkout, Square's notifications and reconciliation:
// an order is paid only when COMPLETED payments cover its whole total.
// An authorization (status APPROVED) holds money without taking it: PayOrder completes it or a cancel gives it back.
import { log } from "../platform/http";
import type { Tender } from "../../domain/tenders";
import type { ChargeResult, PaymentProvider, ProviderOrder } from "./contract";

/** One payment of an order as the provider shows it now. */
export interface SeenPayment {
  id: string;
  /** Square's payment status: APPROVED, PENDING, COMPLETED, CANCELED, FAILED. */
  status: string;
  /** Its amount_money (the tip, paid on top, is not part of the order's total). */
  amountCents: number;
  /** A Square gift card paying (card brand SQUARE_GIFT_CARD). */
  giftCard: boolean;
  receiptUrl: string | null;
  /** How it was paid, for the receipt (a brand and last four digits, a wallet, a gift card). */
  tender?: Tender;
  /** The tender's stable identity (./tenderIdentity.ts): a card's fingerprint, a gift card's id, a cashtag. */
  fingerprint?: string | null;
}

/**
 * The charge to book when `payments` pay `order` in full (every one counted COMPLETED, together at least its
 * total), else null. A split tender books its card or wallet payment with the gift card's share beside it;
 * the amount booked is always the order's whole total, never one tender's share.
 */
export function paidInFull(provider: PaymentProvider, order: ProviderOrder, payments: SeenPayment[]): ChargeResult | null {
  const completed = payments.filter((payment) => payment.status === "COMPLETED");
  const paidCents = completed.reduce((sum, payment) => sum + payment.amountCents, 0);
  if (completed.length === 0 || paidCents < order.totalCents) return null;
  const giftCards = completed.filter((payment) => payment.giftCard);
  const others = completed.filter((payment) => !payment.giftCard);
  // Our checkout makes one payment, or a gift card's and one card's: anything more is Square's to explain.
  if (completed.length > 2 || giftCards.length > 1 || paidCents > order.totalCents) {
    log("warn", "an order is paid by more than the checkout asks for", { tenders: completed.length, paidCents, totalCents: order.totalCents });
  }
  const main = others[0] ?? giftCards[0]!;
  const giftCard = others.length > 0 ? giftCards[0] : undefined;
  return {
    provider,
    providerOrder: order,
    paymentId: main.id,
    amountCents: order.totalCents,
    receiptUrl: main.receiptUrl,
    ...(giftCard ? { giftCard: { paymentId: giftCard.id, amountCents: giftCard.amountCents } } : {}),
    // The receipt's tenders, the gift card first as it paid first.
    tenders: [...(giftCard ? [giftCard] : []), main].flatMap((payment) => (payment.tender ? [payment.tender] : [])),
    cardFingerprint: main.fingerprint ?? null,
  };
}
