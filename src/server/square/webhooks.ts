// Square's webhook notifications: verified (HMAC-SHA256 over the notification URL as registered and the
// raw body, compared in constant time), refused once older than Square's retry window, each event
// applied once (its event_id claimed in a row first, kept longer than that window), and answered
// quickly: applying one is a few local statements (a completed payment of an unpaid order: also a look at
// the order and its payments at Square); a catalogue sync is left for later.
import { createHmac, timingSafeEqual } from "node:crypto";
import * as z from "../../domain/zod";
import { serverConfig } from "../config";
import { db } from "../platform/database";
import { serverNow } from "../env";
import { InvalidRequest, Unauthenticated, Unavailable } from "../platform/errors";
import { log } from "../platform/http";
import { confirmIfPaid, isPaid, orderOfProviderOrder } from "../orders";
import { noteOutcome } from "../platform/serviceOutcomes";
import { sql } from "../platform/sql";
import { applyInventoryCounts, CATALOG_SYNC_DEBOUNCE_MS, requestCatalogSync, runDueCatalogSync } from "./catalogEvents";
import { applyFulfillmentUpdate } from "./fulfillment";
import { applyGiftCardEvent } from "../giftcards";
import { applyCustomerEvent } from "../accounts";
import { applySquareRefund } from "./refunds";
import { loyaltyProgramChanged, takeBackPoints } from "../loyalty";

export const SIGNATURE_HEADER = "x-square-hmacsha256-signature";

/**
 * Square retries a notification for up to 72 hours after it was created: one whose created_at is older
 * can only be a replay. Event ids are kept longer (housekeeping's SQUARE_EVENT_LIFETIME_MS, 30 days).
 */
export const SQUARE_RETRY_WINDOW_MS = 72 * 60 * 60 * 1000;

/** A claim older than this belongs to an attempt that died half way: a redelivery may take it over. */
const STALE_CLAIM_SECONDS = 120;

const eventSchema = z.object({
  event_id: z.string().min(1).max(200),
  type: z.string().min(1).max(100),
  created_at: z.iso.datetime({ offset: true }),
  merchant_id: z.string().optional(),
  data: z.object({ type: z.string().optional(), id: z.string().optional(), object: z.record(z.string(), z.unknown()).optional() }).optional(),
});
type SquareEvent = z.infer<typeof eventSchema>;

const money = z.object({ amount: z.coerce.number().int().nonnegative() }).optional();

const fulfillmentUpdatedSchema = z.object({
  order_fulfillment_updated: z.object({
    order_id: z.string().min(1),
    version: z.coerce.number().int(),
    fulfillment_update: z
      .array(z.object({ fulfillment_uid: z.string().nullish(), old_state: z.string().nullish(), new_state: z.string() }))
      .default([]),
  }),
});

const paymentSchema = z.object({
  payment: z.object({
    id: z.string().min(1),
    status: z.string(),
    order_id: z.string().nullish(),
    amount_money: money,
    receipt_url: z.string().nullish(),
  }),
});

const refundSchema = z.object({
  refund: z.object({
    id: z.string().min(1),
    status: z.string(),
    payment_id: z.string().min(1),
    amount_money: z.object({ amount: z.coerce.number().int().positive() }),
    reason: z.string().nullish(),
  }),
});

const inventorySchema = z.object({
  inventory_counts: z
    .array(
      z.object({
        catalog_object_id: z.string(),
        location_id: z.string().nullish(),
        state: z.string(),
        quantity: z.coerce.number().default(0),
        calculated_at: z.iso.datetime({ offset: true }).nullish(),
      }),
    )
    .default([]),
});

export interface Receipt {
  eventId: string;
  /** What was done: "applied: ready", "duplicate", "ignored: ..." */
  outcome: string;
}

export interface ReceiveOptions {
  /** Work that may finish after the answer (Netlify's context.waitUntil). */
  later?: (work: Promise<unknown>) => void;
}

