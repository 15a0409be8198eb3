// Offers in the order's life: a code sent is counted as a try (decide; given back once the order is placed:
// placed), the attempt's code is priced on the kitchen's draft as Square takes it off
// (decide: one that gives nothing is refused before anything is stored), its use is held in the order's
// transaction (hold; a retried attempt's again), and a code for first orders or capped per diner has the
// card checked before the payment completes (checkPayment); its discount is on Square's order (shapeOrder's
// squareParts) and on the order's views (view); on a full refund the owner may give the use
// back (refunded), and the sweep frees uses held by attempts that never reached Square (swept).
import type { Participant } from "../orders";
import { cardCheckFor } from "./cardCheck";
import { countOfferTry, giveBackOfferTry, type OfferTry } from "./check";
import { codeAdjustment, withCodeDiscounts } from "./orderParts";
import { holdOffer, holdOfferAgain, offerForOrder } from "./orderOffer";
import type { PricedOffer } from "./rules";
import { giveBackAfterFullRefund, releaseAbandonedUses } from "./uses";

export const offersParticipant: Participant = {
  name: "offers",
  // A code sent with an order is a try like a check's, counted before anything else of the attempt (guessing
  // through the checkout is limited alike) and given back once the order is placed with it.
  decide: async ({ request, client, dinerAccountId }) => (request.promoCode && client ? countOfferTry(client, dinerAccountId) : undefined),
  placed: (tried) => giveBackOfferTry(tried as OfferTry),
  // The same key with another code is another cart.
  fingerprint: (request) => (request.promoCode ? `promo:${request.promoCode.trim().toUpperCase()}` : undefined),
  price: async ({ request, lines, totals, dinerAccountId, retriedOrderId }) => {
    const offer = await offerForOrder(request, lines, totals.deliveryFee, dinerAccountId, retriedOrderId);
    return offer ? { claim: offer, totals: offer.totals } : undefined;
  },
  hold: (tx, { orderId, now, retried }, { request, dinerAccountId }, offer) =>
    retried ? holdOfferAgain(tx, orderId, now) : holdOffer(tx, (offer as PricedOffer | undefined) ?? null, orderId, request, dinerAccountId, now),
  // The code's discount goes on Square's order as it is created, and on what people see of the order.
  squareParts: async (order) => {
    const discount = await codeAdjustment(order.orderId);
    return discount ? { discount } : undefined;
  },
  view: (views, audience, orders) => withCodeDiscounts(views, audience, orders),
  checkPayment: (order) => cardCheckFor(order.orderId),
  refunded: async (order, { status, giveBack, actor }) => {
    if (giveBack && status !== "FAILED" && actor) await giveBackAfterFullRefund(order, actor);
  },
  // A code's use held by an attempt that never reached Square is free again within 15 minutes.
  swept: async (now) => {
    await releaseAbandonedUses(now);
  },
};
