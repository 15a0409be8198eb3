// Square's settings from the environment, without the `square` SDK: the payment gateway, the payment
// form and the catalogue events only need to know whether Square is configured, and loading the SDK
// (some 3 MB) on those paths made every cold order start several hundred milliseconds slower.
// src/server/platform/squareClient.ts builds the SDK client from these settings where a call is made.
import { serverConfig } from "../config";

export interface SquareConfig {
  accessToken: string;
  locationId: string;
  environment: "sandbox" | "production";
  /** Only locally: where a fake Square listens in tests. */
  baseUrl?: string;
  timeoutInSeconds: number;
  maxRetries: number;
  /** Calls in flight at once across every instance (platform/callLimit.ts); SQUARE_CALLS_IN_FLIGHT's default when absent. */
  callsInFlight?: number;
}

/**
 * Square's settings, or null when the access token or location id is missing (then the site uses
 * the sandbox gateway locally, and refuses payments with 503 when deployed).
 */
export function squareConfig(): SquareConfig | null {
  const config = serverConfig();
  const accessToken = config.SQUARE_ACCESS_TOKEN;
  const locationId = config.SQUARE_LOCATION_ID;
  if (!accessToken || !locationId) return null;
  return {
    accessToken,
    locationId,
    environment: config.SQUARE_ENVIRONMENT,
    // A test hook, development-only: an environment variable never redirects real card traffic.
    baseUrl: config.SQUARE_BASE_URL,
    timeoutInSeconds: config.SQUARE_TIMEOUT_SECONDS,
    maxRetries: config.SQUARE_MAX_RETRIES,
    callsInFlight: config.SQUARE_CALLS_IN_FLIGHT,
  };
}
