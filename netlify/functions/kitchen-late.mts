// Scheduled every minute: the one running-late message of each paid order that will miss its promise (not
// started in time, or not ready at its promise), with a new time the kitchen can keep
// (src/server/kitchen/lateNotices.ts). The notice queues the diner's e-mail; this run starts its sending.
import type { Config, Context } from "@netlify/functions";
import "../../src/server/participants";
import { sendLateNotices } from "../../src/server/kitchen";
import { deliverMailSoon } from "../../src/server/mail";
import { log } from "../../src/server/platform/http";
import { serverNow } from "../../src/server/env";

export default async (_req: Request, context: Context): Promise<Response> => {
  const sent = await sendLateNotices(serverNow()).catch((error: unknown) => {
    log("error", "running-late run failed", { error: error instanceof Error ? error.message : String(error) });
    return 0;
  });
  if (sent) {
    log("info", "running-late notices recorded", { sent });
    deliverMailSoon(context);
  }
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: "* * * * *" };
