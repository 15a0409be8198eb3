// The order's lifecycle: the named stages at which feature rooms (offers, loyalty, gift cards, couriers,
// accounts, curbside, mail) take part in an order, without orders naming any of them. The rooms join
// through the composition list (src/server/participants.ts), each with the stages it takes part in:
//   decide        before anything is stored: a participant may refuse the attempt or claim a part of it
//   hold          inside the order's one transaction, beside its row, lines and the slot's room
//   shapeOrder    on Square's order before the charge (adjustments in Square's own shape)
//   checkPayment  what the charge must prove before it completes (a card's check)
//   afterPaid     once the whole total is paid, whichever path saw it first (checkout, notification, sweep)
//   ended         the attempt ended unpaid: declined, refused or abandoned
//   refunded      money went back to the diner
//   swept         the scheduled sweep of records that only matter for a while
import type { OrderRequest } from "../../domain/orderRequest.schema";
import type { CardCheck, ProviderOrder } from "../payments";
import type { Queries } from "../platform/database";
import { log } from "../platform/http";
import type { StoredOrder } from "./records";

export const STAGES = ["decide", "hold", "shapeOrder", "checkPayment", "afterPaid", "ended", "refunded", "swept"] as const;
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

export interface Participant {
  /** The room's name, as the composition list says it. */
  name: string;
  decide?(attempt: AttemptView): Promise<unknown>;
  hold?(tx: Queries, order: { orderId: string; now: Date; retried: boolean }, attempt: AttemptView): Promise<void>;
  /** Answers Square's order as the charge must take it (the same one when nothing changes). */
  shapeOrder?(order: StoredOrder, providerOrder: ProviderOrder, claim: unknown): Promise<ProviderOrder>;
  checkPayment?(order: StoredOrder): Promise<CardCheck | undefined>;
  /** Never throws into the payment's way: work is started, or left to the sweep. */
  afterPaid?(order: StoredOrder): void | Promise<void>;
  ended?(order: StoredOrder, how: Ending, claim: unknown): Promise<void>;
  refunded?(order: StoredOrder, amountCents: number): Promise<void>;
  swept?(now: Date): Promise<void>;
}

const participants: Participant[] = [];

/** Registers the rooms that take part (the composition list does, once per process). */
export function takePart(list: readonly Participant[]): void {
  for (const participant of list) if (!participants.some((known) => known.name === participant.name)) participants.push(participant);
}

/** Who takes part in a stage, in the composition list's order. */
export function participantsIn(stage: Stage): Participant[] {
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

/** The hold stage, in the order's transaction: a refusal rolls the whole order back. */
export async function holdParts(tx: Queries, order: { orderId: string; now: Date; retried: boolean }, attempt: AttemptView): Promise<void> {
  for (const participant of participantsIn("hold")) await participant.hold!(tx, order, attempt);
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
