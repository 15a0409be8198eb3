// Paying a pending order: one request at a time charges it (the charge lease), others with its key
// wait for that outcome; the confirmation is stored with what the provider charged; an attempt that
// ends without a charge is asked about at the provider and, when it answered and nothing was charged,
// gives its kitchen slot back at once; after no answer at all the slot stays held until reconciliation.
import site from "../../../content/site.json";
import { serverNow } from "../env";
import { CardDeclined, Conflict, ProviderBusy, ProviderNoAnswer, RuleBroken, said, ServiceError, Unavailable, statusOf } from "../platform/errors";
import { recordActivity, type ActivityActor } from "../audit";
import { db, isUnreachable } from "../platform/database";
import { DATABASE_DOWN, isDatabaseDown, log } from "../platform/http";
import type { ChargeParts, ChargeRequest, ChargeResult, PaymentGateway } from "../payments";
import { claimCharge, confirmOrder, endChargeLease, noteShapedDiscount, recordFailure, releaseUnpaid, rememberProviderOrder, type FailureOutcome } from "./charges";
import { getOrder, isPaid, type StoredOrder } from "./records";
import { afterPaid, ended, paymentCheck, shapeOrder, type Claims } from "./lifecycle";
import { squarePartsOf } from "./squareParts";

/** The database failed before any card was charged: the customer may simply try again. */
const NOT_CHARGED = said("not_charged");
/** The database failed after the charge: the pending record and the provider's idempotency finish it. */
const CHARGED_NOT_SAVED = said("charged_not_saved", site.phone);
const STILL_CHARGING = said("still_processing");
const ATTEMPT_ENDED = said("attempt_ended");
/** What staff read on an order released because the provider holds no charge for it. */
export const RELEASED_NO_CHARGE = "The payment did not go through: the payment provider holds no charge for this order.";

/** How long a request with the key of an order being charged waits for that charge (a function has about 10 s). */
const WAIT_MS = 8_000;
const POLL_MS = 50;

/**
 * What a failure of storage work before any charge answers (a service error, a refusal above all, stays
 * itself): "not charged", and when the records cannot be reached at all, ordering is down (with the phone).
 */
export function notCharged(error: unknown): never {
  if ((error instanceof Unavailable && error.code === DATABASE_DOWN.code) || isUnreachable(error) || isDatabaseDown(error)) {
    throw new Unavailable(said("database_unavailable_not_charged", site.phone));
  }
  if (error instanceof ServiceError) throw error;
  log("error", "order store failed before the charge", { error: error instanceof Error ? error.message : String(error) });
  throw new Unavailable(NOT_CHARGED);
}

/** What pays: the payment form's token and, when the browser verified the buyer, Square's verification token. */
export interface ChargeSource {
  sourceId: string;
  verificationToken?: string;
  /** A stored-value tender paying first (a gift card's token), the source paying the rest (split tender). */
  partialSourceId?: string;
  /** The signed-in diner's Square customer, when they have one. */
  squareCustomerId?: string;
  /** What the participants claimed when the attempt was decided (./lifecycle.ts), for their later stages. */
  claims?: Claims;
}

/** The charge request of an order: `parts` are what its participants put on Square's order (none for a look-up of its charge). */
export function chargeRequestOf(order: StoredOrder, sourceId: string, verificationToken?: string, partialSourceId?: string, squareCustomerId?: string, parts: ChargeParts = {}): ChargeRequest {
  const { payment } = order;
  return {
    idempotencyKey: order.idempotencyKey,
    referenceId: order.orderNumber,
    sourceId,
    ...(verificationToken ? { verificationToken } : {}),
    ...(partialSourceId ? { partialSourceId } : {}),
    ...(squareCustomerId ? { squareCustomerId } : {}),
    orderType: order.orderType,
    lines: order.lines.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      catalogObjectId: line.catalogObjectId,
      modifiers: line.options.map((option) => ({
        name: option.name,
        priceCents: option.price,
        quantity: option.quantity,
        catalogObjectId: option.squareId,
      })),
      note: line.note,
    })),
    note: order.note,
    tipCents: order.tipCents,
    deliveryFeeCents: order.totals.deliveryFee,
    ...parts,
    expectedTotalCents: order.totals.total,
    customer: order.customer,
    customerLocale: order.locale,
    delivery: order.delivery,
    promisedAt: order.promisedAt,
    providerOrder:
      payment.providerOrderId && payment.providerTotalCents !== null
        ? { id: payment.providerOrderId, taxCents: payment.providerTaxCents ?? 0, totalCents: payment.providerTotalCents }
        : null,
  };
}

