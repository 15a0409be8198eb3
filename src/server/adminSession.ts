// Admin sign-in checked by the server: the password, signed session cookies backed by a session
// record (so signing out really ends a session), failed-attempt limits, and the guard of every
// admin and write endpoint (401 without a session, 403 for a request from another origin).
import { createHmac, randomBytes, randomUUID, timingSafeEqual, createHash } from "node:crypto";
import { envValue, isDeployed } from "./env";
import { DEVELOPMENT_PASSWORD } from "./developmentPassword";
import { HttpError, log } from "./http";
import { clientNetwork } from "./rateLimit";
import { store, updateJSON } from "./stores";

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

/** Client key for the attempt counter: a hash of the client's network, so the store holds no raw addresses. */
function attemptKey(ip: string): string {
  return `attempts/${createHash("sha256").update(clientNetwork(ip) || "unknown").digest("hex").slice(0, 32)}`;
}

const GLOBAL_FAILURES_KEY = "attempts/all-clients";

/** The window's count as of `now`, or a fresh window. */
function counted(current: AttemptRecord | null, now: number): AttemptRecord {
  return current && now - current.firstFailureAt <= ATTEMPT_WINDOW_MS ? current : { failures: 0, firstFailureAt: now };
}

/**
 * Reserves one attempt for the client before its password is compared: one conditional write that
 * answers the new count, so simultaneous attempts each get a number of their own and only the first
 * REFUSE_AT are ever compared. A wrong password keeps its reservation as a failure.
 */
async function reserveAttempt(ip: string): Promise<number> {
  const now = Date.now();
  const next = await updateJSON<AttemptRecord>("sessions", attemptKey(ip), (current) => {
    const window = counted(current, now);
    return { failures: window.failures + 1, firstFailureAt: window.firstFailureAt };
  });
  return next.failures;
}

/** A right password gives its reservation back; the failures of the window stay counted. */
async function releaseAttempt(ip: string): Promise<void> {
  const now = Date.now();
  await updateJSON<AttemptRecord>("sessions", attemptKey(ip), (current) => {
    const window = counted(current, now);
    return { failures: Math.max(0, window.failures - 1), firstFailureAt: window.firstFailureAt };
  });
}

async function globalFailures(): Promise<number> {
  const record = (await store("sessions").get(GLOBAL_FAILURES_KEY, { type: "json" })) as AttemptRecord | null;
  return counted(record, Date.now()).failures;
}

async function recordGlobalFailure(): Promise<void> {
  const now = Date.now();
  await updateJSON<AttemptRecord>("sessions", GLOBAL_FAILURES_KEY, (current) => {
    const window = counted(current, now);
    return { failures: window.failures + 1, firstFailureAt: window.firstFailureAt };
  });
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
    throw new HttpError(429, TOO_MANY);
  }
  const attempt = await reserveAttempt(ip);
  if (attempt > REFUSE_AT) throw new HttpError(429, TOO_MANY);
  if (!safeEqual(password, config.password)) {
    await recordGlobalFailure();
    log("warn", "admin sign-in failed", { failures: attempt });
    if (attempt > SLOW_AFTER) await new Promise((resolve) => setTimeout(resolve, Math.min(MAX_SLOWDOWN_MS, SLOWDOWN_STEP_MS * (attempt - SLOW_AFTER))));
    if (attempt >= REFUSE_AT) throw new HttpError(429, TOO_MANY);
    throw new HttpError(401, "Invalid password. Please try again.");
  }
  await releaseAttempt(ip);
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
