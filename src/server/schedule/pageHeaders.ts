// The CDN caching of the pages that show the hours (every public page: the footer shows them), with
// no imports, so the middleware that adds them stays light.

export const HOURS_CACHE_TAG = "hours";

/**
 * Browsers revalidate; the CDN keeps a page five minutes under the tag "hours", which a save in the
 * console purges, so a change shows at once, and within five minutes even if a purge is missed. A
 * stale copy is served while a fresh one renders, so a cold function never makes a visitor wait.
 */
export const PAGE_CACHE_HEADERS: Readonly<Record<string, string>> = {
  "cache-control": "public, max-age=0, must-revalidate",
  "netlify-cdn-cache-control": "public, durable, s-maxage=300, stale-while-revalidate=60",
  "netlify-cache-tag": HOURS_CACHE_TAG,
};
