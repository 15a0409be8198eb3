// Every minute: gift card sales charged but not yet activated (Square failed or timed out after the charge,
// or the request that paid died) are issued and activated now, and their e-mails go out; none waits past
// a few minutes. Each step reuses its sale's idempotency keys, so nothing is charged or issued twice.
import type { Config } from "@netlify/functions";
import "../../src/server/participants";
import { finishUnfinishedSales } from "../../src/server/giftcards";
import { log } from "../../src/server/platform/http";
import { deliverDueMail } from "../../src/server/mail";

export default async (): Promise<Response> => {
  try {
    const report = await finishUnfinishedSales(60);
    if (report.finished || report.left) {
      log(report.left ? "error" : "info", "unfinished gift card sales", report);
      if (report.finished) await deliverDueMail({ budgetMs: 10_000 });
    }
  } catch (error) {
    log("error", "gift card sales could not be finished", { error: error instanceof Error ? error.message : String(error) });
  }
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: "* * * * *" };
