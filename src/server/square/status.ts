// Square for the admin console: whether the connection works (the status answered at GET
// /api/square-status) and a connection test that lists the account's locations.
import type { SquareStatus } from "../../domain/squareStatus";
import { serverConfig } from "../config";
import { log } from "../platform/http";
import { squareClient, squareConfig, squareSdk } from "../platform/squareClient";

export type { SquareStatus } from "../../domain/squareStatus";

export const NOT_CONFIGURED_MESSAGE =
  "Square Not Configured: set SQUARE_ACCESS_TOKEN and SQUARE_LOCATION_ID to connect the payment provider and sync the menu.";

/**
 * A sentence about a Square failure for staff (never shown to customers; carries no token). The SDK's
 * error classes are the loaded SDK's: the call that failed loaded it.
 */
export async function describeSquareError(error: unknown): Promise<{ message: string; reachable: boolean }> {
  const { SquareError, SquareTimeoutError } = await squareSdk();
  if (error instanceof SquareTimeoutError) return { message: "Square did not answer in time.", reachable: false };
  if (error instanceof SquareError) {
    const first = error.errors[0];
    const detail = first ? `${first.code}${first.detail ? `: ${first.detail}` : ""}` : `HTTP ${error.statusCode ?? "error"}`;
    // A 5xx (or no status: the network failed) means the service itself is not there for us.
    const reachable = error.statusCode !== undefined && error.statusCode < 500;
    return { message: `Square answered ${error.statusCode ?? "without a status"} (${detail})`, reachable };
  }
  return { message: "Square could not be reached.", reachable: false };
}

async function listLocations(): Promise<{ id: string; name: string }[]> {
  const { locations } = await (await squareClient("setup")).locations.list();
  return (locations ?? []).map((location) => ({ id: location.id ?? "", name: location.name ?? "(unnamed)" }));
}

export async function squareStatus(): Promise<SquareStatus> {
  const config = squareConfig();
  const base = {
    environment: config?.environment ?? serverConfig().SQUARE_ENVIRONMENT,
    method: "Square SDK (REST API)",
    syncFrequency: "Hourly",
    lastCheck: new Date().toISOString(),
  } as const;
  if (!config) {
    return {
      ...base,
      credentialsConfigured: false,
      serviceAvailable: false,
      apiWorking: false,
      locationCount: 0,
      lastError: NOT_CONFIGURED_MESSAGE,
      status: "Square Not Configured",
    };
  }
  try {
    const locations = await listLocations();
    return {
      ...base,
      credentialsConfigured: true,
      serviceAvailable: true,
      apiWorking: true,
      locationCount: locations.length,
      lastError: null,
      status: "Square API Connected",
    };
  } catch (error) {
    const { message, reachable } = await describeSquareError(error);
    log("warn", "square status check failed", { reachable });
    return {
      ...base,
      credentialsConfigured: true,
      serviceAvailable: reachable,
      apiWorking: false,
      locationCount: 0,
      lastError: message,
      status: reachable ? "Square API Error" : "Square Service Unavailable",
    };
  }
}

export async function testSquare(): Promise<{ success: boolean; locations: { id: string; name: string }[]; error: string | null }> {
  if (!squareConfig()) return { success: false, locations: [], error: NOT_CONFIGURED_MESSAGE };
  try {
    return { success: true, locations: await listLocations(), error: null };
  } catch (error) {
    return { success: false, locations: [], error: (await describeSquareError(error)).message };
  }
}

