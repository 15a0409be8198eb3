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
import { reconcilePendingOrders, sweepParticipants, voidStrandedAuthorizations } from "../../src/server/orders";
import { serverNow } from "../../src/server/env";

export default async () => {
  try {
    log("info", "pending orders reconciled", await reconcilePendingOrders(5));
  } catch (error) {
    // Square not configured in production, or the database down: the next run tries again.
    log("error", "pending orders could not be reconciled", { error: error instanceof Error ? error.message : String(error) });
  }
  try {
    // Holds a crash left between a split tender's authorizations and PayOrder: voided within 15 minutes.
    await voidStrandedAuthorizations();
  } catch (error) {
    log("error", "stranded authorizations could not be swept", { error: error instanceof Error ? error.message : String(error) });
  }
  // The participants' sweeps (the lifecycle's swept stage): a code's uses held by attempts that never
  // reached Square, loyalty's accruals Square did not take, rewards left on unpaid orders (never throws).
  await sweepParticipants(serverNow());
  try {
    await removeExpiredRecords();
  } catch (error) {
    log("error", "expired records could not be removed", { error: error instanceof Error ? error.message : String(error) });
  }
};

export const config: Config = { schedule: "*/10 * * * *" };