/**
 * Verifies and applies one notification. Throws Unavailable when the webhook is not configured,
 * Unauthenticated for a missing or wrong signature (nothing is read or changed), InvalidRequest for a
 * body that is not a notification. Anything else failing leaves the event unclaimed, so Square's retry applies it.
 */
export async function receiveSquareNotification(rawBody: string, signature: string | null, options: ReceiveOptions = {}): Promise<Receipt> {
  const config = serverConfig();
  const signatureKey = config.SQUARE_WEBHOOK_SIGNATURE_KEY;
  const notificationUrl = config.SQUARE_WEBHOOK_URL;
  if (!signatureKey || !notificationUrl) {
    throw new Unavailable("Square notifications are not configured here (SQUARE_WEBHOOK_SIGNATURE_KEY and SQUARE_WEBHOOK_URL).");
  }
  if (!signature || !isSquareSignature(rawBody, signature, signatureKey, notificationUrl)) {
    log("warn", "square notification refused: bad or missing signature", { signed: Boolean(signature) });
    // Kept for the go-live checklist: a wrong key or URL shows as refusals after the last verified one.
    if (signature) await noteOutcome("square-notification-refused", false, "A notification's signature did not verify.");
    throw new Unauthenticated("The notification is not signed by Square.");
  }
  let event: SquareEvent;
  try {
    event = eventSchema.parse(JSON.parse(rawBody));
  } catch {
    throw new InvalidRequest("The notification is not one Square sends.");
  }
  if (Date.now() - new Date(event.created_at).getTime() > SQUARE_RETRY_WINDOW_MS) {
    log("warn", "square notification refused: older than Square's retry window", { type: event.type });
    throw new InvalidRequest("The notification is older than Square's retry window (72 hours).");
  }
  if (!(await claim(event))) return { eventId: event.event_id, outcome: "duplicate" };
  let outcome: string;
  try {
    outcome = await apply(event, options);
  } catch (error) {
    await db.run(sql`DELETE FROM square_events WHERE event_id = ${event.event_id} AND outcome = 'applying'`).catch(() => undefined);
    log("error", "square notification could not be applied; Square will send it again", {
      type: event.type,
      error: error instanceof Error ? error.message : String(error),
    });
    throw error;
  }
  await db.run(sql`UPDATE square_events SET outcome = ${outcome.slice(0, 300)} WHERE event_id = ${event.event_id}`);
  log("info", "square notification", { type: event.type, outcome });
  return { eventId: event.event_id, outcome };
}

/** When the last notification that verified arrived (applied or not), or null (none in the 30 days they are kept). */
export async function lastVerifiedNotificationAt(): Promise<Date | null> {
  const row = await db.one<{ at: Date | null }>(sql`SELECT max(received_at) AS at FROM square_events`);
  return row?.at ?? null;
}

