// The gift card provider: the calls a sale and a balance check make, as Square's Orders API walkthrough
// orders them (an order with a GIFT_CARD line, its payment, the card, its activation). Square when
// configured; locally without credentials the test gateway (loaded only there). Every call that changes
// something carries an idempotency key derived from the buyer's attempt, so a retry repeats nothing.
import type { GiftCardState } from "../../domain/giftCards";
import { paymentMode } from "../payments";
import { squareConfig } from "../platform/squareConfig";
import { Unavailable } from "../platform/errors";

export interface GiftCardView {
  id: string;
  gan: string;
  state: GiftCardState;
  balanceCents: number;
}

export interface SaleOrder {
  orderId: string;
  /** The uid Square gave the GIFT_CARD line: the activation names it. */
  lineItemUid: string;
}

export interface SalePayment {
  source: string;
  verificationToken?: string;
  buyerEmail: string;
}

export interface GiftCardProvider {
  readonly kind: "square" | "sandbox";
  /** An order with one GIFT_CARD line of `amountCents`: no tax, no fulfillment, never the kitchen's. */
  createSaleOrder(key: string, saleId: string, amountCents: number): Promise<SaleOrder>;
  /** Charges the order's total. Throws CardDeclined, KeyReused, RuleBroken or ProviderUnavailable. */
  paySaleOrder(key: string, order: SaleOrder, saleId: string, amountCents: number, payment: SalePayment): Promise<{ paymentId: string }>;
  /** A new DIGITAL card (state PENDING, balance 0). */
  createCard(key: string): Promise<GiftCardView>;
  /** ACTIVATE with the paid order and its line: the card then holds the line's amount. */
  activate(key: string, giftCardId: string, order: SaleOrder): Promise<GiftCardView>;
  cardById(id: string): Promise<GiftCardView>;
  /** The card with this number, or null when the seller has none. */
  cardByGan(gan: string): Promise<GiftCardView | null>;
  /**
   * The card behind a payment form's gift card token (Square's RetrieveGiftCardFromNonce), or null when the
   * token is no gift card's (a card's, a forged one): no bank is asked, nothing is charged.
   */
  cardByToken(token: string): Promise<GiftCardView | null>;
  /** Whether the seller's account takes gift card calls (Square answers 401/403 while gift cards are off). */
  probe(): Promise<{ enabled: boolean; reason: string }>;
}

/** Whether gift cards can be sold here: Square configured, or the local test gateway. */
export function giftCardsAvailable(): boolean {
  return paymentMode() !== "unavailable";
}

/** The provider for this request; Unavailable in a deployed context while Square is not configured. */
export async function giftCardProvider(): Promise<GiftCardProvider> {
  const mode = paymentMode();
  if (mode === "unavailable") throw new Unavailable("Gift cards cannot be sold or checked right now: online payment is not configured.");
  const config = squareConfig();
  if (config) return new (await import("./squareProvider")).SquareGiftCards(config);
  return new (await import("./sandboxProvider")).SandboxGiftCards();
}
