// The pages that show the hours (home, full menu, neighbourhoods, every footer) are rendered on request
// and cached by Netlify's CDN under the tag "hours"; a save in the console purges that tag (and the
// menu answers' tag, whose open states follow the hours), so every page shows the change at once.
import { purgeCache } from "@netlify/functions";
import { MENU_CACHE_TAG } from "../platform/cdnCache";
import { serverConfig } from "../config";
import { log } from "../platform/http";
import { HOURS_CACHE_TAG } from "./pageHeaders";

/** Drops every cached page and menu answer that shows the hours. Never throws; answers whether it was sent. */
export async function purgeHoursPages(): Promise<boolean> {
  const tags = [HOURS_CACHE_TAG, MENU_CACHE_TAG];
  const { SITE_ID: siteID, NETLIFY_PURGE_API_TOKEN: token } = serverConfig();
  if (!siteID || !token) {
    log("info", "hours cache purge skipped: no Netlify site id or purge token here", { tags });
    return false;
  }
  try {
    await purgeCache({ tags, siteID, token });
    log("info", "hours cache purged", { tags });
    return true;
  } catch (error) {
    log("error", "hours cache purge failed", { tags, error: error instanceof Error ? error.message : String(error) });
    return false;
  }
}
