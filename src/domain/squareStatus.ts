// What the console's System tab shows of the payment provider: the connection status the server
// answers at GET /api/square-status (src/server/square/status.ts).

export type SquareStatusLabel =
  | "Square Not Configured"
  | "Square Service Unavailable"
  | "Square API Error"
  | "Square API Connected";

export interface SquareStatus {
  credentialsConfigured: boolean;
  serviceAvailable: boolean;
  apiWorking: boolean;
  environment: "sandbox" | "production";
  method: string;
  syncFrequency: string;
  lastCheck: string;
  locationCount: number;
  lastError: string | null;
  status: SquareStatusLabel;
  /**
   * Declined cards across the site tripped the brake: every card must pass its bank's check until `until`.
   * `declines` by banks in the window, and the networks they came from (a short hash each, most first).
   */
  declineBrake?: { since: string; until: string; declines?: number; networks?: { network: string; declines: number }[] } | null;
}
