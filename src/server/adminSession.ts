// Admin sign-in checked by the server: the password, signed session cookies backed by a session
// record (so signing out really ends a session), failed-attempt limits, and the guard of every
// admin and write endpoint (401 without a session, 403 for a request from another origin).
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { envValue, isDeployed } from "./env";
import { DEVELOPMENT_PASSWORD } from "./developmentPassword";
import { HttpError, log } from "./http";
import { db } from "./database";
import { clientKey, countAttempt, currentCount, uncountAttempt } from "./rateLimit";
import { sql } from "./sql";
import { TooManyAttempts, Unavailable } from "./errors";

export const SESSION_COOKIE = "jf_admin";
export const SESSION_HOURS = 12;
export { DEVELOPMENT_PASSWORD };

/** Failed sign-ins per client within the window: slowed from SLOW_AFTER on, refused from REFUSE_AT on. */
export const ATTEMPT_WINDOW_MS = 15 * 60 * 1000;
export const SLOW_AFTER = 3;
export const REFUSE_AT = 8;
const SLOWDOWN_STEP_MS = 250;
const MAX_SLOWDOWN_MS = 2000;
/** Failed sign-ins of all clients together within the window before every sign-in is refused for its rest. */
export const GLOBAL_FAILURE_BUDGET = 100;


interface AdminConfig {
  password: string;
  secret: string;
}




/** Deployed, a password shorter than this is refused as unset: the console holds customers' details. */
export const MIN_DEPLOYED_PASSWORD_LENGTH = 16;

/**
 * The password and signing secret. Every deployed context (production, previews, branch deploys)
 * needs both configured, the password at least 16 characters (503 otherwise). Locally the development
 * password applies, and the secret is a random one kept in the database: local functions each
 * run in a fresh worker, so a secret held in memory would not outlive one request.
 */
export async function adminConfig(): Promise<AdminConfig> {
  const password = envValue("ADMIN_PASSWORD");
  const secret = envValue("SESSION_SECRET");
  if (isDeployed()) {
    if (!password || password.length < MIN_DEPLOYED_PASSWORD_LENGTH || !secret) {
      throw new Unavailable(
        `The admin console is not configured yet: set ADMIN_PASSWORD (at least ${MIN_DEPLOYED_PASSWORD_LENGTH} characters) and SESSION_SECRET for this deploy context.`,
      );
    }
    return { password, secret };
  }
  if (!password) await announceDevelopmentPassword();
  return { password: password ?? DEVELOPMENT_PASSWORD, secret: secret ?? (await developmentSecret()) };
}

/**
 * Prints the development password once: local functions run each request in a fresh worker, so
 * "once" is remembered in the database. The password is public (README); printing it only saves a
 * developer the search.
 */
async function announceDevelopmentPassword(): Promise<void> {
  const first = await db.one(sql`
    INSERT INTO settings (key, value) VALUES ('development-password-announced', 'true') ON CONFLICT (key) DO NOTHING RETURNING key`);
  if (first) log("warn", `admin console: ADMIN_PASSWORD is not set, so the development password is "${DEVELOPMENT_PASSWORD}"`);
}

/** A random secret kept in the database: local functions each run in a fresh worker, so one held in memory would not outlive a request. */
async function developmentSecret(): Promise<string> {
  const fresh = JSON.stringify(randomBytes(32).toString("hex"));
  await db.run(sql`INSERT INTO settings (key, value) VALUES ('development-session-secret', ${fresh}) ON CONFLICT (key) DO NOTHING`);
  // Whoever won the race wrote the secret every request uses from now on.
  const row = await db.one<{ value: string }>(sql`SELECT value FROM settings WHERE key = 'development-session-secret'`);
  return row?.value ?? "";
}

export function sign(secret: string, value: string): string {
  return createHmac("sha256", secret).update(value).digest("base64url");
}

/** Compares two strings in time independent of where they differ (hashing first evens the lengths). */
export function safeEqual(a: string, b: string): boolean {
  const left = createHash("sha256").update(a).digest();
  const right = createHash("sha256").update(b).digest();
  return timingSafeEqual(left, right) && a.length === b.length;
}

