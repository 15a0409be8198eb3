// Cookies and signatures every signed-in browser uses, staff's and diners' alike: reading a cookie, the
// HttpOnly, SameSite=Strict, Secure cookie header, an HMAC signature and a comparison in constant time.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

export function sign(secret: string, value: string): string {
  return createHmac("sha256", secret).update(value).digest("base64url");
}

/** Compares two strings in time independent of where they differ (hashing first evens the lengths). */
export function safeEqual(a: string, b: string): boolean {
  const left = createHash("sha256").update(a).digest();
  const right = createHash("sha256").update(b).digest();
  return timingSafeEqual(left, right) && a.length === b.length;
}

export function cookieValue(req: Request, name: string): string | undefined {
  const header = req.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return undefined;
}

/** Secure everywhere except plain http on this machine, where a browser would drop a Secure cookie. */
function isLocalHttp(req: Request): boolean {
  const url = new URL(req.url);
  return url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

/** A session cookie (the console's, a diner's): HttpOnly, SameSite=Strict, and Secure everywhere a browser keeps it so. */
export function adminCookieHeader(req: Request, name: string, value: string, maxAgeSeconds: number): string {
  const parts = [`${name}=${value}`, "Path=/", "HttpOnly", "SameSite=Strict", `Max-Age=${maxAgeSeconds}`];
  if (!isLocalHttp(req)) parts.push("Secure");
  return parts.join("; ");
}
