// The courier's tracking link, as the order page, the e-mails and the console may show it: only an
// https page on DoorDash's own host (doordash.com or one of its subdomains, such as track.doordash.com).
// Anything else a notification carries (another host, plain http, a script, credentials or a port in
// the address) is neither kept nor shown: a link on the order page is one a diner will trust. No I/O.

const DOORDASH_HOST = "doordash.com";

/** The link when it is DoorDash's https tracking page, else null. */
export function doordashTrackingUrl(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 2_000) return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  if (host !== DOORDASH_HOST && !host.endsWith(`.${DOORDASH_HOST}`)) return null;
  return url.href;
}
