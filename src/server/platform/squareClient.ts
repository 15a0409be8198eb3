// The one place that loads the `square` SDK and builds its client from Square's settings, shared by
// the payment gateway, the catalogue sync, refunds, the POS status sync, the webhook signature check
// and the admin status panel. The SDK (some 3 MB minified) is imported on first use, not when a
// function starts: listing orders for staff or refusing an unsigned webhook does not load it, and a
// cold start of those functions does not compile it.
import { randomUUID } from "node:crypto";
import type { Square, SquareClient } from "square";
import { limitedFetch } from "./callLimit";
import { assertPurpose, poolOf, type SquarePurpose } from "./callPurposes";
import { CONFIG_VARIABLES } from "../config";
import { squareConfig, type SquareConfig } from "./squareConfig";

export { squareConfig, type SquareConfig } from "./squareConfig";
export type { SquarePurpose } from "./callPurposes";

export type SquareSdk = typeof import("square");

/**
 * The `square` SDK, loaded on the first call (Node keeps the module: later calls answer at once).
 * Its error classes for `instanceof` checks come from here too, after the call that failed loaded it.
 */
export function squareSdk(): Promise<SquareSdk> {
  return import("square");
}

/**
 * An SDK client for `config` (by default the environment's) whose calls take the places in flight of
 * `purpose` (./callPurposes.ts: only charges, their checks and refunds take the charges'); rejects when
 * Square is not configured or the purpose is not one of Square's purposes.
 */
export async function squareClient(purpose: SquarePurpose, config: SquareConfig | null = squareConfig()): Promise<SquareClient> {
  assertPurpose(purpose);
  if (!config) throw new Error("Square is not configured (SQUARE_ACCESS_TOKEN and SQUARE_LOCATION_ID)");
  const { SquareClient, SquareEnvironment } = await squareSdk();
  return new SquareClient({
    token: config.accessToken,
    environment: config.environment === "production" ? SquareEnvironment.Production : SquareEnvironment.Sandbox,
    ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}),
    timeoutInSeconds: config.timeoutInSeconds,
    // Retries are the call limit's: bounded in flight across instances, a 429 waited out inside the time limit.
    maxRetries: 0,
    fetch: limitedFetch(fetch, {
      ...poolOf(purpose, config.callsInFlight ?? CONFIG_VARIABLES.SQUARE_CALLS_IN_FLIGHT.fallback),
      budgetMs: config.timeoutInSeconds * 900,
      serverRetries: config.maxRetries,
      purpose,
    }),
  });
}

/** A failed Square call in one sentence for a log or a staff note (never Square's own detail text). */
export function describeSquareFailure(error: unknown, { SquareError, SquareTimeoutError }: SquareSdk): string {
  if (error instanceof SquareTimeoutError) return "Square did not answer in time.";
  if (error instanceof SquareError) {
    const first = error.errors[0];
    return `Square answered ${error.statusCode ?? "without a status"}${first ? ` (${first.code})` : ""}.`;
  }
  return error instanceof Error ? error.message : "Square could not be reached.";
}

/** Square refused a sparse update naming an order's old version: staff changed it meanwhile (UpdateOrder's VERSION_MISMATCH). */
function isVersionMismatch(error: unknown, { SquareError }: SquareSdk): boolean {
  return error instanceof SquareError && error.errors.some((e) => e.code === "VERSION_MISMATCH");
}

/**
 * A sparse update of the one fulfillment of Square's order `orderId`, naming the order's current version:
 * `change` says what to set on the fulfillment as read (null: nothing to do), and the order is read again
 * and the update retried once when staff changed it in between (VERSION_MISMATCH,
 * developer.squareup.com/reference/square/orders-api/update-order). Answers the fulfillment's uid and the
 * order's version after it; throws what Square answered otherwise.
 */
export async function updateFulfillment(
  client: SquareClient,
  config: SquareConfig,
  orderId: string,
  change: (fulfillment: Square.Fulfillment) => Omit<Square.Fulfillment, "uid"> | null,
): Promise<{ uid: string; version: number }> {
  for (let attempt = 1; ; attempt++) {
    const { order: current } = await client.orders.get({ orderId });
    const fulfillment = current?.fulfillments?.[0];
    if (!current || current.version === undefined || !fulfillment?.uid) throw new Error("Square's order has no fulfillment to update.");
    const changed = change(fulfillment);
    if (!changed) return { uid: fulfillment.uid, version: current.version };
    try {
      const { order: updated } = await client.orders.update({
        orderId,
        order: { locationId: config.locationId, version: current.version, fulfillments: [{ uid: fulfillment.uid, ...changed }] },
        idempotencyKey: randomUUID(),
      });
      return { uid: fulfillment.uid, version: updated?.version ?? current.version + 1 };
    } catch (error) {
      if (attempt < 2 && isVersionMismatch(error, await squareSdk())) continue;
      throw error;
    }
  }
}