function cookieValue(req: Request, name: string): string | undefined {
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

function sessionCookie(req: Request, value: string, maxAgeSeconds: number): string {
  const parts = [`${SESSION_COOKIE}=${value}`, "Path=/", "HttpOnly", "SameSite=Strict", `Max-Age=${maxAgeSeconds}`];
  if (!isLocalHttp(req)) parts.push("Secure");
  return parts.join("; ");
}

/** Deletes the sessions whose time is up (their cookies are refused anyway). */
async function removeExpiredSessions(now: number): Promise<void> {
  await db.run(sql`DELETE FROM admin_sessions WHERE expires_at <= ${new Date(now)}`);
}

const SIGN_IN_BUCKET = "sign-in";
/** The counter of all clients' failures together. */
const ALL_CLIENTS = "all-clients";

/**
 * Reserves one attempt for the client before its password is compared: one upsert that answers the
 * new count, so simultaneous attempts each get a number of their own and only the first REFUSE_AT
 * are ever compared. A wrong password keeps its reservation as a failure.
 */
async function reserveAttempt(ip: string): Promise<number> {
  return (await countAttempt(SIGN_IN_BUCKET, clientKey(ip), ATTEMPT_WINDOW_MS)).count;
}

/** A right password gives its reservation back; the failures of the window stay counted. */
async function releaseAttempt(ip: string): Promise<void> {
  await uncountAttempt(SIGN_IN_BUCKET, clientKey(ip));
}

async function globalFailures(): Promise<number> {
  return (await currentCount(SIGN_IN_BUCKET, ALL_CLIENTS, ATTEMPT_WINDOW_MS))?.count ?? 0;
}

async function recordGlobalFailure(): Promise<void> {
  await countAttempt(SIGN_IN_BUCKET, ALL_CLIENTS, ATTEMPT_WINDOW_MS);
}

const TOO_MANY = "Too many failed sign-in attempts. Please wait 15 minutes and try again.";

/**
 * Checks the password and opens a session: answers the Set-Cookie header value. Each attempt is
 * counted before the password is compared; from the REFUSE_AT-th within the window a client is refused
 * with 429 without a comparison, and failures beyond SLOW_AFTER are answered a little more slowly (at
 * most MAX_SLOWDOWN_MS, so a burst cannot hold functions). All clients together share a failure budget.
 */
export async function signIn(req: Request, ip: string, password: string): Promise<string> {
  const config = await adminConfig();
  if ((await globalFailures()) >= GLOBAL_FAILURE_BUDGET) {
    log("warn", "admin sign-in refused: the failure budget of all clients is spent");
    throw new TooManyAttempts(TOO_MANY, ATTEMPT_WINDOW_MS / 1000);
  }
  const attempt = await reserveAttempt(ip);
  if (attempt > REFUSE_AT) throw new TooManyAttempts(TOO_MANY, ATTEMPT_WINDOW_MS / 1000);
  if (!safeEqual(password, config.password)) {
    await recordGlobalFailure();
    log("warn", "admin sign-in failed", { failures: attempt });
    if (attempt > SLOW_AFTER) await new Promise((resolve) => setTimeout(resolve, Math.min(MAX_SLOWDOWN_MS, SLOWDOWN_STEP_MS * (attempt - SLOW_AFTER))));
    if (attempt >= REFUSE_AT) throw new TooManyAttempts(TOO_MANY, ATTEMPT_WINDOW_MS / 1000);
    throw new HttpError(401, "Invalid password. Please try again.");
  }
  await releaseAttempt(ip);
  const id = randomUUID();
  const now = Date.now();
  const expiresAt = now + SESSION_HOURS * 3600 * 1000;
  await db.run(sql`INSERT INTO admin_sessions (id, created_at, expires_at) VALUES (${id}, ${new Date(now)}, ${new Date(expiresAt)})`);
  await removeExpiredSessions(now).catch((error: unknown) =>
    log("warn", "could not remove expired admin sessions", { error: error instanceof Error ? error.message : String(error) }),
  );
  const payload = `${id}.${expiresAt}`;
  log("info", "admin signed in");
  return sessionCookie(req, `${payload}.${sign(config.secret, payload)}`, SESSION_HOURS * 3600);
}

/** The id of the valid session the request carries, or undefined. */
export async function sessionOf(req: Request): Promise<string | undefined> {
  const raw = cookieValue(req, SESSION_COOKIE);
  if (!raw) return undefined;
  const [id, expires, signature, ...rest] = raw.split(".");
  if (!id || !expires || !signature || rest.length > 0) return undefined;
  const config = await adminConfig();
  if (!safeEqual(signature, sign(config.secret, `${id}.${expires}`))) return undefined;
  if (!(Number(expires) > Date.now())) return undefined;
  if (!/^[0-9a-f-]{36}$/.test(id)) return undefined;
  const session = await db.one(sql`SELECT id FROM admin_sessions WHERE id = ${id} AND expires_at > ${new Date()}`);
  return session ? id : undefined;
}

/** Ends the request's session (if any) and answers the Set-Cookie value that clears the cookie. */
export async function signOut(req: Request): Promise<string> {
  const id = await sessionOf(req);
  if (id) await db.run(sql`DELETE FROM admin_sessions WHERE id = ${id}`);
  return sessionCookie(req, "", 0);
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Hosts this request may legitimately come from: the request URL's own and the Host it names. */
function ownHosts(req: Request): Set<string> {
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
    throw new HttpError(403, "This request came from another site and was refused.");
  }
  if (source === "null" || !ownHosts(req).has(host)) {
    throw new HttpError(403, "This request came from another site and was refused.");
  }
}

/** The guard of every admin and write endpoint. */
export async function requireAdmin(req: Request): Promise<void> {
  if (!(await sessionOf(req))) throw new HttpError(401, "Please sign in to the admin console.");
  assertSameOrigin(req);
}
