// The immediate attempt after a change that queued mail: started now, finished after the answer where the
// platform allows (context.waitUntil); whatever it leaves is the scheduled worker's. The worker (React
// Email's renderer and nodemailer, about 1.1 MB) is loaded here only when mail is configured and only
// after the change is made, so a function's cold start does not load it: POST /api/orders answered its
// first order in 176 ms with it loaded at start, against the 150 ms held for what every visitor reaches.
import { serverConfig } from "../config";
import { log } from "../platform/http";

export function deliverMailSoon(context: { waitUntil?: (work: Promise<unknown>) => void }): void {
  if (!serverConfig().SMTP_URL) return;
  const work = import("./worker")
    .then(({ deliverDueMail }) => deliverDueMail({ budgetMs: 8_000 }))
    .catch((error: unknown) => log("error", "mail worker not started", { error: error instanceof Error ? error.message : String(error) }));
  context.waitUntil?.(work);
}