/** A paid order, and whether this request's own charge paid it (else it found the order paid). */
export interface Payment {
  order: StoredOrder;
  chargedNow: boolean;
}

/**
 * Charges a pending order once. The request that claims the order's charge lease calls the provider;
 * another with the same key (a double click, a retry while the first still runs) waits for it and
 * answers the order it paid, or takes over once it ended without a charge. Across instances and
 * after a lease ran out, the provider's idempotency key prevents a second charge.
 */
export async function chargeOnce(order: StoredOrder, source: ChargeSource, gateway: PaymentGateway, justWritten: boolean): Promise<Payment> {
  const deadline = Date.now() + WAIT_MS;
  // An order found by its key may have been paid by the attempt's twin meanwhile: read it again.
  let current = justWritten ? order : await getOrder(order.orderId).catch(notCharged);
  for (;;) {
    if (!current) throw new Error(`order #${order.orderNumber} is missing`);
    if (isPaid(current)) return { order: current, chargedNow: false };
    // Ended without a charge while this request waited (released, declined): the checkout starts a new attempt.
    if (current.status === "payment_failed") throw new Conflict(ATTEMPT_ENDED);
    // Noted before the card is charged: a reconciliation that found nothing earlier must look again.
    const attemptId = await claimCharge(order.orderId).catch(notCharged);
    if (attemptId !== null) {
      try {
        return { order: await chargeWithLease(current, source, gateway, attemptId), chargedNow: true };
      } finally {
        // A database failing now keeps the lease until it runs out: a retry meanwhile hears "still processing".
        await endChargeLease(order.orderId).catch(() => undefined);
      }
    }
    // Another request is charging it: its outcome is waited for, then read.
    if (Date.now() > deadline) throw new Conflict(STILL_CHARGING);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    current = await getOrder(order.orderId).catch(notCharged);
  }
}

async function chargeWithLease(current: StoredOrder, source: ChargeSource, gateway: PaymentGateway, attemptId: number): Promise<StoredOrder> {
  let result: ChargeResult;
  try {
    // What the participants put on Square's order as it is created (a code's discount, a car at the curb, a courier's pickup).
    const parts = await squarePartsOf(current);
    const request = chargeRequestOf(current, source.sourceId, source.verificationToken, source.partialSourceId, source.squareCustomerId, parts);
    // What the participants must see of the tender before the payment completes (checkPayment): the
    // gateway then authorizes, runs it and completes or cancels; the charge request itself stays neutral.
    const check = await paymentCheck(current);
    const providerOrder = await gateway.createOrder(request);
    // Remembered before the card is charged, so a retry or a reconciliation finds it.
    if (current.payment.providerOrderId !== providerOrder.id) {
      await rememberProviderOrder(current.orderId, gateway.provider, providerOrder, serverNow());
    }
    // The participants shape Square's order now (a reward on it): the card is charged Square's total with it.
    const shaped = await shapeOrder(current, providerOrder, source.claims ?? new Map());
    // The order keeps Square's whole discount when a participant changed Square's order; else its own again.
    await noteShapedDiscount(current.orderId, shaped === providerOrder ? null : (shaped.discountCents ?? null));
    result = await gateway.charge(request, shaped, check);
  } catch (error) {
    // Declined or refused: what the participants held goes back (after no answer the charge may still complete: the sweeper decides).
    if (!(error instanceof ProviderNoAnswer)) {
      await ended(current, error instanceof CardDeclined ? "declined" : "refused", source.claims ?? new Map());
      await noteShapedDiscount(current.orderId, null).catch(() => undefined);
    }
    const outcome = await noteFailure(current, gateway, error, attemptId);
    // Not a decline and not a refusal: the provider failed or did not answer. Whether it charged is
    // asked at once: a charge found confirms the order; none found gives its slot back.
    if (outcome === "failed") {
      const settled = await settleFailedAttempt(current, gateway, { hold: error instanceof ProviderNoAnswer });
      if (settled && isPaid(settled)) return settled;
    }
    // The gateway turns every provider failure into a service error; anything else is our database
    // failing while it remembered the provider order, which is before the card is charged.
    if (error instanceof ServiceError) throw error;
    log("error", "order store failed before the charge", { orderNumber: current.orderNumber, error: String(error) });
    throw new Unavailable(NOT_CHARGED);
  }
  return confirmCharge(current, result, attemptId);
}

