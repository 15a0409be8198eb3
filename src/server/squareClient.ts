// The one place that reads Square's settings from the environment and builds the `square` SDK client,
// shared by the payment gateway, the catalogue sync and the admin status panel.
import { SquareClient, SquareEnvironment } from "square";
import { serverConfig } from "./config";

export interface SquareConfig {
  accessToken: string;
  locationId: string;
  environment: "sandbox" | "production";
  /** Only locally: where a fake Square listens in tests. */
  baseUrl?: string;
  timeoutInSeconds: number;
  maxRetries: number;
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
  };
}

/** An SDK client for `config` (by default the environment's); throws when Square is not configured. */
export function squareClient(config: SquareConfig | null = squareConfig()): SquareClient {
  if (!config) throw new Error("Square is not configured (SQUARE_ACCESS_TOKEN and SQUARE_LOCATION_ID)");
  return new SquareClient({
    token: config.accessToken,
    environment: config.environment === "production" ? SquareEnvironment.Production : SquareEnvironment.Sandbox,
    ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}),
    timeoutInSeconds: config.timeoutInSeconds,
    maxRetries: config.maxRetries,
  });
}
