// Every 10 minutes: orders pending for more than 5 minutes are checked with the payment provider and
// confirmed when their card was charged (the confirmation may have failed to be stored); then records
// whose time is over (counters, expired sessions, messages handled a year ago) are removed.
import type { Config } from "@netlify/functions";
import { removeExpiredRecords } from "../../src/server/housekeeping";
import { log } from "../../src/server/http";
import { reconcilePendingOrders } from "../../src/server/orders/reconcile";

export default async () => {
  try {
    log("info", "pending orders reconciled", await reconcilePendingOrders(5));
  } catch (error) {
    // Square not configured in production, or the database down: the next run tries again.
    log("error", "pending orders could not be reconciled", { error: error instanceof Error ? error.message : String(error) });
  }
  try {
    await removeExpiredRecords();
  } catch (error) {
    log("error", "expired records could not be removed", { error: error instanceof Error ? error.message : String(error) });
  }
};

export const config: Config = { schedule: "*/10 * * * *" };
