// The fake Square's switches for what Square's documents leave open: each names both readings a page allows,
// the fake answers by the one set, and tests that depend on the question run under both, so our code works
// whichever Square turns out to follow (`npm run sandbox:check` asks the real sandbox which).
// - loyalty: "Manage loyalty points" (developer.squareup.com/docs/loyalty-api/loyalty-points) puts a condition
//   on the order's state before AccumulateLoyaltyPoints with an `order_id`, its sentence breaking off before
//   it says which; the redeem walkthrough (developer.squareup.com/docs/loyalty-api/walkthrough2-redeem-points)
//   says payment sets the reward REDEEMED, while square/square-nodejs-sdk issue 9 reports a paid order
//   staying OPEN with its reward ISSUED until the order completes. "paid": points and redemption at payment;
//   "completed": only once the order is COMPLETED.
// - orderPercentage: an ORDER-scope FIXED_PERCENTAGE discount rounded once for the order ("once") or on
//   each line ("per-line"); developer.squareup.com/docs/orders-api/discounts gives the sequence, not the rounding.
// - lineFixedAmount: a LINE_ITEM FIXED_AMOUNT discount taken off the line once ("per-line") or off each
//   unit of its quantity ("per-unit"); the reference (OrderLineItemDiscount.amount_money) does not say which.
// - fromNonce: POST /v2/gift-cards/from-nonce reads the card a payment token names ("reads") or spends the
//   token as a payment would ("spends"); developer.squareup.com/reference/square/gift-cards-api/retrieve-gift-card-from-nonce
//   says neither.

export interface FakeSquareReadings {
  loyalty: "paid" | "completed";
  orderPercentage: "once" | "per-line";
  lineFixedAmount: "per-line" | "per-unit";
  fromNonce: "reads" | "spends";
}

/** The readings a fresh fake starts with (and reset() goes back to). */
export const DEFAULT_READINGS: Readonly<FakeSquareReadings> = { loyalty: "paid", orderPercentage: "once", lineFixedAmount: "per-line", fromNonce: "reads" };

/** Both readings of each question, for tests that run under each (`describe.each(LOYALTY_READINGS)`). */
export const LOYALTY_READINGS: FakeSquareReadings["loyalty"][] = ["paid", "completed"];
export const ORDER_PERCENTAGE_READINGS: FakeSquareReadings["orderPercentage"][] = ["once", "per-line"];
export const LINE_FIXED_AMOUNT_READINGS: FakeSquareReadings["lineFixedAmount"][] = ["per-line", "per-unit"];
export const FROM_NONCE_READINGS: FakeSquareReadings["fromNonce"][] = ["reads", "spends"];