/**
 * After an attempt that failed without a verdict: asks the provider whether the order was charged.
 * Charged: the order is confirmed. Not charged after the provider answered an error: the order ends as
 * payment_failed and its slot's room is given back. Not charged yet after no answer at all (`hold`: a
 * timeout, whose charge may still complete), or the provider not answering now: it stays pending,
 * holding its room, until reconciliation knows (at most HOLD_MINUTES).
 */
export async function settleFailedAttempt(order: StoredOrder, gateway: PaymentGateway, options: { hold?: boolean } = {}): Promise<StoredOrder | null> {
  const { sourceId: _unused, ...lookup } = chargeRequestOf((await getOrder(order.orderId)) ?? order, "");
  let found: ChargeResult | null;
  try {
    found = await gateway.findCharge(lookup);
  } catch {
    log("warn", "could not ask the provider about a failed attempt; reconciliation will", { orderNumber: order.orderNumber });
    return null;
  }
  try {
    if (found) return await confirmCharge(order, found);
    // Without a provider order no payment was ever asked for: nothing can complete later.
    if (options.hold && lookup.providerOrder) {
      log("warn", "no answer from the provider and no charge found yet: the order holds its room until reconciliation", { orderNumber: order.orderNumber });
      return null;
    }
    const released = await releaseUnpaid(order.orderId, RELEASED_NO_CHARGE, serverNow());
    if (released) log("warn", "a failed attempt charged nothing: its slot is free again", { orderNumber: order.orderNumber });
    return released;
  } catch (error) {
    log("error", "could not settle a failed attempt", { orderNumber: order.orderNumber, error: error instanceof Error ? error.message : String(error) });
    return null;
  }
}

/**
 * Stores the confirmation of a charge. If the database fails now, the card is charged and the order
 * stays pending with the provider order on it: a retry of the checkout (the provider answers the
 * same payment again) or reconciliation finishes it, and the admin console lists it meanwhile.
 * `askedBy` (a person reconciling it) gets the activity row "order.reconcile" in the confirmation's transaction.
 */
export async function confirmCharge(order: StoredOrder, result: ChargeResult, attemptId?: number, askedBy?: ActivityActor): Promise<StoredOrder> {
  let confirmed: StoredOrder;
  try {
    confirmed = askedBy
      ? await db.transaction(async (tx) => {
          const stored = await confirmOrder(order.orderId, result, serverNow(), attemptId, tx);
          const change = { action: "order.reconcile", target: order.orderId, before: { status: order.status }, after: { status: stored.status } } as const;
          await recordActivity(askedBy, change, tx);
          return stored;
        })
      : await confirmOrder(order.orderId, result, serverNow(), attemptId);
  } catch (error) {
    log("error", "charged, but the confirmation could not be stored; the order stays pending for a retry or reconciliation", {
      orderNumber: order.orderNumber,
      paymentId: result.paymentId,
      amountCents: result.amountCents,
      error: error instanceof Error ? error.message : String(error),
    });
    throw new Unavailable(CHARGED_NOT_SAVED);
  }
  log("info", "order confirmed", { orderNumber: confirmed.orderNumber, provider: result.provider, amountCents: result.amountCents });
  // What follows payment (points, a courier) starts once, on the transition, never in the payment's way.
  if (isPaid(confirmed) && !isPaid(order)) await afterPaid(confirmed);
  return confirmed;
}

/** A decline keeps the provider's reason for staff, which the customer is never told. */
async function noteFailure(order: StoredOrder, gateway: PaymentGateway, error: unknown, attemptId: number): Promise<FailureOutcome> {
  const reason = error instanceof CardDeclined ? error.reason : undefined;
  // A rate-limited call was never processed: as certain a "not charged" as a refusal, so its slot is given back now.
  const outcome: FailureOutcome = error instanceof CardDeclined ? "declined" : error instanceof RuleBroken || error instanceof ProviderBusy ? "refused" : "failed";
  const status = error instanceof ServiceError ? statusOf(error) : 500;
  const message = error instanceof ServiceError ? (reason ? `${error.message} (${reason})` : error.message) : "unexpected error";
  if (reason) log("warn", "card declined", { orderNumber: order.orderNumber, reason });
  try {
    await recordFailure(order.orderId, gateway.provider, outcome, { status, message }, serverNow(), attemptId);
  } catch (storeError) {
    log("error", "could not record a payment failure", { error: storeError instanceof Error ? storeError.message : String(storeError) });
  }
  return outcome;
}
