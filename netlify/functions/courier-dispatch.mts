// Scheduled every minute: sends the couriers of paid orders not yet dispatched (paid since by a
// reconciliation, or whose first dispatch failed), retrying with backoff, then raising them to staff.
// Does nothing without courier settings but forget quotes no order took.
import type { Config, Context } from "@netlify/functions";
import "../../src/server/participants";
import { dispatchDue, forgetOldCourierRecords } from "../../src/server/delivery";
import { log } from "../../src/server/platform/http";
import { deliverMailSoon } from "../../src/server/mail";

export default async (_req: Request, context: Context): Promise<Response> => {
  const report = await dispatchDue({ budgetMs: 20_000 }).catch((error: unknown) => {
    log("error", "courier dispatch run failed", { error: error instanceof Error ? error.message : String(error) });
    return { dispatched: 0, failed: 0 };
  });
  await forgetOldCourierRecords().catch(() => 0);
  if (report.dispatched || report.failed) {
    log("info", "courier dispatch run", report);
    deliverMailSoon(context);
  }
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: "* * * * *" };
