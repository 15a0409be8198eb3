// Admin sign-in checked by the server: the password, signed session cookies backed by a session
// record (so signing out really ends a session), failed-attempt limits, and the guard of every
// admin and write endpoint (401 without a session, 403 for a request from another origin).
import { createHmac, randomBytes, randomUUID, timingSafeEqual, createHash } from "node:crypto";
import { envValue, isDeployed } from "./env";
import { DEVELOPMENT_PASSWORD } from "./developmentPassword";
import { HttpError, log } from "./http";
import { store, updateJSON } from "./stores";

export const SESSION_COOKIE = "jf_admin";
export const SESSION_HOURS = 12;
export { DEVELOPMENT_PASSWORD };

/** Failed sign-ins per client within the window: slowed from SLOW_AFTER on, refused from REFUSE_AT on. */
export const ATTEMPT_WINDOW_MS = 15 * 60 * 1000;
export const SLOW_AFTER = 3;
export const REFUSE_AT = 8;
const SLOWDOWN_STEP_MS = 250;

const DEV_SECRET_KEY = "config/dev-session-secret";

interface AdminConfig {
  password: string;
  secret: string;
}

interface SessionRecord {
  createdAt: string;
  expiresAt: string;
}

interface AttemptRecord {
  failures: number;
  firstFailureAt: number;
}

const DEV_PASSWORD_ANNOUNCED_KEY = "config/dev-password-announced";

/** Deployed, a password shorter than this is refused as unset: the console holds customers' details. */
export const MIN_DEPLOYED_PASSWORD_LENGTH = 16;

/**
 * The password and signing secret. Every deployed context (production, previews, branch deploys)
 * needs both configured, the password at least 16 characters (503 otherwise). Locally the development
 * password applies, and the secret is a random one kept in the sessions store: local functions each
 * run in a fresh worker, so a secret held in memory would not outlive one request.
 */
export async function adminConfig(): Promise<AdminConfig> {
  const password = envValue("ADMIN_PASSWORD");
  const secret = envValue("SESSION_SECRET");
  if (isDeployed()) {
    if (!password || password.length < MIN_DEPLOYED_PASSWORD_LENGTH || !secret) {
      throw new HttpError(
        503,
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
 * "once" is remembered in the sessions store. The password is public (README); printing it only
 * saves a developer the search.
 */
async function announceDevelopmentPassword(): Promise<void> {
  const first = await store("sessions").set(DEV_PASSWORD_ANNOUNCED_KEY, new Date().toISOString(), { onlyIfNew: true });
  if (first.modified) {
    log("warn", `admin console: ADMIN_PASSWORD is not set, so the development password is "${DEVELOPMENT_PASSWORD}"`);
  }
}

async function developmentSecret(): Promise<string> {
  const sessions = store("sessions");
  const existing = await sessions.get(DEV_SECRET_KEY, { type: "text" });
  if (existing) return existing;
  await sessions.set(DEV_SECRET_KEY, randomBytes(32).toString("hex"), { onlyIfNew: true });
  // Whoever won the race wrote the secret every request uses from now on.
  return (await sessions.get(DEV_SECRET_KEY, { type: "text" })) ?? "";
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

/** The expiry leads the key, so expired sessions can be found from a listing alone. */
function sessionKey(id: string, expiresAt: number): string {
  return `session/${expiresAt}-${id}`;
}

/**
 * Deletes the session records whose time is up (their cookies are refused anyway): run at each
 * sign-in, it keeps the store to the sessions that can still be used.
 */
async function removeExpiredSessions(now: number): Promise<void> {
  const sessions = store("sessions");
  const { blobs } = await sessions.list({ prefix: "session/" });
  const expired = blobs.filter((blob) => Number(blob.key.slice("session/".length).split("-")[0]) <= now);
  await Promise.all(expired.map((blob) => sessions.delete(blob.key)));
}

/** Client key for the attempt counter: a hash, so the store holds no raw addresses. */
function attemptKey(ip: string): string {
  return `attempts/${createHash("sha256").update(ip || "unknown").digest("hex").slice(0, 32)}`;
}

async function currentFailures(ip: string): Promise<number> {
  const record = (await store("sessions").get(attemptKey(ip), { type: "json" })) as AttemptRecord | null;
  if (!record || Date.now() - record.firstFailureAt > ATTEMPT_WINDOW_MS) return 0;
  return record.failures;
}

async function recordFailure(ip: string): Promise<number> {
  const next = await updateJSON<AttemptRecord>("sessions", attemptKey(ip), (current) => {
    const now = Date.now();
    if (!current || now - current.firstFailureAt > ATTEMPT_WINDOW_MS) return { failures: 1, firstFailureAt: now };
    return { failures: current.failures + 1, firstFailureAt: current.firstFailureAt };
  });
  return next.failures;
}

/**
 * Checks the password and opens a session: answers the Set-Cookie header value. Refuses with 429
 * once a client has failed too often, and answers each failure beyond SLOW_AFTER more slowly.
 */
export async function signIn(req: Request, ip: string, password: string): Promise<string> {
  const config = await adminConfig();
  const failures = await currentFailures(ip);
  if (failures >= REFUSE_AT) {
    throw new HttpError(429, "Too many failed sign-in attempts. Please wait 15 minutes and try again.");
  }
  if (!safeEqual(password, config.password)) {
    const count = await recordFailure(ip);
    log("warn", "admin sign-in failed", { failures: count });
    if (count > SLOW_AFTER) await new Promise((resolve) => setTimeout(resolve, SLOWDOWN_STEP_MS * (count - SLOW_AFTER)));
    if (count >= REFUSE_AT) {
      throw new HttpError(429, "Too many failed sign-in attempts. Please wait 15 minutes and try again.");
    }
    throw new HttpError(401, "Invalid password. Please try again.");
  }
  if (failures > 0) await store("sessions").delete(attemptKey(ip));
  const id = randomUUID();
  const now = Date.now();
  const expiresAt = now + SESSION_HOURS * 3600 * 1000;
  const record: SessionRecord = { createdAt: new Date(now).toISOString(), expiresAt: new Date(expiresAt).toISOString() };
  await store("sessions").setJSON(sessionKey(id, expiresAt), record);
  await removeExpiredSessions(now).catch((error: unknown) =>
    log("warn", "could not remove expired admin sessions", { error: error instanceof Error ? error.message : String(error) }),
  );
  const payload = `${id}.${expiresAt}`;
  log("info", "admin signed in");
  return sessionCookie(req, `${payload}.${sign(config.secret, payload)}`, SESSION_HOURS * 3600);
}

/** The store key of the valid session the request carries, or undefined. */
export async function sessionOf(req: Request): Promise<string | undefined> {
  const raw = cookieValue(req, SESSION_COOKIE);
  if (!raw) return undefined;
  const [id, expires, signature, ...rest] = raw.split(".");
  if (!id || !expires || !signature || rest.length > 0) return undefined;
  const config = await adminConfig();
  if (!safeEqual(signature, sign(config.secret, `${id}.${expires}`))) return undefined;
  if (!(Number(expires) > Date.now())) return undefined;
  const key = sessionKey(id, Number(expires));
  const record = (await store("sessions").get(key, { type: "json" })) as SessionRecord | null;
  if (!record || Date.parse(record.expiresAt) <= Date.now()) return undefined;
  return key;
}

/** Ends the request's session (if any) and answers the Set-Cookie value that clears the cookie. */
export async function signOut(req: Request): Promise<string> {
  const key = await sessionOf(req);
  if (key) await store("sessions").delete(key);
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
