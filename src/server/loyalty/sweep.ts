// Loyalty's share of the reconcile schedule (netlify/functions/orders-reconcile.mts), besides the accruals
// (./accrual.ts): rewards left on orders still unpaid 15 minutes on are deleted (their points go back), and
// points console refunds owe are taken back when the refund's own hook did not finish; phone proofs go after a
// day. Never throws.
import { serverNow } from "../env";
import { db } from "../platform/database";
import { log } from "../platform/http";
import { sql } from "../platform/sql";
import { takeBackMissedPoints } from "./refunds";
import { releaseAbandonedRewards } from "./rewards";

export async function sweepLoyalty(): Promise<void> {
  try {
    const released = await releaseAbandonedRewards(serverNow());
    if (released > 0) log("info", "loyalty rewards left on unpaid orders deleted", { rewards: released });
  } catch (error) {
    log("error", "abandoned loyalty rewards not swept; the next run tries again", { error: error instanceof Error ? error.message : String(error) });
  }
  try {
    // A proof serves the 30 minutes to join; a day on it only names a phone.
    await db.run(sql`DELETE FROM loyalty_phone_proofs WHERE proved_at < now() - interval '1 day'`);
  } catch (error) {
    log("error", "old phone proofs not removed; the next run tries again", { error: error instanceof Error ? error.message : String(error) });
  }
  try {
    const takenBack = await takeBackMissedPoints();
    if (takenBack > 0) log("info", "loyalty points taken back by the sweeper", { refunds: takenBack });
  } catch (error) {
    log("error", "refunded loyalty points not swept; the next run tries again", { error: error instanceof Error ? error.message : String(error) });
  }
}
