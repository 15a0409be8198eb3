// The one place that reads Square's settings from the environment and builds the `square` SDK client,
// shared by the payment gateway, the catalogue sync and the admin status panel.
import { SquareClient, SquareEnvironment } from "square";
import { envValue, isDeployed } from "./env";

export interface SquareConfig {
  accessToken: string;
  locationId: string;
  environment: "sandbox" | "production";
  /** Only locally: where a fake Square listens in tests. */
  baseUrl?: string;
  timeoutInSeconds: number;
  maxRetries: number;
}

/** Kept short so two Square calls and their retries fit well inside a function's 60 s budget. */
const DEFAULT_TIMEOUT_SECONDS = 10;
const DEFAULT_MAX_RETRIES = 1;

function boundedNumber(name: string, fallback: number, min: number, max: number): number {
  const value = Number(envValue(name));
  return Number.isFinite(value) && value >= min && value <= max ? value : fallback;
}

/**
 * Square's settings, or null when the access token or location id is missing (then the site uses
 * the sandbox gateway locally, and refuses payments with 503 when deployed).
 */
export function squareConfig(): SquareConfig | null {
  const accessToken = envValue("SQUARE_ACCESS_TOKEN");
  const locationId = envValue("SQUARE_LOCATION_ID");
  if (!accessToken || !locationId) return null;
  const production = isDeployed();
  return {
    accessToken,
    locationId,
    environment: envValue("SQUARE_ENVIRONMENT")?.toLowerCase() === "production" ? "production" : "sandbox",
    // A test hook: never let an environment variable redirect real card traffic in production.
    baseUrl: production ? undefined : envValue("SQUARE_BASE_URL"),
    timeoutInSeconds: boundedNumber("SQUARE_TIMEOUT_SECONDS", DEFAULT_TIMEOUT_SECONDS, 0.1, 30),
    maxRetries: boundedNumber("SQUARE_MAX_RETRIES", DEFAULT_MAX_RETRIES, 0, 3),
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
