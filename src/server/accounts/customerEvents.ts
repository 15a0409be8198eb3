// Square's notifications about customers, as far as diner accounts care: when the restaurant (or Square)
// merges profiles, customer.deleted and customer.created arrive with event_context.merge { from_customer_ids,
// to_customer_id }, and every account linked to a merged-away profile is moved to the new one.
// (customerNotificationTypes below takes every customer.* event from the webhook, by the composition list.)
import type { NotificationType } from "../square";
import { db } from "../platform/database";
import { log } from "../platform/http";
import { sql } from "../platform/sql";

interface MergeContext {
  from_customer_ids?: unknown;
  to_customer_id?: unknown;
}

export async function applyCustomerEvent(type: string, object: unknown): Promise<string> {
  const merge = (object as { event_context?: { merge?: MergeContext } } | undefined)?.event_context?.merge;
  if (!merge) return `ignored: ${type} is not a merge`;
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
