// The order's lifecycle: the named stages at which feature rooms (offers, loyalty, gift cards, couriers,
// accounts, curbside, mail) take part in an order, without orders naming any of them. The rooms join
// through the composition list (src/server/participants.ts), each with the stages it takes part in:
//   decide        before anything is stored: a participant may refuse the attempt or claim a part of it,
//                 first on the attempt as sent (decide), then on the kitchen's priced draft (price: a
//                 courier's fee, a code's discount); what decide counted (a code's try) comes back at
//                 placed, once the attempt is answered with its paid order
//   hold          inside the order's one transaction, beside its row, lines and the slot's room
//   shapeOrder    on Square's order: what it is created with (squareParts: a code's discount, a courier's
//                 pickup), then changed before the charge (a reward), all in Square's own shape
//   checkPayment  what the charge must prove before it completes (a card's check)
//   afterPaid     once the whole total is paid, whichever path saw it first (checkout, notification, sweep)
//   ended         the attempt ended unpaid: declined, refused or abandoned
//   statusChanged the order's status moved on the board or the POS (ready, say): news to the diner
//   courierPickedUp a courier has the order (the courier's notification), with its tracking link
//   finished      the order was handed over (completed on the console): follow-ups start beside the answer
//   refunded      money went back to the diner (a console refund)
//   swept         the scheduled sweep of records that only matter for a while
// Beside the stages, an entry: an order paid elsewhere (a catering event) joins the board and the POS
// (joinBoard, ./paidElsewhere.ts); from there it lives as any paid order, without afterPaid.
import type { CourierPickup } from "../../domain/courierStatus";
import type { Locale } from "../../domain/i18n/locales";
import type { OrderLine } from "../../domain/orderLines";
import type { OrderStatus, OrderView } from "../../domain/orderReadModel";
import type { OrderRequest } from "../../domain/orderRequest.schema";
import type { Totals } from "../../domain/pricing";
import type { CardCheck, ChargeParts, ProviderOrder } from "../payments";
import type { ActivityActor } from "../audit";
import type { Queries } from "../platform/database";
import { log } from "../platform/http";
import type { StoredOrder } from "./records";

export const STAGES = ["decide", "hold", "shapeOrder", "checkPayment", "afterPaid", "ended", "statusChanged", "courierPickedUp", "finished", "refunded", "swept"] as const;
export type Stage = (typeof STAGES)[number];

/** How an attempt ended unpaid. */
export type Ending = "declined" | "refused" | "abandoned";

