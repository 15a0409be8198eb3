// What a Square payment says of how it was paid, for the receipt (src/domain/tenders.ts). Square's
// Payment object (developer.squareup.com/reference/square/objects/Payment): source_type CARD carries
// card_details.card.card_brand and last_4 (a Square gift card is the brand SQUARE_GIFT_CARD) and, for
// Apple Pay at a reader, card_details.wallet_type; source_type WALLET carries wallet_details.brand.
import type { Square } from "square";

type Payment = Square.Payment;
import type { Tender, TenderKind } from "../../domain/tenders";

const WALLET_BRANDS: Record<string, TenderKind> = { APPLE_PAY: "apple_pay", GOOGLE_PAY: "google_pay", CASH_APP: "cash_app" };

const cents = (amount: bigint | number | null | undefined) => (amount === null || amount === undefined ? 0 : Number(amount));

/** The tender of one Square payment: its kind, brand and last four digits, and what it paid with its tip. */
export function tenderOfSquarePayment(payment: Payment): Tender {
  const amountCents = cents(payment.totalMoney?.amount) || cents(payment.amountMoney?.amount) + cents(payment.tipMoney?.amount);
  const card = payment.cardDetails?.card;
  if (payment.sourceType === "WALLET") {
    return { kind: WALLET_BRANDS[payment.walletDetails?.brand ?? ""] ?? "card", amountCents };
  }
  if (card?.cardBrand === "SQUARE_GIFT_CARD") return { kind: "gift_card", last4: card.last4 ?? null, amountCents };
  const wallet = WALLET_BRANDS[payment.cardDetails?.walletType ?? ""];
  if (wallet) return { kind: wallet, amountCents };
  return { kind: "card", brand: card?.cardBrand ?? null, last4: card?.last4 ?? null, amountCents };
}
