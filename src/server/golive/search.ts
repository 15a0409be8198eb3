// The go-live lines of being found: the site's address, its sitemap (fetched from that address, and
// listing the menu there: a sitemap built for another address points Google elsewhere), and the manual
// step of pointing the Google Business Profile's "Order online" link at the full menu.
import type { GoLiveLine } from "../../domain/goLive";
import { siteAddress } from "../platform/siteAddress";
import { CHECK_TIMEOUT_MS, line, when, type Check, type LineSpec } from "./lines";
import { stepDone } from "./manualSteps";

const spec = (id: string, title: string, section: string): LineSpec => ({ id, group: "Search", title, required: false, section });
export const SEARCH_LINES = {
  address: spec("site-address", "Site address", "variables-per-context"),
  sitemap: spec("sitemap", "Sitemap lists the site's pages", "google-business-profile"),
  profile: spec("google-business-profile", 'Google Business Profile "Order online" link', "google-business-profile"),
};

async function sitemapLine(url: string): Promise<GoLiveLine> {
  const s = SEARCH_LINES.sitemap;
  const address = `${url}/sitemap.xml`;
  let text: string;
  try {
    const response = await fetch(address, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS - 500), redirect: "follow" });
    if (!response.ok) return line(s, "red", `${address} answered ${response.status}.`, "Deploy the site again; the sitemap is built with the pages.");
    text = await response.text();
  } catch {
    return line(s, "red", `${address} could not be reached.`, "Check that the site's domain points at Netlify (Domain management) and serves HTTPS.");
  }
  if (!text.includes(`<loc>${url}/full-menu</loc>`)) {
    const listed = /<loc>(https?:\/\/[^/<]+)/.exec(text)?.[1];
    return line(s, "red", `${address} lists pages at ${listed ?? "no address"}, not at ${url}.`, "Set the site's main domain in Netlify (Domain management), then deploy again so the sitemap is built for it.");
  }
  return line(s, "green", `${address} lists the site's pages, the full menu among them.`, "Submit it once in Google Search Console.", { lastSeenWorking: new Date().toISOString() });
}

async function searchLines(): Promise<GoLiveLine[]> {
  const { url, source } = siteAddress();
  const done = await stepDone("google-business-profile");
  const profile = done
    ? line(SEARCH_LINES.profile, "green", `Marked done by ${done.by} at ${when(done.doneAt)}.`, "", { action: { kind: "mark-done", step: "google-business-profile", done: false } })
    : line(SEARCH_LINES.profile, "amber", `A manual step: Google's own food ordering ended in 2024, so the profile's "Order online" link is how searchers reach the menu.`, `In Google Business Profile, Edit profile > Food ordering (or Menu link), set "Order online" to ${url}/full-menu, then mark it done here.`, { action: { kind: "mark-done", step: "google-business-profile", done: true } });
  if (source === "default") {
    return [
      line(SEARCH_LINES.address, "amber", `Neither SITE_URL nor Netlify's URL is set here: links use ${url}.`, "On Netlify this is the site's main domain; set SITE_URL only to use another."),
      line(SEARCH_LINES.sitemap, "amber", "Checked once the site has its address.", "Nothing to do locally."),
      profile,
    ];
  }
  const address = !url.startsWith("https://")
    ? line(SEARCH_LINES.address, "red", `${url} (from ${source}) is not HTTPS: card payments and Apple Pay need it.`, "Use the https:// address of the site.")
    : new URL(url).hostname.endsWith(".netlify.app")
      ? line(SEARCH_LINES.address, "amber", `${url} is Netlify's own address: e-mails, the sitemap and Google will show it.`, "Add the restaurant's domain in Netlify (Domain management) and make it the primary domain, then deploy again.")
      : line(SEARCH_LINES.address, "green", `${url} (from ${source}): e-mail links and the sitemap use it.`, "");
  return [address, await sitemapLine(url), profile];
}

export const searchCheck: Check = { specs: [SEARCH_LINES.address, SEARCH_LINES.sitemap, SEARCH_LINES.profile], run: searchLines };
