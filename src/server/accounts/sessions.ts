// Diner sessions, kept apart from the staff's: their own cookie (jf_diner) and table. The cookie carries a
// random token, the table only its SHA-256, so a copy of the table opens nothing. A session ends after 30
// idle days, 90 days after sign-in whatever its use, when the diner ends it (here or from another
// device's account page), or when the account is deleted.
import { createHash, randomBytes } from "node:crypto";
import { adminCookieHeader, cookieValue } from "../platform/cookies";
import { hashToken } from "../platform/tokens";
import { db, type Queries } from "../platform/database";
import { NotFound, NotPermitted, said, Unauthenticated } from "../platform/errors";
import { sql } from "../platform/sql";
import { deviceName } from "./deviceName";

export const DINER_COOKIE = "jf_diner";
export const DINER_IDLE_TIMEOUT_MS = 30 * 24 * 60 * 60 * 1000;
export const DINER_SESSION_LIFETIME_MS = 90 * 24 * 60 * 60 * 1000;
/** Adding or removing a passkey, changing the phone and deleting the account need a session opened (with a passkey or an e-mailed link) this recently. */
export const DINER_FRESH_PROOF_MS = 5 * 60 * 1000;
/** Last-seen times are written at most this often, so reading the account page is not a write per request. */
const SEEN_PRECISION_MS = 60 * 1000;

export type DinerSignInMethod = "passkey" | "email-link";

export interface Diner {
  accountId: string;
  email: string;
  name: string;
  /** The stored id (hash) of the session the request carried. */
  sessionId: string;
  sessionCreatedAt: Date;
  /** Whether an e-mailed link proved the e-mail (an account made with a passkey at a confirmation has not yet). */
  emailConfirmed: boolean;
}

function tokenOf(req: Request): string | undefined {
  const token = cookieValue(req, DINER_COOKIE);
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : undefined;
}

/** The cookie: HttpOnly, SameSite=Strict (every read is the site's own fetch), Secure wherever a browser keeps it so. */
export function dinerCookie(req: Request, value: string, maxAgeSeconds: number): string {
  return adminCookieHeader(req, DINER_COOKIE, value, maxAgeSeconds);
}

/** Opens a session and answers its Set-Cookie value; the session the request carried ends (a sign-in gets a fresh id). */
export async function openDinerSession(req: Request, accountId: string, method: DinerSignInMethod, on: Queries = db): Promise<string> {
  const previous = tokenOf(req);
  if (previous) await on.run(sql`UPDATE diner_sessions SET revoked_at = now() WHERE id = ${hashToken(previous)} AND revoked_at IS NULL`);
  const token = randomBytes(32).toString("base64url");
  const now = Date.now();
  const userAgent = (req.headers.get("user-agent") ?? "").slice(0, 200);
  await on.run(sql`
    INSERT INTO diner_sessions (id, account_id, method, user_agent, created_at, last_seen_at, expires_at)
    VALUES (${hashToken(token)}, ${accountId}::uuid, ${method}, ${userAgent}, ${new Date(now)}, ${new Date(now)}, ${new Date(now + DINER_SESSION_LIFETIME_MS)})`);
  return dinerCookie(req, token, DINER_SESSION_LIFETIME_MS / 1000);
}

/** The diner whose live session the request carries, or undefined. */
export async function dinerOf(req: Request): Promise<Diner | undefined> {
  const token = tokenOf(req);
  if (!token) return undefined;
  const id = hashToken(token);
  const now = Date.now();
  const row = await db.one<{ account_id: string; email: string; name: string; created_at: Date; last_seen_at: Date; email_confirmed: boolean }>(sql`
    SELECT s.account_id, a.email, a.name, s.created_at, s.last_seen_at, a.email_confirmed_at IS NOT NULL AS email_confirmed
    FROM diner_sessions s JOIN diner_accounts a ON a.id = s.account_id
    WHERE s.id = ${id} AND s.revoked_at IS NULL AND s.expires_at > ${new Date(now)} AND s.last_seen_at > ${new Date(now - DINER_IDLE_TIMEOUT_MS)}`);
  if (!row) return undefined;
  if (now - row.last_seen_at.getTime() > SEEN_PRECISION_MS) {
    await db.run(sql`UPDATE diner_sessions SET last_seen_at = GREATEST(last_seen_at, ${new Date(now)}) WHERE id = ${id}`);
  }
  return { accountId: row.account_id, email: row.email, name: row.name, sessionId: id, sessionCreatedAt: row.created_at, emailConfirmed: row.email_confirmed };
}

