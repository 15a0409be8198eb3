// The pages are built ahead (src/content.config.ts reads the staff's data at build), so a save that
// changes what a page shows rebuilds the site through the Netlify build hook in BUILD_HOOK_URL,
// debounced in the database (table site_rebuilds): a save makes the call due a minute later, a later
// save moves it, and whoever first finds it due (the console's status request, or the scheduled function
// netlify/functions/site-rebuild.mts) claims it in one conditional UPDATE and calls the hook once.
import type { SiteRebuildStatus } from "../../domain/sitePublish";
import { serverConfig } from "../config";
import { db, type Queries } from "./database";
import { log } from "./http";
import { noteOutcome } from "./serviceOutcomes";
import { sql } from "./sql";

/** Saves closer together than this make one build. */
export const REBUILD_DEBOUNCE_MS = 60_000;
/**
 * The scheduled function runs once a minute, so it fires a call up to this much early: a call is then
 * made between 30 and 90 s after the last save even when nobody keeps the console open.
 */
export const SCHEDULED_EARLINESS_MS = 30_000;

export type { SiteRebuildStatus };

/** What changed, for the deploy's title in Netlify's list. */
export type RebuildReason = "hours" | "menu" | "location";


interface RebuildRow {
  changed_at: Date | null;
  due_at: Date | null;
  reasons: string[];
  called_at: Date | null;
  call_error: string | null;
}

/**
 * Notes a saved change that a page shows (without a build hook, only when it happened). Never throws:
 * the save is done; a missed note leaves the pages as they are until the next deploy, and is logged.
 */
export async function requestSiteRebuild(reason: RebuildReason, now: Date = new Date(), on: Queries = db): Promise<void> {
  const due = serverConfig().BUILD_HOOK_URL ? new Date(now.getTime() + REBUILD_DEBOUNCE_MS) : null;
  try {
    await on.run(sql`
      UPDATE site_rebuilds SET changed_at = ${now}, due_at = ${due},
        reasons = CASE WHEN ${reason} = ANY(reasons) THEN reasons ELSE array_append(reasons, ${reason}::text) END,
        updated_at = now()
      WHERE id`);
  } catch (error) {
    log("error", "a site rebuild could not be requested", { reason, error: error instanceof Error ? error.message : String(error) });
  }
}

/**
 * Calls the build hook if a call is due (`earlyMs` before its time at most). Never throws: a failed call
 * is logged and due again a minute later. Answers whether this caller made the call.
 */
export async function fireDueRebuild(now: Date = new Date(), earlyMs = 0): Promise<boolean> {
  const hook = serverConfig().BUILD_HOOK_URL;
  if (!hook) return false;
  try {
    // Only one caller gets the row back: the others, waiting on its lock, then find due_at cleared.
    // (RETURNING gives the new row: the reasons it clears come from the locked read.)
    const claimed = await db.one<{ reasons: string[] }>(sql`
      UPDATE site_rebuilds AS rebuild SET due_at = NULL, reasons = '{}', called_at = ${now}, call_error = NULL, updated_at = now()
      FROM (SELECT reasons FROM site_rebuilds WHERE id FOR UPDATE) AS previous
      WHERE rebuild.id AND rebuild.due_at IS NOT NULL AND rebuild.due_at <= ${new Date(now.getTime() + earlyMs)}
      RETURNING previous.reasons`);
    if (!claimed) return false;
    const url = new URL(hook);
    url.searchParams.set("trigger_title", `Staff changed the ${claimed.reasons.join(", ") || "site's data"} in the console`);
    const response = await fetch(url, { method: "POST", signal: AbortSignal.timeout(10_000) }).catch((error: unknown) => error as Error);
    if (response instanceof Response && response.ok) {
      log("info", "site rebuild requested through the build hook", { reasons: claimed.reasons });
      await noteOutcome("build-hook", true, `Netlify accepted the build (${response.status}).`, now);
      return true;
    }
    // Never the hook's URL in a log or an answer: it is a secret.
    const problem = response instanceof Response ? `the build hook answered ${response.status}` : "the build hook could not be reached";
    log("error", "site rebuild request failed; trying again in a minute", { problem });
    await noteOutcome("build-hook", false, `${problem[0]!.toUpperCase()}${problem.slice(1)}.`, now);
    await db.run(sql`
      UPDATE site_rebuilds SET due_at = ${new Date(now.getTime() + REBUILD_DEBOUNCE_MS)}, call_error = ${problem},
        reasons = ${claimed.reasons}, updated_at = now()
      WHERE id AND due_at IS NULL`);
    return false;
  } catch (error) {
    log("error", "site rebuild check failed", { error: error instanceof Error ? error.message : String(error) });
    return false;
  }
}

/** The state the console shows after a save. */
export async function siteRebuildStatus(): Promise<SiteRebuildStatus> {
  const row = await db.one<RebuildRow>(sql`SELECT changed_at, due_at, reasons, called_at, call_error FROM site_rebuilds WHERE id`);
  const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;
  return {
    configured: Boolean(serverConfig().BUILD_HOOK_URL),
    dueAt: iso(row?.due_at),
    changedAt: iso(row?.changed_at),
    calledAt: iso(row?.called_at),
    error: row?.call_error ?? null,
  };
}
