// Scheduled every minute: the order texts Twilio did not take yet (busy, no answer) are tried again, and
// after three tries their words go by e-mail (src/server/texts/news.ts).
import type { Config, Context } from "@netlify/functions";
import "../../src/server/participants";
import { serverNow } from "../../src/server/env";
import { deliverMailSoon } from "../../src/server/mail";
import { log } from "../../src/server/platform/http";
import { sendWaitingTexts } from "../../src/server/texts";

export default async (_req: Request, context: Context): Promise<Response> => {
  const tried = await sendWaitingTexts(serverNow()).catch((error: unknown) => {
    log("error", "the texts' sweep failed", { error: error instanceof Error ? error.message : String(error) });
    return 0;
  });
  if (tried) deliverMailSoon(context);
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: "* * * * *" };
