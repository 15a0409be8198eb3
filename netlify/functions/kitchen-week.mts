// Scheduled each Monday morning in Miami: the owner's e-mail when the last week's share of orders ready by
// their promise plus 5 minutes slipped (src/server/kitchen/week.ts).
import type { Config, Context } from "@netlify/functions";
import "../../src/server/participants";
import { checkKitchenWeek } from "../../src/server/kitchen";
import { deliverMailSoon } from "../../src/server/mail";
import { log } from "../../src/server/platform/http";
import { serverNow } from "../../src/server/env";

export default async (_req: Request, context: Context): Promise<Response> => {
  const sent = await checkKitchenWeek(serverNow()).catch((error: unknown) => {
    log("error", "kitchen week check failed", { error: error instanceof Error ? error.message : String(error) });
    return false;
  });
  if (sent) deliverMailSoon(context);
  return new Response(null, { status: 204 });
};

// 14:00 UTC: 9 or 10 AM in Miami, before the week's first service.
export const config: Config = { schedule: "0 14 * * 1" };
