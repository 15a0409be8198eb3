// The go-live checklist as the console reads it (GET /api/admin/golive): one line per outside service,
// green (working, with when it was last seen working), amber (optional and not set) or red (not working,
// or required and missing), each with a sentence on what to do and the part of the guide that says how.
// No zod and no I/O here, so the console stays light.

export type GoLiveStatus = "green" | "amber" | "red";

export const GO_LIVE_GROUPS = ["Texts", "Square", "Apple Pay", "E-mail", "Build hook", "Database", "Secrets", "Couriers", "Search", "Menu"] as const;
export type GoLiveGroup = (typeof GO_LIVE_GROUPS)[number];

/** A button a line offers beside its sentence. */
export type GoLiveAction =
  | { kind: "register-apple-pay"; domainName: string }
  | { kind: "send-test-email" }
  | { kind: "mark-done"; step: ManualStep; done: boolean };

/** Steps done outside every system the site can ask, which the owner ticks off. */
export const MANUAL_STEPS = ["google-business-profile", "square-sandbox-check"] as const;
export type ManualStep = (typeof MANUAL_STEPS)[number];

export interface GoLiveLine {
  /** Stable name, e.g. "square-token". */
  id: string;
  group: GoLiveGroup;
  title: string;
  status: GoLiveStatus;
  /** Whether going live waits for it: the console's banner stays until every required line is green. */
  required: boolean;
  /** What the check found, with any time; a secret appears as its last 4 characters at most. */
  detail: string;
  /** One sentence on what to do next ("Nothing to do." when green). */
  todo: string;
  /** The guide's section, e.g. "/admin/go-live-guide#4-square". */
  docs: string;
  /** When the service was last seen working (ISO 8601), where the site knows. */
  lastSeenWorking: string | null;
  action?: GoLiveAction;
}

export interface GoLiveReport {
  checkedAt: string;
  /** Every required line is green. */
  ready: boolean;
  lines: GoLiveLine[];
}

/** The guide the lines link to (docs/go-live.md, served to staff at this address). */
export const GO_LIVE_GUIDE = "/admin/go-live-guide";

/** Every required line is green. */
export function isReady(lines: readonly GoLiveLine[]): boolean {
  return lines.every((line) => !line.required || line.status === "green");
}
