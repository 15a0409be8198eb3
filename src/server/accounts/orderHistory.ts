// A diner's orders on their account page: those placed signed in (linked to the account) and those placed
// as a guest with the account's e-mail once a link proved it (an account made in place at a confirmation
// sees only its own orders until then), newest first, paid ones
// only, in the page's language: date, dishes, total, status and the order's own page.
import { db } from "../platform/database";
import { log } from "../platform/http";
import { sql } from "../platform/sql";
import { getOrder, toOrderViewIn } from "../orders";
import type { Locale } from "../../domain/i18n/locales";
import type { Diner } from "./sessions";

export const HISTORY_LENGTH = 20;

export interface PastOrder {
  orderId: string;
  orderNumber: string;
  createdAt: string;
  status: string;
  total: number;
  items: { name: string; quantity: number }[];
}

/**
 * Notes that the signed-in diner placed this order (after it is taken; a guest's order is never linked).
 * Never fails the order: a history without it is the worst outcome.
 */
export async function noteDinerOrder(accountId: string, orderId: string): Promise<void> {
  await db
    .run(sql`INSERT INTO diner_orders (order_id, account_id) VALUES (${orderId}, ${accountId}::uuid) ON CONFLICT (order_id) DO NOTHING`)
    .catch((error: unknown) => log("warn", "a signed-in order was not added to the diner's history", { error: error instanceof Error ? error.message : String(error) }));
}

/** The account an order was placed from, signed in (or saved to at its confirmation), or null. */
export async function accountOfOrder(orderId: string): Promise<string | null> {
  const row = await db.one<{ account_id: string }>(sql`SELECT account_id FROM diner_orders WHERE order_id = ${orderId}`);
  return row?.account_id ?? null;
}

/** Whether the order is in the diner's history: placed signed in, or as a guest with the account's e-mail (and paid). */
export async function ownsOrder(diner: Diner, orderId: string): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(orderId)) return false;
  const row = await db.one(sql`
    SELECT 1 FROM orders
    WHERE id = ${orderId} AND status NOT IN ('pending', 'payment_failed')
      AND ((${diner.emailConfirmed}::boolean AND lower(customer_email) = lower(${diner.email})) OR id IN (SELECT order_id FROM diner_orders WHERE account_id = ${diner.accountId}::uuid))`);
  return row !== null;
}

export async function orderHistory(diner: Diner, locale: Locale, limit = HISTORY_LENGTH): Promise<PastOrder[]> {
  const rows = await db.all<{ id: string }>(sql`
    SELECT id FROM orders
    WHERE status NOT IN ('pending', 'payment_failed')
      AND ((${diner.emailConfirmed}::boolean AND lower(customer_email) = lower(${diner.email})) OR id IN (SELECT order_id FROM diner_orders WHERE account_id = ${diner.accountId}::uuid))
    ORDER BY created_at DESC, order_number DESC LIMIT ${Math.min(limit, HISTORY_LENGTH)}`);
  const orders = await Promise.all(rows.map((row) => getOrder(row.id)));
  return orders
    .filter((order) => order !== null)
    .map((order) => {
      const view = toOrderViewIn(order, locale);
      return {
        orderId: view.orderId,
        orderNumber: view.orderNumber,
        createdAt: view.createdAt,
        status: view.status,
        total: view.total,
        items: view.items.map((item) => ({ name: item.name, quantity: item.quantity })),
      };
    });
}
