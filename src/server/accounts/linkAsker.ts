// The browser that asked for a sign-in link: asking sets a short-lived random cookie (jf_link_asker) and the
// link keeps its hash, so a link signs in at once only in that browser. Opened anywhere else (another
// device, or a stranger's link sent to a diner), the page first asks "Sign in as a•••@example.com?".
import { randomBytes } from "node:crypto";
import { adminCookieHeader, cookieValue } from "../platform/cookies";
import { hashToken } from "../platform/tokens";

export const ASKER_COOKIE = "jf_link_asker";
/** As long as a link lives: a later request from the same browser refreshes it and keeps its value. */
export const ASKER_LIFETIME_MS = 15 * 60 * 1000;

const ASKER_SHAPE = /^[A-Za-z0-9_-]{43}$/;

function askerOf(req: Request): string | undefined {
  const value = cookieValue(req, ASKER_COOKIE);
  return value && ASKER_SHAPE.test(value) ? value : undefined;
}

/** This browser's asker value (its own, or a new one) and the Set-Cookie value that keeps it for a link's life. */
export function askerFor(req: Request): { hash: string; cookie: string } {
  const value = askerOf(req) ?? randomBytes(32).toString("base64url");
  return { hash: hashToken(value), cookie: adminCookieHeader(req, ASKER_COOKIE, value, ASKER_LIFETIME_MS / 1000) };
}

/** Whether the request comes from the browser whose asker hash the link keeps. */
export function askedHere(req: Request, askerHash: string | null): boolean {
  const value = askerOf(req);
  return Boolean(value && askerHash && hashToken(value) === askerHash);
}

/** An e-mail as the question shows it: its first character, then •••, then the domain ("a•••@example.com"). */
export function maskedEmail(email: string): string {
  const [local = "", domain = ""] = email.trim().split(/@(?=[^@]*$)/);
  return `${[...local][0] ?? ""}•••@${domain}`;
}
