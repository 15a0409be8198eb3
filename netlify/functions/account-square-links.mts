// Scheduled every 10 minutes: links diner accounts still without their Square customer (a 429 or an outage
// when they signed up), the longest waiting first; skipped while Square is not configured.
import type { Config } from "@netlify/functions";
import { log } from "../../src/server/platform/http";
import { squareConfig } from "../../src/server/platform/squareConfig";
import { linkUnlinkedAccounts } from "../../src/server/accounts";

export default async (): Promise<Response> => {
  if (!squareConfig()) return new Response(null, { status: 204 });
  const counts = await linkUnlinkedAccounts();
  if (counts.linked + counts.deferred > 0) log("info", "diner accounts linked to Square customers", { ...counts });
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: "*/10 * * * *" };
