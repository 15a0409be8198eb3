// After every order-path test, the fake Square's queued notifications reach /api/square/webhooks as
// production's subscription delivers them, and a notification that changed an order's money where it must
// not fails the test: an order becomes paid only when the fake Square shows its whole total paid (every
// tender COMPLETED), a paid order's total and tenders never change, and a paid order never turns unpaid.
// Whether Square shows an order paid is read from the fake's own records, not from our code.
import { afterEach, expect } from "vitest";
import type { FakeSquare } from "./fakeSquare";
import { testDatabase } from "./database";

const UNPAID = new Set(["pending", "payment_failed"]);

interface MoneyOfOrder {
  id: string;
  order_number: string;
  status: string;
  total_cents: number;
  amount_cents: number | null;
  payment_id: string | null;
  /** The order's tenders (order_tenders), each payment and its share, in the order they paid. */
  tenders_paid: string | null;
  provider_order_id: string | null;
}

async function moneyOfOrders(): Promise<Map<string, MoneyOfOrder>> {
  const rows = await testDatabase().rows<MoneyOfOrder>(
    `SELECT id, order_number, status, total_cents, amount_cents, payment_id, provider_order_id,
            (SELECT string_agg(t.payment_id || ':' || t.amount_cents, ',' ORDER BY t.position) FROM order_tenders t WHERE t.order_id = o.id) AS tenders_paid
     FROM orders o`,
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** Whether the fake Square shows its order paid in full: COMPLETED tenders covering total_money. */
export function squareShowsPaid(square: FakeSquare, squareOrderId: string | null): boolean {
  const order = squareOrderId ? square.orders.get(squareOrderId) : undefined;
  if (!order) return false;
  const payments = square.charges();
  const paid = (order.tenders ?? [])
    .map((tender: any) => payments.find((payment) => payment.id === tender.payment_id))
    .filter((payment: any) => payment?.status === "COMPLETED")
    .reduce((sum: number, payment: any) => sum + payment.amount_money.amount, 0);
  return paid > 0 && paid >= order.total_money.amount;
}

/** What a delivery of notifications did to our orders that it must not have: one sentence each. */
export function wrongChanges(square: FakeSquare, before: Map<string, MoneyOfOrder>, after: Map<string, MoneyOfOrder>): string[] {
  const wrong: string[] = [];
  for (const [id, now] of after) {
    const was = before.get(id);
    if (!was) continue;
    const name = `order ${now.order_number}`;
    if (UNPAID.has(was.status) && !UNPAID.has(now.status)) {
      if (!squareShowsPaid(square, now.provider_order_id)) wrong.push(`${name} became ${now.status} though Square does not show it paid`);
      else if (now.amount_cents !== square.orders.get(now.provider_order_id!)?.total_money.amount) wrong.push(`${name} was booked for ${now.amount_cents}, not its whole total`);
    }
    if (!UNPAID.has(was.status)) {
      if (UNPAID.has(now.status)) wrong.push(`${name} was paid and became ${now.status}`);
      for (const field of ["total_cents", "amount_cents", "payment_id", "tenders_paid"] as const) {
        if (was[field] !== now[field]) wrong.push(`${name}'s ${field} changed from ${was[field]} to ${now[field]}`);
      }
    }
  }
  return wrong;
}

/**
 * Delivers what the fake Square queued during each test (its faults cleared first: Square's notifications
 * are sent whatever happened to our calls) and fails the test when a notification changed an order wrongly
 * or was not taken (a 5xx: Square would send it again and again).
 */
export function hearNotificationsAfterEachTest(square: () => FakeSquare | undefined): void {
  afterEach(async () => {
    const fake = square();
    if (!fake || fake.pendingNotifications().length === 0) return;
    fake.clearFaults();
    const before = await moneyOfOrders();
    const statuses = await fake.deliverWebhooks();
    const after = await moneyOfOrders();
    expect(wrongChanges(fake, before, after), "what Square's notifications did to our orders").toEqual([]);
    expect(statuses.filter((status) => status >= 500), "notifications our webhook failed to take").toEqual([]);
  });
}
