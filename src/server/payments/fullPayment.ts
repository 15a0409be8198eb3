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
  /** What it took with its tip (its share of the money, as a refund returns it); its amount when absent. */
  paidCents?: number;
  /** A tender the provider authorizes for part of what is asked (./squareTenders.ts): in a split tender it pays first, another the rest. */
  paysFirst: boolean;
  receiptUrl: string | null;
  /** How it was paid, for the receipt (a brand and last four digits, a wallet, a gift card). */
  tender?: Tender;
  /** The tender's stable identity (./tenderIdentity.ts): a card's fingerprint, a gift card's id, a cashtag. */
  fingerprint?: string | null;
}

/**
 * The charge to book when `payments` pay `order` in full (every one counted COMPLETED, together at least its
 * total), else null. A split tender books the payment that paid the rest (and the tip), with the share of
 * the tender that paid first beside it; the amount booked is always the order's whole total, never one
 * tender's share.
 */
export function paidInFull(provider: PaymentProvider, order: ProviderOrder, payments: SeenPayment[]): ChargeResult | null {
  const completed = payments.filter((payment) => payment.status === "COMPLETED");
  const paidCents = completed.reduce((sum, payment) => sum + payment.amountCents, 0);
  if (completed.length === 0 || paidCents < order.totalCents) return null;
  const first = completed.filter((payment) => payment.paysFirst);
  const rest = completed.filter((payment) => !payment.paysFirst);
  // Our checkout makes one payment, or a partial tender's and one other: anything more is Square's to explain.
  if (completed.length > 2 || first.length > 1 || paidCents > order.totalCents) {
    log("warn", "an order is paid by more than the checkout asks for", { tenders: completed.length, paidCents, totalCents: order.totalCents });
  }
  const booked = rest[0] ?? first[0]!;
  // In the order they paid: the partial tender first, then the booked payment.
  const paidBy = [...(rest.length > 0 ? first.slice(0, 1) : []), booked];
  return {
    provider,
    providerOrder: order,
    paymentId: booked.id,
    amountCents: order.totalCents,
    receiptUrl: booked.receiptUrl,
    payments: paidBy.map((payment) => ({ paymentId: payment.id, amountCents: payment.paidCents ?? payment.amountCents, kind: payment.tender?.kind ?? "card" })),
    tenders: paidBy.flatMap((payment) => (payment.tender ? [payment.tender] : [])),
    cardFingerprint: booked.fingerprint ?? null,
  };
}
