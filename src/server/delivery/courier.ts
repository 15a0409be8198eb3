// What a courier service does for us, whichever it is: quote a delivery, accept the quote once the
// order is paid, read a delivery, cancel it; and the refusals a caller must tell apart. DoorDash Drive
// implements it (doordash.ts); Uber Direct would be a second implementation (docs/couriers.md).
import { Conflict, NotFound, RuleBroken, Unavailable } from "../platform/errors";

export type CourierProvider = "doordash";

export interface QuoteRequest {
  /** Ours and unique at the courier: a new quote always takes a new one. */
  externalId: string;
  /** "street, city, state zip", as the courier geocodes it. */
  dropoffAddress: string;
  /** E.164 (+13055550142). */
  dropoffPhone: string;
  dropoffName: string;
  dropoffInstructions: string;
  /** The order's value before tax, in cents (the courier's insurance and limits use it). */
  orderValueCents: number;
  /** When the food is ready: the driver is sent to be there then. */
  pickupAt: Date;
  /** The driver's tip in cents (on the quote, so the fee quoted is the fee with it). */
  tipCents: number;
}

export interface CourierQuote {
  externalId: string;
  /** What the courier charges the restaurant, in cents. */
  feeCents: number;
  dropoffEta: Date | null;
  expiresAt: Date;
}

/** A delivery as the courier reports it (an accepted quote, a read, a cancellation or a notification). */
export interface CourierDelivery {
  externalId: string;
  /** The courier's status word (created, confirmed, picked_up, delivered, cancelled ...). */
  status: string;
  feeCents: number | null;
  trackingUrl: string | null;
  driverName: string | null;
  dropoffEta: Date | null;
  cancellationReason: string | null;
}

export interface Courier {
  readonly provider: CourierProvider;
  quote(request: QuoteRequest): Promise<CourierQuote>;
  /** Accepts a live quote, sending a driver; the tip is the driver's, passed as the courier documents it. */
  accept(externalId: string, options: { tipCents: number }): Promise<CourierDelivery>;
  get(externalId: string): Promise<CourierDelivery>;
  cancel(externalId: string): Promise<CourierDelivery>;
}

// The courier's refusals are service errors of their kind, in the courier's own words (for staff and the
// log): the checkout words them for the customer, the dispatch worker decides from them what to retry.

/** The courier cannot deliver this (an address out of range, a refused phone): no retry helps. */
export class CourierRefused extends RuleBroken {}
/** The quote ran out (about 5 minutes at DoorDash): ask for another. */
export class QuoteExpired extends Conflict {}
/** The id was used already at the courier. */
export class DuplicateDelivery extends Conflict {}
/** The courier knows no such delivery. */
export class CourierNotFound extends NotFound {}
/** The courier failed, was too slow, or asked us to slow down (429): trying again later may help. */
export class CourierUnavailable extends Unavailable {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}
