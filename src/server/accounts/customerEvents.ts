// Square's notifications about customers, as far as diner accounts care: when the restaurant (or Square)
// merges profiles, customer.deleted and customer.created arrive with event_context.merge { from_customer_ids,
// to_customer_id }, and every account linked to a merged-away profile is moved to the new one. A profile
// deleted without a merge (the Dashboard's Delete) leaves its accounts linked to an id Square no longer
// knows: they are unlinked, and the link sweep (./squareCustomer.ts) finds or makes their profile again.
// (customerNotificationTypes below takes every customer.* event from the webhook, by the composition list.)
import type { NotificationType } from "../square";
import { db } from "../platform/database";
import { log } from "../platform/http";
import { sql } from "../platform/sql";

interface MergeContext {
  from_customer_ids?: unknown;
  to_customer_id?: unknown;
}

/** Unlinks the accounts linked to a profile Square no longer has; answers their ids. */
export async function forgetSquareCustomer(customerId: string): Promise<string[]> {
  const rows = await db.all<{ id: string }>(sql`
    UPDATE diner_accounts SET square_customer_id = NULL, square_link_tried_at = NULL, square_customer_relinks = square_customer_relinks + 1
    WHERE square_customer_id = ${customerId} RETURNING id`);
  return rows.map((row) => row.id);
}

export async function applyCustomerEvent(type: string, object: unknown): Promise<string> {
  const data = object as { event_context?: { merge?: MergeContext }; customer?: { id?: unknown } } | undefined;
  const merge = data?.event_context?.merge;
  if (!merge) {
    const deleted = type === "customer.deleted" && typeof data?.customer?.id === "string" ? data.customer.id : "";
    if (!deleted) return `ignored: ${type} is not a merge`;
    const unlinked = (await forgetSquareCustomer(deleted)).length;
    if (unlinked > 0) log("info", "diner accounts unlinked from a deleted Square customer; they are linked again", { unlinked });
    return unlinked > 0 ? `unlinked ${unlinked} diner account(s)` : "no diner account was linked to the deleted profile";
  }
  const from = Array.isArray(merge.from_customer_ids) ? merge.from_customer_ids.filter((id): id is string => typeof id === "string") : [];
  const to = typeof merge.to_customer_id === "string" ? merge.to_customer_id : "";
  if (!to || from.length === 0) return `ignored: ${type} names no merge`;
  // Both notifications of one merge say the same: the second finds nothing left to move.
  const moved = await db.run(sql`UPDATE diner_accounts SET square_customer_id = ${to} WHERE square_customer_id = ANY(${from})`);
  if (moved > 0) log("info", "diner accounts follow a Square customer merge", { moved, to });
  return moved > 0 ? `remapped ${moved} diner account(s)` : "no diner account was linked to the merged profiles";
}

/** Square's customer notifications: the directory's person changed or merged. */
export const customerNotificationTypes: NotificationType[] = [
  { types: (type) => type.startsWith("customer."), apply: (event) => applyCustomerEvent(event.type, event.data?.object) },
];
