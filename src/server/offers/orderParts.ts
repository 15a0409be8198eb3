// What a code's use adds to an order outside the checkout: its discount on the order's views (the diner's
// page and e-mails, the staff's board) and on Square's order as the charge creates it, both read from the
// use itself (offer_uses), so orders carries no field of the offer.
import type { SquareDiscount } from "../../domain/discounts";
import { toDollars } from "../../domain/money";
import type { OrderView } from "../../domain/orderReadModel";
import type { Audience, StoredOrder } from "../orders";
import { db } from "../platform/database";
import { sql } from "../platform/sql";

/** The views with the discount of the code each order used, in the audience's language, while the order carries a discount. */
export async function withCodeDiscounts<V extends OrderView>(views: V[], audience: Audience, orders: ReadonlyMap<string, StoredOrder>): Promise<V[]> {
  const ids = views.map((view) => view.orderId);
  const uses = await db.all<{ order_id: string; code: string; label_en: string; label_es: string; discount_cents: number }>(sql`
    SELECT order_id, code, label_en, label_es, discount_cents FROM offer_uses WHERE order_id = ANY(${ids}::text[])`);
  const byOrder = new Map(uses.map((use) => [use.order_id, use]));
  return views.map((view) => {
    const use = byOrder.get(view.orderId);
    const taken = orders.get(view.orderId)?.totals.discount;
    if (!use || !taken) return view;
    const label = audience.locale === "es" ? use.label_es : use.label_en;
    return { ...view, discount: { code: use.code, label, amount: toDollars(Math.min(use.discount_cents, taken)) } };
  });
}

/** The code's discount as Square's order carries it (order.discounts[]), when the order used one. */
export async function codeAdjustment(orderId: string): Promise<SquareDiscount | undefined> {
  const use = await db.one<{ square_discount: SquareDiscount }>(sql`SELECT square_discount FROM offer_uses WHERE order_id = ${orderId}`);
  return use?.square_discount;
}
