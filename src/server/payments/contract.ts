// What every payment gateway promises: create the order at the provider, then (a second step, once the
// caller has remembered that order) charge exactly its total: the lines, the charge, its outcome, the
// look-up of a charge. Which gateway takes payments here is
// chosen in ./gateway.
import { ProviderUnavailable, said } from "../platform/errors";
import { log } from "../platform/http";
import site from "../../../content/site.json";
import type { Locale } from "../../domain/i18n/locales";
import type { OrderType } from "../../domain/orderReadModel";
import type { SquareDiscount } from "../../domain/discounts";
import type { Tender, TenderKind } from "../../domain/tenders";

export interface ChargeLine {
  name: string;
  quantity: number;
  /** The dish's price with its modifiers, for one unit. */
  unitPriceCents: number;
  /** Square item-variation id once the menu is synced; then Square prices the line from its catalogue. */
  catalogObjectId: string | null;
  /** The options chosen for each unit of the line (Square's line item modifiers); none when absent. */
  modifiers?: ChargeModifier[];
  /** The diner's special instruction for the line. */
  note?: string;
}

export interface ChargeModifier {
  name: string;
  priceCents: number;
  /** Per unit of the line. */
  quantity: number;
  /** Square modifier id once the menu is synced; else the modifier goes as a name and a price. */
  catalogObjectId: string | null;
}

/** A line's own price, before its modifiers: what Square's base price of an ad hoc line is. */
export function basePriceCents(line: ChargeLine): number {
  return line.unitPriceCents - (line.modifiers ?? []).reduce((sum, modifier) => sum + modifier.priceCents * modifier.quantity, 0);
}

export interface ChargeRequest {
  /** The checkout attempt's key: the payment's idempotency key (Square keeps it to 45 characters). */
  idempotencyKey: string;
  /** Our short order number, shown to staff in Square's dashboard. */
  referenceId: string;
  /** The card token (nonce) from the payment form. Never stored, never logged. */
  sourceId: string;
  /** Square's buyer verification of that token (verifyBuyer), when the browser made one. Never stored, never logged. */
  verificationToken?: string;
  /**
   * A stored-value tender paying first (a split tender; at Square a gift card's token): it is authorized
   * for up to the total and takes what it holds (Square's partial authorization), `sourceId` pays the rest
   * and the tip, and the order is paid with both. Never stored, never logged.
   */
  partialSourceId?: string;
  /** The signed-in diner's Square customer: on the order and on the payment, so Square sees one person. */
  squareCustomerId?: string;
  orderType: OrderType;
  lines: ChargeLine[];
  /** The diner's note for the whole order, for the kitchen's ticket. */
  note?: string;
  /** Paid with the charge on top of the order's total (Square's tip_money), never taxed; none when absent. */
  tipCents?: number;
  deliveryFeeCents: number;
  /** A discount a participant put on the order (a code's), as Square's order carries it (order.discounts[]); absent when none. */
  discount?: SquareDiscount | null;
  /** The total the customer was shown; the provider's order must come to exactly this. */
  expectedTotalCents: number;
  customer: { name: string; email: string; phone: string };
  /** The customer's language: marked on the kitchen's ticket when it is not English (the ticket stays English). */
  customerLocale?: Locale;
  /** `phone`: the number the driver calls (the customer's when none was given). */
  delivery: { address: string; unit?: string; city: string; state: string; zipCode: string; notes: string; phone?: string } | null;
  /** The provider order made by an earlier attempt with this key, so a retry charges the same order. */
  /** The time promised to the customer (ISO instant): Square's pickup or delivery time. */
  promisedAt?: string | null;
  /** What the order's participants add to its one fulfillment at Square (a car at the curb, a courier's pickup). */
  fulfillment?: FulfillmentPart;
  providerOrder?: ProviderOrder | null;
}

/**
 * A part of the order's one fulfillment at Square, in Square's own shape (FulfillmentPickupDetails,
 * developer.squareup.com/reference/square/objects/FulfillmentPickupDetails): the words the kitchen's ticket
 * reads first, before the kind of order ("CURBSIDE", "DoorDash courier at 18:40."), and pickup details
 * that replace the gateway's own (a car's curbside_details, a SCHEDULED pickup_at).
 */
