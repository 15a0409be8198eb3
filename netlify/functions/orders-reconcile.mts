// Every 10 minutes: orders pending for more than 5 minutes are checked with the payment provider and
// confirmed when their card was charged (the confirmation may have failed to be stored), or, 15 minutes
// on with no charge, ended so their kitchen slot is free again; then records whose time is over
// (counters, expired sessions, messages handled a year ago) are removed, and authorizations a crash left
// held at Square are voided. It runs within the 30 s a
// scheduled function has: at most 500 orders, each one or two short calls to Square.
import type { Config } from "@netlify/functions";
import "../../src/server/participants";
import { removeExpiredRecords } from "../../src/server/housekeeping";
import { log } from "../../src/server/platform/http";
import { reconcilePendingOrders, voidStrandedAuthorizations } from "../../src/server/orders";
import { releaseAbandonedUses } from "../../src/server/offers";
import { serverNow } from "../../src/server/env";
import { accrueDueLoyalty, sweepLoyalty } from "../../src/server/loyalty";

export default async () => {
  try {
    log("info", "pending orders reconciled", await reconcilePendingOrders(5));
  } catch (error) {
    // Square not configured in production, or the database down: the next run tries again.
    log("error", "pending orders could not be reconciled", { error: error instanceof Error ? error.message : String(error) });
  }
  try {
    // A promo code's use held by an attempt that never reached Square is free again within 15 minutes.
    await releaseAbandonedUses(serverNow());
  } catch (error) {
    log("error", "abandoned offer uses could not be released", { error: error instanceof Error ? error.message : String(error) });
  }
  try {
    // Holds a crash left between a split tender's authorizations and PayOrder: voided within 15 minutes.
    await voidStrandedAuthorizations();
  } catch (error) {
    log("error", "stranded authorizations could not be swept", { error: error instanceof Error ? error.message : String(error) });
  }
  try {
    // Loyalty points Square did not take when the order was paid (a 429, an outage): same key, once per order.
    await accrueDueLoyalty();
  } catch (error) {
    log("error", "loyalty accruals could not be retried", { error: error instanceof Error ? error.message : String(error) });
  }
  // Rewards left on unpaid orders, points refunds owe (never throws).
  await sweepLoyalty();
  try {
    await removeExpiredRecords();
  } catch (error) {
    log("error", "expired records could not be removed", { error: error instanceof Error ? error.message : String(error) });
  }
};

export const config: Config = { schedule: "*/10 * * * *" };
