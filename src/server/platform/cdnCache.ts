// Netlify CDN caching of the menu answers: the headers that let the CDN absorb a lunch rush, and
// the purge that makes an admin change visible at once instead of after the CDN's max-age.
import { purgeCache } from "@netlify/functions";
import { serverConfig } from "../config";
import { requestSiteRebuild } from "./siteRebuild";
import { log } from "./http";

export const MENU_CACHE_TAG = "menu";

/**
 * Browsers revalidate every time (a stale price in a tab is worse than one request); the CDN keeps
 * the answer 30 s and may serve it 60 s more while refetching, so a change shows within a minute
 * even when a purge is missed. Durable: shared by every CDN node, so functions see few requests.
 */
export const MENU_CACHE_HEADERS: Readonly<Record<string, string>> = {
  "cache-control": "public, max-age=0, must-revalidate",
  "netlify-cdn-cache-control": "public, durable, s-maxage=30, stale-while-revalidate=60",
  "netlify-cache-tag": MENU_CACHE_TAG,
};

/**
 * Drops the CDN's cached menu and featured answers, and asks for a rebuild of the pages, which print the
 * menu (src/server/platform/siteRebuild.ts). Never throws: without a site id or purge token
 * (local runs, tests) it skips; a failed purge is logged and the max-age above still bounds staleness.
 * Returns whether the purge was sent.
 */
export async function purgeMenuCache(): Promise<boolean> {
  await requestSiteRebuild("menu");
  const { SITE_ID: siteID, NETLIFY_PURGE_API_TOKEN: token } = serverConfig();
  if (!siteID || !token) {
    log("info", "menu cache purge skipped: no Netlify site id or purge token here", { tag: MENU_CACHE_TAG });
    return false;
  }
  try {
    await purgeCache({ tags: [MENU_CACHE_TAG], siteID, token });
    log("info", "menu cache purged", { tag: MENU_CACHE_TAG });
    return true;
  } catch (error) {
    log("error", "menu cache purge failed", { tag: MENU_CACHE_TAG, error: error instanceof Error ? error.message : String(error) });
    return false;
  }
}
