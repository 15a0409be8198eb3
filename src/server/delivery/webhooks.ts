// DoorDash's notifications about a delivery (DASHER_CONFIRMED, ..._PICKUP_ARRIVAL, DASHER_PICKED_UP,
// DASHER_DROPPED_OFF, DELIVERY_CANCELLED ...). DoorDash's webhook reference names the event
// `event_name` (developer.doordash.com/en-US/docs/drive/reference/webhooks); `event_type`, which some
// of DoorDash's other bodies use, is read too. DoorDash authenticates them with the Authorization
// header registered with the webhook (Basic or a token, DoorDash's choice of the two); each is applied
// once (it sends each up to 3 times), and never moves a delivery back to an earlier step.
import { createHash, timingSafeEqual } from "node:crypto";
import { db } from "../platform/database";
import { Unauthenticated, Unavailable } from "../platform/errors";
import { log } from "../platform/http";
import { sql } from "../platform/sql";
import { doordashWebhookAuthorization } from "./courierConfig";
import { deliveryOf } from "./doordash";

/** The steps of a delivery in their order: a notification of an earlier one, arriving late, is kept but not shown. */
export const COURIER_STEPS = [
  "DELIVERY_CREATED",
  "DASHER_CONFIRMED",
  "DASHER_CONFIRMED_PICKUP_ARRIVAL",
  "DASHER_PICKED_UP",
  "DASHER_CONFIRMED_DROPOFF_ARRIVAL",
  "DASHER_DROPPED_OFF",
] as const;
const ENDINGS = ["DASHER_DROPPED_OFF", "DELIVERY_CANCELLED", "DELIVERY_RETURNED"];

const digest = (value: string) => createHash("sha256").update(value).digest();

/** A notification without the Authorization registered with DoorDash: nothing of it is read. */
class WebhookRefused extends Unauthenticated {
  constructor() {
    super("Not signed as DoorDash.");
  }
}

/** Whether the request carries the registered Authorization: WebhookRefused when not, Unavailable when none is registered here. */
export function authenticateDoorDash(authorization: string | null): void {
  const expected = doordashWebhookAuthorization();
  if (!expected) throw new Unavailable("DoorDash's webhook is not configured here (DOORDASH_WEBHOOK_AUTHORIZATION).");
  if (!authorization || !timingSafeEqual(digest(authorization.trim()), digest(expected))) throw new WebhookRefused();
}

export type WebhookOutcome = "applied" | "repeated" | "unknown_delivery" | "ignored";

/** What a notification did; `droppedOff`: the order a courier handed over by it (the order is finished); `pickedUp`: the order a courier has now. */
export interface WebhookAnswer {
  outcome: WebhookOutcome;
  droppedOff?: { orderId: string };
  pickedUp?: { orderId: string; trackingUrl: string | null };
}

/** The notification's event: `event_name` as DoorDash's webhook reference shows it, else `event_type`. */
function eventOf(body: Record<string, unknown>): string {
  for (const field of [body.event_name, body.event_type]) if (typeof field === "string" && field.trim()) return field.trim();
  return "";
}

/** Applies one authenticated notification (its JSON body), once. */
export async function applyDoorDashEvent(body: Record<string, unknown>): Promise<WebhookAnswer> {
  const eventType = eventOf(body);
  const reported = deliveryOf(body);
  if (!eventType || !reported.externalId) return { outcome: "ignored" };
  // The same notification sent again is the same text; two notifications of one kind differ in their times.
  const dedupeKey = `doordash:${reported.externalId}:${eventType}:${String(body.updated_at ?? body.created_at ?? "")}`;
  return db.transaction(async (tx): Promise<WebhookAnswer> => {
    const fresh = await tx.one(sql`
      INSERT INTO courier_events (dedupe_key, external_delivery_id, event_type) VALUES (${dedupeKey}, ${reported.externalId}, ${eventType})
      ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`);
    if (!fresh) return { outcome: "repeated" };
    const current = await tx.one<{ order_id: string; order_number: string; courier_event: string | null; state: string }>(sql`
      SELECT d.order_id, o.order_number, d.courier_event, d.state FROM courier_deliveries d JOIN orders o ON o.id = d.order_id
      WHERE d.external_delivery_id = ${reported.externalId} FOR UPDATE OF d`);
    if (!current) {
      log("warn", "a DoorDash notification for a delivery we do not know", { eventType });
      return { outcome: "unknown_delivery" };
    }
    const rank = (event: string | null) => COURIER_STEPS.indexOf((event ?? "") as (typeof COURIER_STEPS)[number]);
    const ended = ENDINGS.includes(current.courier_event ?? "");
    const forward = !ended && (ENDINGS.includes(eventType) || rank(eventType) > rank(current.courier_event) || rank(eventType) < 0);
    const cancelled = eventType === "DELIVERY_CANCELLED" && forward;
    // A cancellation staff asked for themselves needs no alarm; one from the courier does.
    const staffCancelled = current.state === "cancelled";
    const updated = await tx.one<{ tracking_url: string | null }>(sql`
      UPDATE courier_deliveries SET
        courier_event = CASE WHEN ${forward} THEN ${eventType} ELSE courier_event END,
        tracking_url = coalesce(${reported.trackingUrl}, tracking_url),
        driver_name = coalesce(${reported.driverName}, driver_name),
        dropoff_eta = coalesce(${reported.dropoffEta}, dropoff_eta),
        courier_fee_cents = coalesce(${reported.feeCents}, courier_fee_cents),
        state = CASE WHEN ${forward && eventType === "DASHER_DROPPED_OFF"} THEN 'delivered'
                     WHEN ${cancelled} THEN 'cancelled' ELSE state END,
        cancellation_reason = CASE WHEN ${cancelled} THEN ${reported.cancellationReason ?? "cancelled by the courier"} ELSE cancellation_reason END,
        needs_staff = CASE WHEN ${cancelled && !staffCancelled} THEN true ELSE needs_staff END,
        updated_at = now()
      WHERE order_id = ${current.order_id} RETURNING tracking_url`);
    // The order number: the order's id opens its page (the customer's details) and is never logged.
    log("info", "DoorDash notification applied", { eventType, orderNumber: current.order_number });
    const pickedUp = forward && eventType === "DASHER_PICKED_UP" ? { pickedUp: { orderId: current.order_id, trackingUrl: updated?.tracking_url ?? null } } : {};
    return { outcome: "applied", ...pickedUp, ...(eventType === "DASHER_DROPPED_OFF" ? { droppedOff: { orderId: current.order_id } } : {}) };
  });
}
