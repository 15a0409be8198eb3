// Staff signed in, for API tests: the session cookie the sign-in answers, as a browser would send it.
import session from "../../netlify/functions/admin-session.mts";
import { DEVELOPMENT_OWNER_EMAIL, DEVELOPMENT_PASSWORD } from "../../src/server/staff/adminSession";
import { call, SITE_ORIGIN } from "./functions";

/**
 * Signs in (by default the development owner with the development password) and answers the
 * `name=value` of the session cookie.
 */
export async function adminCookie(password: string = DEVELOPMENT_PASSWORD, email: string = DEVELOPMENT_OWNER_EMAIL): Promise<string> {
  const res = await call(session, "/api/admin/session", { body: { email, password } });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return (res.headers.get("set-cookie") ?? "").split(";")[0]!;
}

/** The headers of a signed-in console request from the site's own pages. */
export async function adminHeaders(password?: string, email?: string): Promise<Record<string, string>> {
  return { cookie: await adminCookie(password, email), origin: SITE_ORIGIN };
}