export interface FulfillmentPart {
  ticket?: string;
  pickupDetails?: { isCurbsidePickup?: boolean; curbsidePickupDetails?: { curbsideDetails: string }; scheduleType?: "SCHEDULED" | "ASAP"; pickupAt?: string };
}

/** What the participants put on Square's order as the charge creates it (the lifecycle's shapeOrder stage). */
export type ChargeParts = Pick<ChargeRequest, "discount" | "fulfillment">;

export interface ProviderOrder {
  id: string;
  taxCents: number;
  totalCents: number;
  /** Everything Square's order takes off, once a participant shaped it (a reward on top of a code). */
  discountCents?: number;
}

export interface ChargeResult {
  provider: PaymentProvider;
  providerOrder: ProviderOrder;
  paymentId: string;
  /** What the card was charged: the provider order's total. */
  amountCents: number;
  receiptUrl: string | null;
  /**
   * Every payment that paid the order, in the order they paid (a split tender's partial tender first, the
   * booked `paymentId` last), each with what it took with its tip: kept on the order, so a refund returns
   * each share to where it came from. Absent in a result stored before the list existed: one payment.
   */
  payments?: PaymentShare[];
  /** How it was paid, for the diner's receipt: kept on the order when it becomes paid. */
  tenders?: Tender[];
  /** The identity of the tender that paid (./tenderIdentity.ts): a card's fingerprint, a gift card's id, a cashtag; a split tender's is the booked payment's, never the partial tender's. */
  cardFingerprint?: string | null;
}

/** One payment of a charge and its share: what it took (its tip included) and its kind of tender. */
export interface PaymentShare {
  paymentId: string;
  amountCents: number;
  kind: TenderKind;
}

/**
 * A look at the tender of an authorized payment before it is completed (the caller's: orders runs its
 * lifecycle's checkPayment stage with it): resolves to let it be completed, throws (a RuleBroken for the
 * diner) to cancel it. `identity` is the tender's (./tenderIdentity.ts), null for a tender Square names no
 * identity of. Payments never knows whose check it is.
 */
export type CardCheck = (identity: string | null) => Promise<void>;

export type PaymentProvider = "square" | "sandbox";

/** What a reconciliation knows of an attempt: everything of the charge but the card token. */
export type ChargeLookup = Omit<ChargeRequest, "sourceId" | "verificationToken" | "partialSourceId">;

export interface PaymentGateway {
  readonly provider: PaymentProvider;
  /**
   * The provider's order of the attempt, before any charge: the one an earlier try made
   * (`request.providerOrder`), else created with a key derived from the attempt's, so a retry finds the
   * same order. It comes to exactly the total shown, else ProviderUnavailable (prices out of step) and
   * nothing is charged. Throws as `charge` does for a refused field or a failing provider.
   */
  createOrder(request: ChargeRequest): Promise<ProviderOrder>;
  /**
   * Charges exactly `order`'s total (and the tip) for `request`. Throws CardDeclined for a declined card,
   * KeyReused for an idempotency key reused with another payment, RuleBroken for a field the provider
   * refused, and ProviderUnavailable when it fails, times out or answers something unreadable. With
   * a `check` the payment is authorized first, then completed only when the check passes (else
   * cancelled: nothing charged, the check's error thrown).
   */
  charge(request: ChargeRequest, order: ProviderOrder, check?: CardCheck): Promise<ChargeResult>;
  /**
   * Asks the provider whether an attempt charged the card (after a timeout, an unreadable answer or
   * a failed write of the confirmation): the completed charge, or null when there is none. Never
   * charges. Throws ProviderUnavailable when the provider cannot tell right now.
   */
  findCharge(lookup: ChargeLookup): Promise<ChargeResult | null>;
}


/**
 * The provider's order must come to the total the customer was shown, to the cent: our pricing follows
 * Square's documented arithmetic (src/domain/money.ts), and a discounted order's totals are Square's own
 * preview of it (CalculateOrder), so any difference is prices out of step (a catalogue changed at Square),
 * and charging it would charge what no one saw.
 */
export function checkProviderTotal(request: ChargeRequest, order: ProviderOrder): void {
  if (order.totalCents === request.expectedTotalCents) return;
  log("error", "provider order total differs from ours; not charging", {
    referenceId: request.referenceId,
    providerTotal: order.totalCents,
    expectedTotal: request.expectedTotalCents,
  });
  throw new ProviderUnavailable(said("prices_out_of_step", site.phone));
}

