// A checkout attempt, top to bottom: the kitchen decides (priced by the server, the time promised and
// its room), the client's own limits are read (declines, the brake, its attempts), Square's pace admits
// a new charge (copies of the attempt share one place; a place taken by an attempt then refused is given
// back), and in ONE transaction the client's allowance and the slot's room are taken with the pending
// order and its lines, and the participants hold their parts (a courier, a code's use); then the gateway
// charges it once and the order is confirmed. The same key and cart give the same order and never a second
// charge; the same key with another cart is refused; a retry of an attempt that has not charged is
// decided anew. Nothing is stored and Square is not called for a refused attempt.
import { randomBytes, randomInt } from "node:crypto";
import type { Locale } from "../../domain/i18n/locales";
import type { OrderRequest } from "../../domain/orderRequest.schema";
import { serverNow } from "../env";
import { type PaymentSource, assertCardOnFilePayable, assertPaymentsAvailable, paymentGateway, declinedByBank } from "../payments";
import { db } from "../platform/database";
import { CardDeclined, KeyReused, said } from "../platform/errors";
import { giveBackOrder } from "../schedule";
import { admitToSquare, giveBackToSquare, type PaceShare } from "../square";
import { chargeInFlight, reopenOrder } from "./charges";
import { decide, deliveryOf, fingerprintOf, readKitchen, tipOf, type Decision } from "./decision";
import { admitCheckoutAttempt, noteDecline, refuseEarly } from "./orderAttempts";
import { chargeOnce, notCharged, type Payment } from "./payment";
import { decideClaims, holdParts, placed } from "./lifecycle";
import { getOrder, insertOrder, insertOrderLines, isPaid, orderOfKey, setPromisedTime, type StoredOrder } from "./records";

export interface CheckoutAttempt {
  request: OrderRequest;
  /** The checkout attempt's key, from the browser to the order record and to Square. */
  idempotencyKey: string;
  /** The client's address: its network's attempt and decline limits (./orderAttempts.ts). */
  client: string;
  /** The customer's language: their e-mails are written in it (the kitchen reads English whatever it is). */
  locale?: Locale;
  /** The signed-in diner's Square customer (src/server/accounts), put on Square's order and payment. */
  squareCustomerId?: string;
  /** The signed-in diner's account: a promo code's per-diner caps count by it. */
  dinerAccountId?: string;
}

export interface PlacedOrder {
  orderId: string;
  orderNumber: string;
  status: StoredOrder["status"];
  /** True when this request's charge paid the order; false when it found the order paid (a twin request). */
  created: boolean;
}

const KEY_CONFLICT = said("key_reused");
const ORDER_NUMBER_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** Five characters people read aloud without confusion (no 0/O, 1/I/L): about 28 million codes. */
function newOrderNumber(): string {
  return Array.from({ length: 5 }, () => ORDER_NUMBER_ALPHABET[randomInt(ORDER_NUMBER_ALPHABET.length)]).join("");
}

/**
 * Places (or, for a retried checkout attempt, finishes) an order and answers its id. The pending order
 * exists before the gateway is called.
 */
export async function placeOrder(attempt: CheckoutAttempt): Promise<PlacedOrder> {
  assertPaymentsAvailable(); // before anything is stored
  assertCardOnFilePayable(attempt.request.paymentToken, attempt.squareCustomerId);
  // Made now: the gateway's time for Square (45 s) counts from the start of the request.
  const gateway = await paymentGateway();
  // The participants decide before anything is stored (a loyalty reward is checked): ./lifecycle.ts.
  const claims = await decideClaims(attempt);
  // Decided, admitted and stored pending; a storage failure so far is "not charged".
  const { order, written } = await pendingOrder(attempt).catch(notCharged);
  const { request } = attempt;
  let payment: Payment;
  try {
    payment = await chargeOnce(order, { sourceId: request.paymentToken, verificationToken: request.verificationToken, partialSourceId: request.giftCardToken, squareCustomerId: attempt.squareCustomerId, claims }, gateway, written);
  } catch (error) {
    // A refused card counts against the network that sent it and its IPv4 /24; a bank's decline also
    // across the whole site (the brake).
    if (error instanceof CardDeclined) await noteDecline(attempt.client, declinedByBank(error));
    throw error;
  }
  // Answered with its paid order: what the participants counted against the attempt goes back (a good code's try).
  await placed(claims);
  const paid = payment.order;
  return { orderId: paid.orderId, orderNumber: paid.orderNumber, status: paid.status, created: payment.chargedNow };
}

/**
 * The pending order of this checkout attempt: written after every check, or found (its twin's, or paid),
 * or, for a retry of an attempt that has not charged, decided anew. `written`: by this request, so it is
 * as it was just read and no one else has charged it.
 */