/** The signed-in diner, or 401. */
export async function requireDiner(req: Request): Promise<Diner> {
  const diner = await dinerOf(req);
  if (!diner) throw new Unauthenticated(said("account_signed_out"));
  return diner;
}

/**
 * Refuses (403, with the sentence telling the diner to sign in again) unless the session was opened within
 * DINER_FRESH_PROOF_MS: a phone left signed in for weeks cannot add or remove a passkey, change the phone or
 * delete the account. `adding`: the sentence for adding a passkey, else the one for any other change.
 */
export function requireFreshDinerProof(diner: Diner, now = Date.now(), adding = true): void {
  if (now - diner.sessionCreatedAt.getTime() > DINER_FRESH_PROOF_MS) throw new NotPermitted(said(adding ? "account_fresh_proof" : "account_fresh_proof_change"));
}

/** Ends the request's session (if any) and answers the Set-Cookie value that clears the cookie. */
export async function endDinerSession(req: Request): Promise<string> {
  const token = tokenOf(req);
  if (token) await db.run(sql`UPDATE diner_sessions SET revoked_at = now() WHERE id = ${hashToken(token)} AND revoked_at IS NULL`);
  return dinerCookie(req, "", 0);
}

export interface DinerSessionView {
  /** A short public handle of the session (not its id, which is a hash of a secret). */
  id: string;
  current: boolean;
  method: DinerSignInMethod;
  userAgent: string;
  /** The browser and device the session was opened on, read from its user-agent string ("Safari", "iPhone"). */
  browser: string;
  device: string;
  createdAt: string;
  lastSeenAt: string;
}

function handleOf(id: string): string {
  return createHash("sha256").update(`diner-handle:${id}`).digest("hex").slice(0, 16);
}

/** The live sessions of the diner's account, newest first. */
export async function listDinerSessions(diner: Diner): Promise<DinerSessionView[]> {
  const now = Date.now();
  const rows = await db.all<{ id: string; method: DinerSignInMethod; user_agent: string; created_at: Date; last_seen_at: Date }>(sql`
    SELECT id, method, user_agent, created_at, last_seen_at FROM diner_sessions
    WHERE account_id = ${diner.accountId}::uuid AND revoked_at IS NULL
      AND expires_at > ${new Date(now)} AND last_seen_at > ${new Date(now - DINER_IDLE_TIMEOUT_MS)}
    ORDER BY created_at DESC`);
  return rows.map((row) => ({
    id: handleOf(row.id),
    current: row.id === diner.sessionId,
    method: row.method,
    userAgent: row.user_agent,
    ...deviceName(row.user_agent),
    createdAt: row.created_at.toISOString(),
    lastSeenAt: row.last_seen_at.toISOString(),
  }));
}

/** Ends one of the diner's own sessions by its handle. */
export async function endDinerSessionByHandle(diner: Diner, handle: string): Promise<void> {
  const rows = await db.all<{ id: string }>(sql`SELECT id FROM diner_sessions WHERE account_id = ${diner.accountId}::uuid AND revoked_at IS NULL`);
  const match = rows.find((row) => handleOf(row.id) === handle);
  if (!match) throw new NotFound(said("account_not_found"));
  await db.run(sql`UPDATE diner_sessions SET revoked_at = now() WHERE id = ${match.id}`);
}

/** The signed-in diner placing an order, with their Square customer when linked (the checkout puts it on Square's order and payment). */
export async function dinerForOrder(req: Request): Promise<{ accountId: string; squareCustomerId?: string } | undefined> {
  const diner = await dinerOf(req);
  if (!diner) return undefined;
  const row = await db.one<{ square_customer_id: string | null }>(sql`SELECT square_customer_id FROM diner_accounts WHERE id = ${diner.accountId}::uuid`);
  return { accountId: diner.accountId, ...(row?.square_customer_id ? { squareCustomerId: row.square_customer_id } : {}) };
}