/** Square's signature: base64 HMAC-SHA256 of the notification URL followed by the raw body, compared in constant time. */
function isSquareSignature(rawBody: string, signature: string, key: string, notificationUrl: string): boolean {
  const expected = Buffer.from(createHmac("sha256", key).update(notificationUrl + rawBody).digest("base64"));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Takes the event for this delivery: false when it was applied before (or is being applied right now). */
async function claim(event: SquareEvent): Promise<boolean> {
  const claimed = await db.one<{ event_id: string }>(sql`
    INSERT INTO square_events (event_id, type, outcome, received_at) VALUES (${event.event_id}, ${event.type}, 'applying', now())
    ON CONFLICT (event_id) DO UPDATE SET received_at = now()
      WHERE square_events.outcome = 'applying' AND square_events.received_at < now() - make_interval(secs => ${STALE_CLAIM_SECONDS})
    RETURNING event_id`);
  return claimed !== null;
}

function objectOf<S extends z.ZodType>(event: SquareEvent, schema: S): z.infer<S> | null {
  const parsed = schema.safeParse(event.data?.object ?? {});
  return parsed.success ? parsed.data : null;
}

async function apply(event: SquareEvent, options: ReceiveOptions): Promise<string> {
  // Gift cards are their own room's: a card spent at the counter, an activation heard back.
  if (event.type.startsWith("gift_card.")) return applyGiftCardEvent(event.type, event.data?.object);
  if (event.type.startsWith("customer.")) return applyCustomerEvent(event.type, event.data?.object);
  if (event.type === "loyalty.program.updated") return loyaltyProgramChanged();
  switch (event.type) {
    case "order.fulfillment.updated": {
      const data = objectOf(event, fulfillmentUpdatedSchema);
      if (!data) return "ignored: unreadable fulfillment update";
      const update = data.order_fulfillment_updated;
      return applyFulfillmentUpdate({
        orderId: update.order_id,
        version: update.version,
        changes: update.fulfillment_update.map((change) => ({
          fulfillmentUid: change.fulfillment_uid ?? null,
          oldState: change.old_state ?? null,
          newState: change.new_state,
        })),
      });
    }
    case "payment.created":
    case "payment.updated": {
      const data = objectOf(event, paymentSchema);
      return data ? applyPayment(data.payment) : "ignored: unreadable payment";
    }
    case "refund.created":
    case "refund.updated": {
      const data = objectOf(event, refundSchema);
      if (!data) return "ignored: unreadable refund";
      const refund = data.refund;
      const outcome = await applySquareRefund({
        id: refund.id,
        status: refund.status,
        paymentId: refund.payment_id,
        amountCents: refund.amount_money.amount,
        reason: refund.reason ?? "",
      });
      // A completed console refund takes its share of the order's points back (src/server/loyalty/refunds.ts).
      return refund.status === "COMPLETED" ? `${outcome}; ${await takeBackPoints(refund.id)}` : outcome;
    }
    case "catalog.version.updated": {
      const dueAt = await requestCatalogSync(serverNow());
      // Woken after the quiet time: only the waiter of the last notification of a burst finds it due.
      options.later?.(
        new Promise((resolve) => setTimeout(resolve, CATALOG_SYNC_DEBOUNCE_MS + 500)).then(() => runDueCatalogSync(new Date())),
      );
      return `catalogue sync due at ${dueAt.toISOString()}`;
    }
    case "inventory.count.updated": {
      const data = objectOf(event, inventorySchema);
      if (!data) return "ignored: unreadable counts";
      const changed = await applyInventoryCounts(
        data.inventory_counts.map((count) => ({
          variationId: count.catalog_object_id,
          locationId: count.location_id ?? null,
          state: count.state,
          quantity: count.quantity,
          countedAt: new Date(count.calculated_at ?? event.created_at),
        })),
      );
      return `stock flags changed: ${changed}`;
    }
    default:
      return `ignored: ${event.type} is not followed`;
  }
}

/**
 * A payment of an order still waiting for it: only a COMPLETED one is a reason to look, and then Square is
 * asked (the body is not trusted) and the order confirmed only when Square shows its whole total paid. An
 * APPROVED payment is an authorization, never payment, whatever the order's state.
 */
async function applyPayment(payment: z.infer<typeof paymentSchema>["payment"]): Promise<string> {
  if (!payment.order_id) return "ignored: payment without an order";
  const order = await orderOfProviderOrder(payment.order_id);
  if (!order) return "ignored: not an order of this site";
  if (isPaid(order)) return "unchanged: already paid";
  if (payment.status !== "COMPLETED") return `ignored: payment ${payment.status}`;
  const outcome = await confirmIfPaid(order);
  if (outcome === "confirmed") log("warn", "pending order confirmed by Square's payment notification", { orderNumber: order.orderNumber });
  return outcome === "confirmed" ? "applied: confirmed" : `unchanged: ${outcome}`;
}
