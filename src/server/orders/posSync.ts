// What an order knows of its fulfillment at Square's Point of Sale: the uid, the newest order version
// seen, the status the POS set, and whether the last status staff set here reached it.
import type { OrderStatus } from "../../domain/orderReadModel";
import { db } from "../platform/database";
import { sql } from "../platform/sql";
import { getOrder, type StoredOrder } from "./records";

/** What an order knows of its Square fulfillment: its uid, the order version last seen, and the last failed push. */
export interface FulfillmentSync {
  fulfillmentUid: string | null;
  version: number | null;
  posSyncError: string | null;
}

export async function fulfillmentSyncOf(orderId: string): Promise<FulfillmentSync | null> {
  const row = await db.one<{ fulfillment_uid: string | null; square_version: number | null; pos_sync_error: string | null }>(sql`
    SELECT fulfillment_uid, square_version, pos_sync_error FROM orders WHERE id = ${orderId}`);
  return row ? { fulfillmentUid: row.fulfillment_uid, version: row.square_version, posSyncError: row.pos_sync_error } : null;
}

/**
 * Moves a paid order to `status` as Square's POS says, in one statement: only from one of `from`, and
 * only when `version` is newer than the version already seen (a late, older notification changes
 * nothing). Null when it did not move.
 */
export async function moveStatusFromProvider(
  orderId: string,
  from: readonly string[],
  status: OrderStatus,
  version: number,
  fulfillmentUid: string | null,
  now: Date,
): Promise<StoredOrder | null> {
  const moved = await db.one<{ id: string }>(sql`
    UPDATE orders SET status = ${status}, updated_at = ${now}, square_version = ${version},
      fulfillment_uid = coalesce(${fulfillmentUid}, fulfillment_uid)
    WHERE id = ${orderId} AND status = ANY(${[...from]}::text[]) AND (square_version IS NULL OR square_version < ${version})
    RETURNING id`);
  return moved ? getOrder(orderId) : null;
}

/** Remembers the newest Square order version seen (never an older one) and the fulfillment's uid. */
export async function noteProviderVersion(orderId: string, version: number, fulfillmentUid: string | null): Promise<void> {
  await db.run(sql`
    UPDATE orders SET square_version = GREATEST(coalesce(square_version, 0), ${version}),
      fulfillment_uid = coalesce(${fulfillmentUid}, fulfillment_uid)
    WHERE id = ${orderId}`);
}

/** Notes whether the last status staff set here reached the POS (`error` null: it did). */
export async function notePosSync(orderId: string, error: string | null): Promise<void> {
  await db.run(sql`UPDATE orders SET pos_sync_error = ${error} WHERE id = ${orderId}`);
}
