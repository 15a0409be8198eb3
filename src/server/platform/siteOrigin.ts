// Which site a request comes from, for every room that takes writes from a browser: the hosts this
// request may legitimately name, the refusal of cross-site writes, and the passkeys' relying party.
import { NotPermitted } from "./errors";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Hosts this request may legitimately come from: the request URL's own and the Host it names. */
export function ownHosts(req: Request): Set<string> {
  const hosts = new Set([new URL(req.url).host]);
  for (const header of ["host", "x-forwarded-host"]) {
    const value = req.headers.get(header);
    if (value) hosts.add(value.split(",")[0]!.trim());
  }
  return hosts;
}

/**
 * Refuses (403) a state-changing request that a browser sent from another site. Browsers send
 * Origin on every cross-site write (Referer when Origin is absent); a request with neither comes
 * from no browser page and can carry no stolen cookie, so the session check alone applies.
 */
export function assertSameOrigin(req: Request): void {
  if (!STATE_CHANGING.has(req.method.toUpperCase())) return;
  const source = req.headers.get("origin") ?? req.headers.get("referer");
  if (!source) return;
  let host: string;
  try {
    host = new URL(source).host;
  } catch {
    throw new NotPermitted("This request came from another site and was refused.");
  }
  if (source === "null" || !ownHosts(req).has(host)) {
    throw new NotPermitted("This request came from another site and was refused.");
  }
}

/**
 * The relying party is the site the person is on: the page's origin as the browser names it when that is
 * one of this site's own hosts (a proxy, like the local server, may rewrite the request's URL), else the
 * request URL's. A look-alike site's origin is never taken, so its relayed ceremonies fail to verify.
 */
export function relyingParty(req: Request): { rpID: string; origin: string } {
  const claimed = req.headers.get("origin");
  if (claimed) {
    try {
      const page = new URL(claimed);
      if (ownHosts(req).has(page.host)) return { rpID: page.hostname, origin: page.origin };
    } catch {
      // Not a URL: the request's own origin applies.
    }
  }
  const url = new URL(req.url);
  return { rpID: url.hostname, origin: url.origin };
}
