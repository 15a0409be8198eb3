// The kitchen's live board: the paid orders not yet done, by promised time, and "what changed since N",
// read from change_seq (a number every insert and update of an order takes from one sequence, see the
// migration order_changes). The board reads the cursor before the orders, so a change made between
// the two reads is answered by the next poll, never lost.
import { ORDER_STATUSES } from "../../domain/orderReadModel";
import { db } from "../platform/database";
import { sql } from "../platform/sql";
import { InvalidRequest } from "../platform/errors";
import { withParts } from "./lifecycle";
import { withStaffDetails } from "./orderDetails";
import { orderOf, withLines, type OrderRow, type StoredOrder } from "./storedOrder";
import { toOrderView } from "./views";

/** Changes answered by one poll at most; the board asks again at once when there were more. */
const CHANGES_LIMIT = 100;
const BOARD_LIMIT = 200;

/** The cursor as the browser keeps it: the sequence number in decimal (a bigint, so text). */
export function parseCursor(value: string | null): string {
  if (value === null || !/^\d{1,18}$/.test(value)) throw new InvalidRequest("since must be the cursor the board was given (a whole number).");
  return value;
}

/** The last change so far: where a board that has just read the orders starts asking from. */
export async function currentCursor(): Promise<string> {
  const row = await db.one<{ cursor: string }>(sql`SELECT coalesce(max(change_seq), 0)::text AS cursor FROM orders`);
  return row?.cursor ?? "0";
}

/** The orders as the console shows them to staff: with refunds, the POS's sync state and the participants' parts (couriers, codes, rewards). */
export async function staffViews(stored: StoredOrder[]) {
  return withParts(await withStaffDetails(stored, stored.map(toOrderView)), stored, { staff: true });
}

/** The orders as the console lists them at a glance (no refunds): each with the participants' parts. */
export async function staffSummaries(stored: StoredOrder[]) {
  return withParts(stored.map(toOrderView), stored, { staff: true });
}

/** Paid orders not completed or cancelled, soonest promised first (the index orders_on_board). */
export async function ordersOnBoard(): Promise<StoredOrder[]> {
  const rows = await db.all<OrderRow>(withLines`
    WHERE o.status IN ('confirmed', 'preparing', 'ready')
    ORDER BY o.promised_at NULLS FIRST, o.created_at LIMIT ${BOARD_LIMIT}`);
  return rows.map(orderOf);
}

/**
 * The paid orders (any status staff see, cancelled and completed too, so they leave the board) changed
 * after `since`, oldest change first; null when none did. The usual answer, nothing, is one index lookup.
 */
export async function changesSince(since: string): Promise<{ cursor: string; more: boolean; orders: StoredOrder[] } | null> {
  const changed = await db.all<{ id: string; seq: string }>(sql`
    SELECT id, change_seq::text AS seq FROM orders
    WHERE change_seq > ${since}::bigint AND status = ANY(${[...ORDER_STATUSES]}::text[])
    ORDER BY change_seq LIMIT ${CHANGES_LIMIT + 1}`);
  if (changed.length === 0) return null;
  const kept = changed.slice(0, CHANGES_LIMIT);
  const ids = kept.map((row) => row.id);
  const rows = await db.all<OrderRow>(withLines`WHERE o.id = ANY(${ids}::text[])`);
  const byId = new Map(rows.map((row) => [row.id, orderOf(row)]));
  return {
    cursor: kept.at(-1)!.seq,
    more: changed.length > CHANGES_LIMIT,
    orders: ids.map((id) => byId.get(id)).filter((order): order is StoredOrder => order !== undefined),
  };
}
