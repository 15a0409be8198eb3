// The courier's part of a checkout: a quote for the address the customer typed (its fee and when it
// would arrive), and, when the order is placed, the quote it will pay checked again before any charge:
// one that ran out, or is for another address, ready time or cart, is asked for again, and a fee that
// changed is refused with the new fee so the customer sees it before paying.
import { formatAmount } from "../../domain/money";
import { Conflict, NotFound, RuleBroken, said, Unavailable } from "../platform/errors";
import { issue } from "../platform/http";
import { log } from "../platform/http";
import { CourierRefused, type Courier } from "./courier";
import { activeCourier } from "./courierChoice";
import { dropoffAddressOf, findQuote, quoteBoundTo, requestQuote, staleness, type DropOff, type StoredQuote } from "./quotes";

export interface QuoteView {
  quoteId: string;
  provider: Courier["provider"];
  /** What the customer pays for delivery, in dollars ("9.75"). */
  fee: string;
  dropoffEta: string | null;
  expiresAt: string;
}

export const quoteView = (quote: StoredQuote): QuoteView => ({
  quoteId: quote.id,
  provider: quote.provider,
  fee: formatAmount(quote.customerFeeCents),
  dropoffEta: quote.dropoffEta?.toISOString() ?? null,
  expiresAt: quote.expiresAt.toISOString(),
});

const ADDRESS_REFUSED = said("courier_address_refused");
const QUOTE_MISSING = said("courier_quote_missing");

/** Asks the courier, and words its refusals for the customer; nothing is kept when it refuses. */
async function quoteOrRefuse(courier: Courier, input: Parameters<typeof requestQuote>[1]): Promise<StoredQuote> {
  try {
    return await requestQuote(courier, input);
  } catch (error) {
    if (error instanceof CourierRefused) {
      throw new RuleBroken(ADDRESS_REFUSED, [issue("deliveryInfo.address", ADDRESS_REFUSED)]);
    }
    log("warn", "no courier quote could be had", { error: error instanceof Error ? error.message : String(error) });
    throw new Unavailable(said("courier_unavailable"));
  }
}

/** Refuses (404) when no courier is configured: the checkout then keeps its ZIP-code delivery. */
export function assertCouriersOffered(): void {
  if (!activeCourier()) throw new NotFound(said("courier_not_configured"));
}

/** POST /api/delivery/quotes: a quote for the checkout. */
export async function quoteForCheckout(input: { dropoff: DropOff; subtotalCents: number; tipCents: number; pickupAt: Date }): Promise<QuoteView> {
  const courier = activeCourier();
  if (!courier) throw new NotFound(said("courier_not_configured"));
  return quoteView(await quoteOrRefuse(courier, input));
}

/**
 * The quote a courier order is placed with, checked before anything is stored or charged: the one the
 * customer saw when it still fits the order, else a new one at the same customer fee; a new fee is
 * refused (409) with the new quote's id and fee in the issues, for the checkout to show. A retried
 * checkout (`retriedOrderId`, its order already stored with its quote) keeps the quote it holds: its
 * stored total has that fee, and DoorDash is not asked again (a quote that ran out by the time it is
 * paid is asked again at dispatch, the restaurant bearing any change).
 */
export async function quoteForOrder(input: {
  quoteId: string | undefined;
  dropoff: DropOff;
  subtotalCents: number;
  tipCents: number;
  pickupAt: Date;
  retriedOrderId?: string;
}): Promise<StoredQuote> {
  const courier = activeCourier();
  if (!courier) throw new NotFound(said("courier_not_configured"));
  const bound = input.retriedOrderId ? await quoteBoundTo(input.retriedOrderId) : null;
  if (bound) return bound;
  // With couriers on, delivery is DoorDash's: an order without its quote cannot take the in-house flat fee.
  if (!input.quoteId) throw new RuleBroken(QUOTE_MISSING, [issue("courierQuoteId", QUOTE_MISSING)]);
  const shown = await findQuote(input.quoteId);
  const why = staleness(shown, { dropoffAddress: dropoffAddressOf(input.dropoff), pickupAt: input.pickupAt, subtotalCents: input.subtotalCents }, new Date());
  if (!why) return shown!;
  const fresh = await quoteOrRefuse(courier, input);
  if (shown && fresh.customerFeeCents === shown.customerFeeCents) return fresh;
  throw new Conflict(said("courier_fee_changed", formatAmount(fresh.customerFeeCents)), [
    issue("deliveryFee", said("current_price", formatAmount(fresh.customerFeeCents))),
    issue("courierQuoteId", said("current_price", fresh.id)),
  ]);
}

export { couriersConfigured } from "./courierConfig";
