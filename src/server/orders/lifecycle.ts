// The order's lifecycle: the named stages at which feature rooms (offers, loyalty, gift cards, couriers,
// accounts, curbside, mail) take part in an order, without orders naming any of them. The rooms join
// through the composition list (src/server/participants.ts), each with the stages it takes part in:
//   decide        before anything is stored: a participant may refuse the attempt or claim a part of it,
//                 first on the attempt as sent (decide), then on the kitchen's priced draft (price: a
//                 courier's fee, a code's discount)
//   hold          inside the order's one transaction, beside its row, lines and the slot's room
//   shapeOrder    on Square's order before the charge (adjustments in Square's own shape)
//   checkPayment  what the charge must prove before it completes (a card's check)
//   afterPaid     once the whole total is paid, whichever path saw it first (checkout, notification, sweep)
//   ended         the attempt ended unpaid: declined, refused or abandoned
//   finished      the order was handed over (completed on the console): follow-ups start beside the answer
//   refunded      money went back to the diner (a console refund)
//   swept         the scheduled sweep of records that only matter for a while
// Beside the stages, an entry: an order paid elsewhere (a catering event) joins the board and the POS
// (joinBoard, ./paidElsewhere.ts); from there it lives as any paid order, without afterPaid.
import type { CourierPickup } from "../../domain/courierStatus";
import type { OrderLine } from "../../domain/orderLines";
import type { OrderView } from "../../domain/orderReadModel";
import type { OrderRequest } from "../../domain/orderRequest.schema";
import type { Totals } from "../../domain/pricing";
import type { CardCheck, ProviderOrder } from "../payments";
import type { ActivityActor } from "../audit";
import type { Queries } from "../platform/database";
import { log } from "../platform/http";
import type { StoredOrder } from "./records";

export const STAGES = ["decide", "hold", "shapeOrder", "checkPayment", "afterPaid", "ended", "finished", "refunded", "swept"] as const;
export type Stage = (typeof STAGES)[number];

/** How an attempt ended unpaid. */
export type Ending = "declined" | "refused" | "abandoned";

/** The attempt as the stages before storage see it. */
export interface AttemptView {
  request: OrderRequest;
  /** The signed-in diner's account, when there is one. */
  dinerAccountId?: string;
}

/**
 * What a participant claimed at `decide`, handed back to it at its later stages of the same attempt
 * (a reward chosen, a code's use): kept by orders without reading it.
 */
export type Claims = ReadonlyMap<string, unknown>;

/** The attempt as the kitchen priced it (lines, totals, the time promised), for the participants that price a part. */
export interface Draft extends AttemptView {
  lines: readonly OrderLine[];
  /** The totals so far: with the fees and discounts of the participants before this one. */
  totals: Totals;
  promisedAt: Date;
  /** A retried attempt's own order, whose holds count as free. */
  retriedOrderId?: string;
}

/** What a participant priced of the draft: its claim, and what changes the order's totals or fulfillment. */
export interface Priced {
  claim: unknown;
  /** The delivery fee the diner pays (a courier's); the totals are computed anew with it. */
  deliveryFeeCents?: number;
  /** The totals as the participant leaves them (a code's discount). */
  totals?: Totals;
  /** Who collects a delivery and when, kept on the order's delivery (the kitchen's ticket reads it); a delivery someone collects goes past the in-house ZIP codes. */
  handOff?: CourierPickup;
}

/** The priced draft the participants leave: the claims by name, the totals, a delivery's hand-off. */
export interface PricedDraft {
  claims: Claims;
  totals: Totals;
  handOff?: CourierPickup;
}

/** A console refund as the participants hear it. */
export interface Refunded {
  /** Square's status of the refund: COMPLETED, PENDING, FAILED... */
  status: string;
  amountCents: number;
  /** On a full refund, the owner chose to give back what the order used (a code's use counts no more). */
  giveBack: boolean;
  actor?: ActivityActor;
}

/** How a new attempt's or a retried one's pending order is written, for the participants that hold beside it. */
export interface HeldOrder {
  orderId: string;
  now: Date;
  retried: boolean;
}

export interface Participant {
  /** The room's name, as the composition list says it. */
  name: string;
  decide?(attempt: AttemptView): Promise<unknown>;
  /** Part of decide, on the kitchen's priced draft: a refusal throws; nothing is stored yet. */
  price?(draft: Draft): Promise<Priced | undefined>;
  /** In the order's transaction; `claim` is what it priced of the attempt (none for a retry that priced nothing). */
  hold?(tx: Queries, order: HeldOrder, attempt: AttemptView, claim: unknown): Promise<void>;
  /** Answers Square's order as the charge must take it (the same one when nothing changes). */
  shapeOrder?(order: StoredOrder, providerOrder: ProviderOrder, claim: unknown): Promise<ProviderOrder>;
  checkPayment?(order: StoredOrder): Promise<CardCheck | undefined>;
  /** Never throws into the payment's way: work is started, or left to the sweep. */
  afterPaid?(order: StoredOrder): void | Promise<void>;
  ended?(order: StoredOrder, how: Ending, claim: unknown): Promise<void>;
  /** Never in the way of the caller's answer: started, and settled by the participant's own sweep when it fails. */
  finished?(order: { orderId: string }): Promise<unknown>;
  refunded?(order: StoredOrder, refund: Refunded): Promise<void>;
  /** Each participant's sweep of what it owes or holds; one failing never stops the others. */
  swept?(now: Date): Promise<void>;
  /** Not a stage: what people see of orders, with the participant's part added (a courier's). */
  view?<V extends OrderView>(views: V[], audience: { staff?: boolean }): Promise<V[]>;
}

