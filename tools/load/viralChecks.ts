// What the viral hour must show, read from the records and from the fake Square: no card charged twice,
// no charge without its confirmed order, no slot past its room, no Square call for an attempt refused
// before it; and the database's connections, sampled while the bursts run.
import type { FakeSquare } from "../../tests/support/fakeSquare.ts";
import type { TestDatabase } from "../../tests/support/database.ts";

export interface Verdict {
  charges: number;
  confirmed: number;
  doubleCharges: number;
  chargesWithoutOrder: number;
  slotsOverCapacity: number;
  /** Square orders whose reference is no stored order: an attempt refused before the charge that still reached Square. */
  squareOrdersOfUnstoredAttempts: number;
  /** Orders stored and not confirmed (refused at Square's door: "not charged"), and any still pending. */
  notCharged: number;
  pending: number;
}

export async function verdict(database: TestDatabase, square: FakeSquare): Promise<Verdict> {
  const charges = square.charges();
  const byOrder = new Map<string, number>();
  for (const charge of charges) byOrder.set(charge.order_id, (byOrder.get(charge.order_id) ?? 0) + 1);
  const orders = await database.rows<{ order_number: string; status: string; payment_id: string | null; provider_order_id: string | null }>(
    "SELECT order_number, status, payment_id, provider_order_id FROM orders",
  );
  const confirmedPayments = new Set(orders.filter((order) => order.status === "confirmed").map((order) => order.payment_id));
  const numbers = new Set(orders.map((order) => order.order_number));
  const over = await database.rows<{ n: number }>(`
    SELECT count(*)::int AS n FROM (
      SELECT c.slot_at, c.section, c.fulfilment, sum(c.weight) AS taken
      FROM order_slot_claims c JOIN orders o ON o.id = c.order_id
      WHERE o.status IN ('confirmed', 'preparing', 'ready', 'completed')
      GROUP BY 1, 2, 3) t
    JOIN slot_capacities k ON k.section = t.section AND k.fulfilment = t.fulfilment
    WHERE t.taken > k.weight`);
  return {
    charges: charges.length,
    confirmed: confirmedPayments.size,
    doubleCharges: [...byOrder.values()].filter((count) => count > 1).length,
    chargesWithoutOrder: charges.filter((charge) => !confirmedPayments.has(charge.id)).length,
    slotsOverCapacity: over[0]!.n,
    squareOrdersOfUnstoredAttempts: [...square.orders.values()].filter((order) => !numbers.has(order.reference_id)).length,
    notCharged: orders.filter((order) => order.status === "payment_failed").length,
    pending: orders.filter((order) => order.status === "pending").length,
  };
}

export interface ConnectionWatch {
  /** The most connections to the server seen at once, and the server's max_connections. */
  stop(): Promise<{ peak: number; max: number }>;
}

/** Samples pg_stat_activity every 25 ms (the sampler's own connection left out). */
export function watchConnections(database: TestDatabase): ConnectionWatch {
  let peak = 0;
  let running = true;
  const sampling = (async () => {
    while (running) {
      const [row] = await database.rows<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()");
      peak = Math.max(peak, row!.n);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  return {
    async stop() {
      running = false;
      await sampling;
      const [setting] = await database.rows<{ max_connections: string }>("SHOW max_connections");
      return { peak, max: Number(setting!.max_connections) };
    },
  };
}
