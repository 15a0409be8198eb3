// The sweeper of holds a crash left behind: a split tender authorizes its payments (APPROVED) and PayOrder
// completes them within the checkout's request; an instance that died between the two leaves money held on
// a customer's gift card or card. Run with the scheduled reconciliation (every 10 minutes), it voids every
// authorization of an order of ours older than the grace below, so each is voided within 15 minutes.
import { log } from "../platform/http";
import { db } from "../platform/database";
import { sql } from "../platform/sql";
import { squareClient, squareConfig } from "../platform/squareClient";
import { approvedPaymentsBetween, voidAuthorization } from "../payments";

/** Longer than any checkout holds an authorization (its charge lease is 60 s): one older is stranded. */
export const AUTHORIZATION_GRACE_MS = 5 * 60_000;
/** How far back holds are looked for: a sweeper that was down this long finds them all again. */
export const SWEEP_WINDOW_MS = 6 * 3_600_000;

export interface Sweep {
  voided: number;
  failed: number;
}

/**
 * Voids at Square the authorizations (APPROVED payments) of our orders made between SWEEP_WINDOW_MS and
 * AUTHORIZATION_GRACE_MS ago, on Square's clock (the real one). Running it again voids nothing twice: a
 * voided payment is CANCELED, no longer listed. Payments of the restaurant's counter are never touched.
 */
export async function voidStrandedAuthorizations(now = Date.now()): Promise<Sweep> {
  const config = squareConfig();
  if (!config) return { voided: 0, failed: 0 };
  const client = await squareClient("charge-check", config);
  const held = await approvedPaymentsBetween(config, new Date(now - SWEEP_WINDOW_MS), new Date(now - AUTHORIZATION_GRACE_MS), client);
  if (held.length === 0) return { voided: 0, failed: 0 };
  const ours = new Set(
    (
      await db.all<{ provider_order_id: string }>(sql`
        SELECT provider_order_id FROM orders WHERE provider_order_id = ANY(${[...new Set(held.map((payment) => payment.orderId))]}::text[])`)
    ).map((row) => row.provider_order_id),
  );
  const sweep: Sweep = { voided: 0, failed: 0 };
  for (const payment of held.filter((candidate) => ours.has(candidate.orderId))) {
    try {
      await voidAuthorization(config, payment.id, client);
      sweep.voided += 1;
    } catch (error) {
      // Completed or voided meanwhile, or Square failing now: the next run lists it again if it is still held.
      sweep.failed += 1;
      log("warn", "a stranded authorization could not be voided", { error: error instanceof Error ? error.message : String(error) });
    }
  }
  if (sweep.voided > 0) log("warn", "stranded authorizations voided", { ...sweep });
  return sweep;
}
