// The site's public address, for links that leave the site (e-mails) and for the go-live checklist:
// SITE_URL, else the URL Netlify gives every deploy of the site, else the live domain.
import { serverConfig } from "../config";

export const DEFAULT_SITE_URL = "https://jealousfork.com";

/** The address and where it came from ("SITE_URL", "Netlify", or "default" when neither is set). */
export function siteAddress(): { url: string; source: "SITE_URL" | "Netlify" | "default" } {
  const configured = serverConfig().SITE_URL;
  // URL is Netlify's own (the site's main address), set in every function it runs.
  const netlify = process.env.URL;
  const [url, source] = configured ? [configured, "SITE_URL" as const] : netlify ? [netlify, "Netlify" as const] : [DEFAULT_SITE_URL, "default" as const];
  return { url: url.replace(/\/+$/, ""), source };
}

/** The site's address for links: SITE_URL, else Netlify's URL, else the live domain. */
export function siteUrl(): string {
  return siteAddress().url;
}
