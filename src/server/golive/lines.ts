// How a go-live line is made and how each check is held to its time: every check answers within
// CHECK_TIMEOUT_MS (a service that hangs makes its lines red, never the whole checklist slow), and the
// checks run side by side, so all of them are answered within ALL_CHECKS_MS.
import { GO_LIVE_GUIDE, type GoLiveGroup, type GoLiveLine, type GoLiveStatus } from "../../domain/goLive";
import { RESTAURANT_TIME_ZONE } from "../../domain/hours";
import { log } from "../platform/http";

export const CHECK_TIMEOUT_MS = 5_000;
export const ALL_CHECKS_MS = 10_000;

/** What a line is, before it is checked. */
export interface LineSpec {
  id: string;
  group: GoLiveGroup;
  title: string;
  required: boolean;
  /** The guide's section (a heading's anchor in docs/go-live.md). */
  section: string;
}

export function line(
  spec: LineSpec,
  status: GoLiveStatus,
  detail: string,
  todo: string,
  extra: Partial<Pick<GoLiveLine, "lastSeenWorking" | "action" | "required">> = {},
): GoLiveLine {
  return {
    id: spec.id,
    group: spec.group,
    title: spec.title,
    required: extra.required ?? spec.required,
    status,
    detail,
    todo: status === "green" && !todo ? "Nothing to do." : todo,
    docs: `${GO_LIVE_GUIDE}#${spec.section}`,
    lastSeenWorking: extra.lastSeenWorking ?? null,
    ...(extra.action ? { action: extra.action } : {}),
  };
}

/** A secret as the checklist may show it: its last 4 characters at most, none when it is short. */
export function lastFour(secret: string): string {
  return secret.length >= 12 ? `…${secret.slice(-4)}` : "(hidden)";
}

/** When, as the restaurant reads it (Miami time), for the sentences of the lines. */
export function when(iso: string | Date): string {
  const date = typeof iso === "string" ? new Date(iso) : iso;
  return `${new Intl.DateTimeFormat("en-US", { timeZone: RESTAURANT_TIME_ZONE, dateStyle: "medium", timeStyle: "short" }).format(date)} (Miami time)`;
}

class TimedOut extends Error {}

/** `work` within `ms`, or a TimedOut rejection (the work itself is left to finish or fail unseen). */
export function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut(`no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** A group of lines checked together (they share the calls they make). */
export interface Check {
  specs: readonly LineSpec[];
  run(): Promise<GoLiveLine[]>;
}

/**
 * Runs one check within CHECK_TIMEOUT_MS. A check that fails or is late makes each of its lines red
 * with the reason, never an error of the whole checklist.
 */
export async function runCheck(check: Check, timeoutMs = CHECK_TIMEOUT_MS): Promise<GoLiveLine[]> {
  try {
    return await within(timeoutMs, check.run());
  } catch (error) {
    const late = error instanceof TimedOut;
    log(late ? "warn" : "error", "a go-live check failed", { lines: check.specs.map((spec) => spec.id), error: error instanceof Error ? error.message : String(error) });
    const detail = late ? `The check got no answer within ${timeoutMs / 1000} seconds.` : "The check could not be completed.";
    return check.specs.map((spec) => line(spec, "red", detail, "Try again in a minute; if it stays red, follow the guide's steps for this line."));
  }
}
