// The one place that reads Square's settings from the environment and builds the `square` SDK client,
// shared by the payment gateway, the catalogue sync and the admin status panel.
import { SquareClient, SquareEnvironment } from "square";
import { squareConfig, type SquareConfig } from "./squareConfig";

export { squareConfig, type SquareConfig } from "./squareConfig";

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
