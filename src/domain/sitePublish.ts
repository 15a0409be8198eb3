// Where a staff change stands on its way to the prerendered pages, as the console says it after a save:
// the server's state of the build hook (GET /api/admin/site-publish) against the time the pages being
// served were built (/published.json).
import { RESTAURANT_TIME_ZONE } from "./hours";

export interface SiteRebuildStatus {
  /** Whether this deploy has a build hook (without one, pages change at the next deploy). */
  configured: boolean;
  /** When the pending build hook call is due; null when none is pending. */
  dueAt: string | null;
  /** The last save that changed a page. */
  changedAt: string | null;
  /** The last call of the hook; the rebuilt site is live a minute or two later. */
  calledAt: string | null;
  /** Why the last call failed (it is tried again); null when it did not. */
  error: string | null;
}

export interface PublishNotice {
  state: "live" | "updating" | "retrying" | "local";
  text: string;
}

const clock = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone: RESTAURANT_TIME_ZONE, hour: "numeric", minute: "2-digit" }).format(new Date(iso));

/** What the console says; `builtAt` is when the pages being served were built. */
export function publishNotice(status: SiteRebuildStatus, builtAt: string): PublishNotice {
  const built = Date.parse(builtAt);
  if (!status.changedAt || built >= Date.parse(status.changedAt)) {
    return { state: "live", text: `The site shows every saved change: last published at ${clock(builtAt)}.` };
  }
  if (!status.configured) {
    return {
      state: "local",
      text:
        "Changes saved. The pages are built ahead and this site has no build hook (BUILD_HOOK_URL), so they show the change " +
        "after the next build: run `npm run build` (the development server, `npm run dev`, shows it at once).",
    };
  }
  if (status.error) {
    return { state: "retrying", text: `Changes saved; the site could not be rebuilt yet (${status.error}). Trying again in a minute.` };
  }
  return { state: "updating", text: "Changes saved; the site updates in about 2 minutes." };
}