/** The attempt as the stages before storage see it. */
export interface AttemptView {
  request: OrderRequest;
  /** The client's address (its network's limits), when a person's request made the attempt. */
  client?: string;
  /** The signed-in diner's account, when there is one. */
  dinerAccountId?: string;
  /** The diner's language (their e-mails and texts are in it). */
  locale?: Locale;
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
  /** Who collects a delivery and when (the participant keeps it in its own record): a delivery someone collects goes past the in-house ZIP codes. */
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

/** Who reads the views: staff (the console), else the diner, in the page's language (English when none is said). */
export interface Audience {
  staff?: boolean;
  locale?: Locale;
  /** The order's page shows no personal details any more (long done): a participant's part leaves its own out too. */
  personalDetailsHidden?: boolean;
}

export interface Participant {
  /** The room's name, as the composition list says it. */
  name: string;
  decide?(attempt: AttemptView): Promise<unknown>;
  /** The attempt was answered with its paid order (charged now, or found paid): what was counted against it at decide is given back (a good code's try). */
  placed?(claim: unknown): Promise<void>;
  /** Part of decide: what of the attempt makes it another cart under the same key (a car, a code), as "name:value". */
  fingerprint?(request: OrderRequest): string | undefined;
  /** Part of decide, on the kitchen's priced draft: a refusal throws; nothing is stored yet. */
  price?(draft: Draft): Promise<Priced | undefined>;
  /** In the order's transaction; `claim` is what it priced of the attempt (none for a retry that priced nothing). */
  hold?(tx: Queries, order: HeldOrder, attempt: AttemptView, claim: unknown): Promise<void>;
  /** Part of shapeOrder, as the charge creates Square's order: what the participant puts on it in Square's own shape (a code's discount, a courier's pickup on the fulfillment). */
  squareParts?(order: StoredOrder): Promise<ChargeParts | undefined> | ChargeParts | undefined;
  /** Answers Square's order as the charge must take it (the same one when nothing changes). */
  shapeOrder?(order: StoredOrder, providerOrder: ProviderOrder, claim: unknown): Promise<ProviderOrder>;
  checkPayment?(order: StoredOrder): Promise<CardCheck | undefined>;
  /** Never throws into the payment's way: work is started, or left to the sweep. */
  afterPaid?(order: StoredOrder): void | Promise<void>;
  ended?(order: StoredOrder, how: Ending, claim: unknown): Promise<void>;
  /** A paid order's status moved (the console's tap, the POS): a failure is logged, and the participant's sweep settles it. */
  statusChanged?(order: StoredOrder, status: OrderStatus): Promise<void>;
  /** A courier picked the order up; `trackingUrl` is the courier's page for the diner, when it gave one. */
  courierPickedUp?(pickup: { orderId: string; trackingUrl: string | null }): Promise<void>;
  /** Never in the way of the caller's answer: started, and settled by the participant's own sweep when it fails. */
  finished?(order: { orderId: string }): Promise<unknown>;
  refunded?(order: StoredOrder, refund: Refunded): Promise<void>;
  /** Each participant's sweep of what it owes or holds; one failing never stops the others. */
  swept?(now: Date): Promise<void>;
  /**
   * Not a stage: what people see of orders, with the participant's part added (a courier's, a code's
   * discount, a reward). `orders` holds the stored order of each view, by id.
   */
  view?<V extends OrderView>(views: V[], audience: Audience, orders: ReadonlyMap<string, StoredOrder>): Promise<V[]>;
}

const participants: Participant[] = [];

/** Registers the rooms that take part (the composition list does, once per process). */
export function takePart(list: readonly Participant[]): void {
  for (const participant of list) if (!participants.some((known) => known.name === participant.name)) participants.push(participant);
}

/** Who takes part in a stage, in the composition list's order. */
export function participantsIn(stage: Stage | "fingerprint" | "price" | "placed" | "squareParts" | "view"): Participant[] {
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

/** What the participants add to an attempt's fingerprint, in the composition list's order. */
export function fingerprintParts(request: OrderRequest): string[] {
  return participantsIn("fingerprint").flatMap((participant) => participant.fingerprint!(request) ?? []);
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

/** The attempt was answered with its paid order: the participants with a claim give back what they counted. */
export async function placed(claims: Claims): Promise<void> {
  for (const participant of participantsIn("placed")) {
    if (claims.has(participant.name)) await participant.placed!(claims.get(participant.name));
  }
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

/** Runs one stage's participants side by side; one failing is logged and never fails the others or the caller. */
async function notifyAll(stage: "statusChanged" | "courierPickedUp", call: (participant: Participant) => Promise<void>): Promise<void> {
  await Promise.all(
    participantsIn(stage).map((participant) =>
      call(participant).catch((error: unknown) => log("warn", "a participant could not follow the order; its sweep tries again", { stage, participant: participant.name, error: error instanceof Error ? error.message : String(error) })),
    ),
  );
}

/** A paid order's status moved, wherever it was moved (the console, the POS). */
export const statusChanged = (order: StoredOrder, status: OrderStatus) => notifyAll("statusChanged", (participant) => participant.statusChanged!(order, status));

/** A courier picked the order up (the courier's notification). */
export const courierPickedUp = (pickup: { orderId: string; trackingUrl: string | null }) => notifyAll("courierPickedUp", (participant) => participant.courierPickedUp!(pickup));

/**
 * The order was handed over (completed on the console, dropped off by a courier): each participant's
 * follow-up starts at once; the promise settles when they all have (a function may wait for it after its
 * answer), never rejects, and no caller's answer waits for it.
 */
export function finished(order: { orderId: string }): Promise<void> {
  const started = participantsIn("finished").map((participant) =>
    participant.finished!(order).catch((error: unknown) => {
      log("warn", "a follow-up of a finished order could not start; its sweep tries again", { participant: participant.name, error: error instanceof Error ? error.message : String(error) });
    }),
  );
  return Promise.all(started).then(() => undefined);
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

/** Views of orders (the diner's page, the staff's board) with each participant's part shown; `views[i]` is of `orders[i]`. */
export async function withParts<V extends OrderView>(views: V[], orders: readonly StoredOrder[], audience: Audience = {}): Promise<V[]> {
  const byId = new Map(orders.map((order) => [order.orderId, order]));
  let shown = views;
  for (const participant of participantsIn("view")) shown = await participant.view!(shown, audience, byId);
  return shown;
}