async function pendingOrder(attempt: CheckoutAttempt): Promise<{ order: StoredOrder; written: boolean }> {
  const { request, idempotencyKey } = attempt;
  const now = serverNow();
  // A new attempt's kitchen reads go out beside the look-up of its key, so its answer (a refusal above
  // all) comes one round trip sooner; a known key's attempt discards them, whatever they came to.
  const reads = readKitchen(request, now);
  reads.catch(() => undefined);
  const fingerprint = fingerprintOf(request);
  const known = await orderOfKey(idempotencyKey);
  if (known) {
    if (known.fingerprint !== fingerprint) throw new KeyReused(KEY_CONFLICT);
    if (isPaid(known)) return { order: known, written: false };
    return { order: await retried(attempt, known), written: false };
  }
  // 1. The kitchen decides first.
  const decision = await decide(request, await reads, undefined, attempt.dinerAccountId);
  // 2. It has room: the client's own refusals come before anything shared is taken, then a new charge past
  //    Square's pace is refused now ("not charged"), nothing stored.
  const share = await admitted(attempt);
  // 3. Admitted and written in one transaction (below); refused there, its place in the pace is given back.
  const written = await admitAndWrite(attempt, fingerprint, decision, now).catch(async (error: unknown) => {
    await giveBackToSquare(share);
    throw error;
  });
  if (written.order.fingerprint !== fingerprint) throw new KeyReused(KEY_CONFLICT);
  return written;
}

const sources = new WeakMap<CheckoutAttempt, PaymentSource>();

/**
 * What pays the attempt, as its limits and the brake read it: one object per attempt, so the brake's
 * early word on it (Square said its token is a gift card) holds in its transaction's re-check too.
 */
function sourceOf(attempt: CheckoutAttempt): PaymentSource {
  const { request } = attempt;
  let source = sources.get(attempt);
  if (!source) sources.set(attempt, (source = { paymentToken: request.paymentToken, verificationToken: request.verificationToken }));
  return source;
}

/**
 * The client's limits and the brake, read without counting (a refused client takes nothing shared), then
 * one place in Square's pace for the attempt (its copies share it).
 */
async function admitted(attempt: CheckoutAttempt): Promise<PaceShare> {
  await refuseEarly(attempt.client, sourceOf(attempt));
  return admitToSquare(attempt.idempotencyKey);
}

/**
 * Writes a new attempt's pending order in one transaction: the row (unless a twin request with the key
 * wrote it first: then the twin's order answers, its verdict waited for on the key), the client's
 * allowance, the courier's delivery, the slot's room and the promised time, and the lines. Any refusal
 * (too many attempts, the slot filled meanwhile, the quote taken) rolls it all back: nothing is stored.
 */
async function admitAndWrite(
  attempt: CheckoutAttempt,
  fingerprint: string,
  decision: Decision,
  now: Date,
): Promise<{ order: StoredOrder; written: boolean }> {
  const { request, idempotencyKey } = attempt;
  const { promise, lines, totals } = decision;
  const orderId = randomBytes(16).toString("base64url");
  const order = await db.transaction(async (tx) => {
    const created = await insertOrder(tx, {
      orderId,
      orderNumber: newOrderNumber(),
      idempotencyKey,
      fingerprint,
      orderType: request.orderType,
      totals,
      note: request.note?.trim() ?? "",
      tipCents: tipOf(request),
      customer: { ...request.customerInfo },
      delivery: deliveryOf(request),
      locale: attempt.locale ?? "en",
      createdAt: now,
    });
    if (created) {
      await admitCheckoutAttempt(tx, attempt.client, sourceOf(attempt));
      await setPromisedTime(tx, orderId, await promise.claim(tx, orderId), promise.asap);
      await insertOrderLines(tx, orderId, lines);
      // The participants hold what they priced beside it (a courier's delivery, a code's use, a diner's history).
      await holdParts(tx, { orderId, now, retried: false }, attempt, decision.claims);
    }
    return (await orderOfKey(idempotencyKey, tx))!;
  });
  return { order, written: order.orderId === orderId };
}

/**
 * A retry of an attempt that has not charged (a 5xx, a timeout, a release) is a new decision: the pause,
 * the hours, stock and today's prices are checked again, and, in one transaction, the client's
 * allowance and the slot's room, which it gives back and claims again. Only then may it charge (with
 * the attempt's own key at the provider, so a charge the first try made is found, never made twice). A
 * request that finds the attempt being charged right now waits for that outcome instead.
 */
async function retried(attempt: CheckoutAttempt, known: StoredOrder): Promise<StoredOrder> {
  // Its twin is charging it: that outcome is the answer, waited for, whatever has changed since.
  if (await chargeInFlight(known.orderId)) return known;
  const { request } = attempt;
  const now = serverNow();
  const { promise, claims } = await decide(request, await readKitchen(request, now, known), known, attempt.dinerAccountId);
  // A new charge: the same limits and pace as a new attempt's.
  const share = await admitted(attempt);
  const reopened = await db
    .transaction(async (tx) => {
      // Paid meanwhile, or being charged by a twin: nothing changes, and the charge step reads it again.
      if (!(await reopenOrder(tx, known.orderId, now))) return null;
      await admitCheckoutAttempt(tx, attempt.client, sourceOf(attempt));
      await giveBackOrder(tx, known.orderId);
      await setPromisedTime(tx, known.orderId, await promise.claim(tx, known.orderId), promise.asap);
      await holdParts(tx, { orderId: known.orderId, now, retried: true }, attempt, claims);
      return getOrder(known.orderId, tx);
    })
    .catch(async (error: unknown) => {
      await giveBackToSquare(share);
      throw error;
    });
  if (!reopened) await giveBackToSquare(share);
  return reopened ?? known;
}
