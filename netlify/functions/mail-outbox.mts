// Scheduled every minute: queues the "how was it?" e-mail of pickups completed an hour or more ago
// (src/server/feedback, when owners turned it on), then sends the outbox's due e-mails (retries included)
// within the 30 s a scheduled function has; waits quietly while SMTP_URL is not set.
import type { Config } from "@netlify/functions";
import "../../src/server/participants";
import { log } from "../../src/server/platform/http";
import { deliverDueMail } from "../../src/server/mail";
import { queueComeBackMail } from "../../src/server/feedback";
import { serverNow } from "../../src/server/env";

export default async (): Promise<Response> => {
  await queueComeBackMail(serverNow()).catch((error: unknown) => log("error", "after-pickup e-mails not queued", { error: error instanceof Error ? error.message : String(error) }));
  const report = await deliverDueMail({ budgetMs: 20_000 });
  if (!report.configured) log("info", "mail outbox waits: SMTP_URL is not set");
  else if (report.sent || report.failed) log("info", "mail outbox run", { sent: report.sent, failed: report.failed });
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: "* * * * *" };