const participants: Participant[] = [];

/** Registers the rooms that take part (the composition list does, once per process). */
export function takePart(list: readonly Participant[]): void {
  for (const participant of list) if (!participants.some((known) => known.name === participant.name)) participants.push(participant);
}

/** Who takes part in a stage, in the composition list's order. */
export function participantsIn(stage: Stage | "price" | "view"): Participant[] {
  return participants.filter((participant) => typeof participant[stage] === "function");
}

/** The decide stage: each participant's claim on the attempt, by name (a refusal throws). */
export async function decideClaims(attempt: AttemptView): Promise<Claims> {
  const claims = new Map<string, unknown>();
  for (const participant of participantsIn("decide")) {
    const claim = await participant.decide!(attempt);
    if (claim !== undefined) claims.set(participant.name, claim);
  }
  return claims;
}

/**
 * The decide stage on the kitchen's draft, in the composition list's order (a courier's fee before a code
 * priced on it): each participant's claim, the totals they leave, a delivery's hand-off. `totalsWith` is the
 * kitchen's own arithmetic for another delivery fee.
 */
export async function priceParts(draft: Draft, totalsWith: (deliveryFeeCents: number) => Totals): Promise<PricedDraft> {
  const claims = new Map<string, unknown>();
  let { totals } = draft;
  let handOff: CourierPickup | undefined;
  for (const participant of participantsIn("price")) {
    const priced = await participant.price!({ ...draft, totals });
    if (!priced) continue;
    claims.set(participant.name, priced.claim);
    if (priced.deliveryFeeCents !== undefined) totals = totalsWith(priced.deliveryFeeCents);
    if (priced.totals) totals = priced.totals;
    handOff = priced.handOff ?? handOff;
  }
  return { claims, totals, ...(handOff ? { handOff } : {}) };
}

/** The hold stage, in the order's transaction: a refusal rolls the whole order back. */
export async function holdParts(tx: Queries, order: HeldOrder, attempt: AttemptView, claims: Claims): Promise<void> {
  for (const participant of participantsIn("hold")) await participant.hold!(tx, order, attempt, claims.get(participant.name));
}

/** Square's order as the participants shape it before the charge (only those with a claim, or none asked). */
export async function shapeOrder(order: StoredOrder, providerOrder: ProviderOrder, claims: Claims): Promise<ProviderOrder> {
  let shaped = providerOrder;
  for (const participant of participantsIn("shapeOrder")) {
    if (claims.has(participant.name)) shaped = await participant.shapeOrder!(order, shaped, claims.get(participant.name));
  }
  return shaped;
}

/** What the charge must prove of the card: the first participant that asks for a check. */
export async function paymentCheck(order: StoredOrder): Promise<CardCheck | undefined> {
  for (const participant of participantsIn("checkPayment")) {
    const check = await participant.checkPayment!(order);
    if (check) return check;
  }
  return undefined;
}

/** Paid: each participant's work is started; one failing never fails the others or the payment. */
export async function afterPaid(order: StoredOrder): Promise<void> {
  for (const participant of participantsIn("afterPaid")) {
    try {
      await participant.afterPaid!(order);
    } catch (error) {
      log("error", "work after payment could not start; its sweep tries again", { participant: participant.name, orderNumber: order.orderNumber, error: error instanceof Error ? error.message : String(error) });
    }
  }
}

/** The attempt ended unpaid: the participants with a claim give back what they held. */
export async function ended(order: StoredOrder, how: Ending, claims: Claims): Promise<void> {
  for (const participant of participantsIn("ended")) {
    if (claims.has(participant.name)) await participant.ended!(order, how, claims.get(participant.name));
  }
}

/** The order was handed over: each participant's follow-up starts, never awaited by the caller's answer. */
export function finished(order: { orderId: string }): void {
  for (const participant of participantsIn("finished")) {
    participant.finished!(order).catch((error: unknown) => {
      log("warn", "a follow-up of a finished order could not start; its sweep tries again", { participant: participant.name, error: error instanceof Error ? error.message : String(error) });
    });
  }
}

/** A console refund went to Square: each participant takes back or gives back its share. */
export async function refunded(order: StoredOrder, refund: Refunded): Promise<void> {
  for (const participant of participantsIn("refunded")) await participant.refunded!(order, refund);
}

/** The scheduled sweep: each participant's, in the composition list's order; a failure is logged, and the next one runs. */
export async function swept(now: Date): Promise<void> {
  for (const participant of participantsIn("swept")) {
    try {
      await participant.swept!(now);
    } catch (error) {
      log("error", "a participant's sweep failed; the next run tries again", { participant: participant.name, error: error instanceof Error ? error.message : String(error) });
    }
  }
}

/** Views of orders (the diner's page, the staff's board) with each participant's part shown. */
export async function withParts<V extends OrderView>(views: V[], audience: { staff?: boolean } = {}): Promise<V[]> {
  let shown = views;
  for (const participant of participantsIn("view")) shown = await participant.view!(shown, audience);
  return shown;
}
