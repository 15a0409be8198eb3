// Scheduled every minute: makes the build hook call a console save left due, when no open console asked
// first (src/server/platform/siteRebuild.ts). Up to 30 s early, so the call is made within 90 s of the last save.
import type { Config } from "@netlify/functions";
import { fireDueRebuild, SCHEDULED_EARLINESS_MS } from "../../src/server/platform/siteRebuild";

export default async (): Promise<Response> => {
  await fireDueRebuild(new Date(), SCHEDULED_EARLINESS_MS);
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: "* * * * *" };
