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
import { noteOutcome } from "../platform/serviceOutcomes";
import { sql } from "../platform/sql";
import { applyInventoryCounts, CATALOG_SYNC_DEBOUNCE_MS, requestCatalogSync, runDueCatalogSync } from "./catalogEvents";
import { applyNotification, type NotificationType, type ReceiveOptions } from "./notifications";
import { eventSchema, objectOf, type SquareEvent } from "./squareEvent";

export const SIGNATURE_HEADER = "x-square-hmacsha256-signature";

/**
 * Square retries a notification for up to 72 hours after it was created: one whose created_at is older
 * can only be a replay. Event ids are kept longer (housekeeping's SQUARE_EVENT_LIFETIME_MS, 30 days).
 */
export const SQUARE_RETRY_WINDOW_MS = 72 * 60 * 60 * 1000;

/** A claim older than this belongs to an attempt that died half way: a redelivery may take it over. */
const STALE_CLAIM_SECONDS = 120;

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

export type { ReceiveOptions };

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


/** Square's own types: the catalogue and the stock; every other type is a room's (./notifications.ts). */
const OWN_TYPES: NotificationType[] = [
  {
    types: ["catalog.version.updated"],
    apply: async (_event, options) => {
      const dueAt = await requestCatalogSync(serverNow());
      // Woken after the quiet time: only the waiter of the last notification of a burst finds it due.
      options.later?.(new Promise((resolve) => setTimeout(resolve, CATALOG_SYNC_DEBOUNCE_MS + 500)).then(() => runDueCatalogSync(new Date())));
      return `catalogue sync due at ${dueAt.toISOString()}`;
    },
  },
  {
    types: ["inventory.count.updated"],
    apply: async (event) => {
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
    },
  },
];

function apply(event: SquareEvent, options: ReceiveOptions): Promise<string> {
  return applyNotification(event, options, OWN_TYPES);
}
