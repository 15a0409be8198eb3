// Where a sign-in sends the diner back to: the page they came from, as a path of this site only (an
// open redirect would let any link send a signed-in diner elsewhere). From the account page's ?return=,
// else the same-origin page that led there; never the account page itself.

const ACCOUNT_PAGES = new Set(["/account", "/es/cuenta"]);

/** The path, search and hash of `raw` when it is a path on `origin` (not the account page), else null. */
export function safeReturnPath(raw: string | null | undefined, origin: string): string | null {
  if (!raw || !raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || ACCOUNT_PAGES.has(url.pathname.replace(/\/$/, ""))) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The page to go back to after signing in on this page: its ?return= first, else the page before it on this site. */
export function returnPathOf(page: Pick<Location, "search" | "origin">, referrer: string): string | null {
  const asked = new URLSearchParams(page.search).get("return");
  if (asked !== null) return safeReturnPath(asked, page.origin);
  if (!referrer) return null;
  try {
    const from = new URL(referrer);
    return from.origin === page.origin ? safeReturnPath(`${from.pathname}${from.search}${from.hash}`, page.origin) : null;
  } catch {
    return null;
  }
}
