// Scheduled every hour: the same catalogue sync as POST /api/square/sync, skipped while Square is not configured.
import type { Config } from "@netlify/functions";
import { ServiceError } from "../../src/server/platform/errors";
import { log } from "../../src/server/platform/http";
import { squareConfig } from "../../src/server/platform/squareConfig";
import { syncCatalogue } from "../../src/server/square";

export default async (): Promise<Response> => {
  if (!squareConfig()) {
    log("info", "hourly square sync skipped: square is not configured");
    return new Response(null, { status: 204 });
  }
  try {
    await syncCatalogue();
  } catch (error) {
    log("error", "hourly square sync failed", {
      error: error instanceof ServiceError ? error.message : "unexpected error",
    });
  }
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: "@hourly" };
