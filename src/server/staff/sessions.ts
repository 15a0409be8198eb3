// Staff sessions kept in the database: the cookie carries a random token, the table only its SHA-256,
// so a copy of the table opens nothing. A session ends after 12 idle hours, 7 days after sign-in
// whatever its use, when its person signs out (here or everywhere), or when the account is disabled.
import { createHash, randomBytes } from "node:crypto";
import { adminCookieHeader, cookieValue } from "../platform/cookies";
import { hashToken } from "../platform/tokens";

export { hashToken };
import { db, type Queries } from "../platform/database";
import { NotFound, NotPermitted, Unauthenticated } from "../platform/errors";
import { sql } from "../platform/sql";
import type { Actor, Role } from "./accounts";
import { recordActivity } from "../audit";

export const SESSION_COOKIE = "jf_admin";
export const IDLE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** Adding a credential needs a session opened (with a password or a user-verified passkey) this recently. */
export const FRESH_PROOF_MS = 5 * 60 * 1000;
export const FRESH_PROOF_NEEDED = "Please confirm it is you: sign in again with your password or a passkey, then try again within 5 minutes.";
/** Last-seen times are written at most this often, so reading the console is not a write per request. */
const SEEN_PRECISION_MS = 60 * 1000;

export type SignInMethod = "password" | "passkey" | "setup-password";

function tokenOf(req: Request): string | undefined {
  const token = cookieValue(req, SESSION_COOKIE);
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : undefined;
}

/**
 * Opens a session for the account and answers its Set-Cookie value. The session the request carried
 * (if any) ends: a sign-in always gets a fresh id, so a token planted before sign-in opens nothing.
 */
export async function openSession(req: Request, accountId: string, method: SignInMethod, on: Queries = db): Promise<{ cookie: string; sessionId: string }> {
  const previous = tokenOf(req);
  if (previous) await on.run(sql`UPDATE admin_sessions SET revoked_at = now() WHERE id = ${hashToken(previous)} AND revoked_at IS NULL`);
  const token = randomBytes(32).toString("base64url");
  const id = hashToken(token);
  const now = Date.now();
  const userAgent = (req.headers.get("user-agent") ?? "").slice(0, 200);
  await on.run(sql`
    INSERT INTO admin_sessions (id, account_id, method, user_agent, created_at, last_seen_at, expires_at)
    VALUES (${id}, ${accountId}::uuid, ${method}, ${userAgent}, ${new Date(now)}, ${new Date(now)}, ${new Date(now + SESSION_LIFETIME_MS)})`);
  return { cookie: adminCookieHeader(req, SESSION_COOKIE, token, SESSION_LIFETIME_MS / 1000), sessionId: id };
}

/** The person whose live session the request carries, or undefined. */
export async function actorOf(req: Request): Promise<Actor | undefined> {
  const token = tokenOf(req);
  if (!token) return undefined;
  const id = hashToken(token);
  const now = Date.now();
  const row = await db.one<{ account_id: string; name: string; email: string; role: Role; last_seen_at: Date }>(sql`
    SELECT s.account_id, a.name, a.email, a.role, s.last_seen_at
    FROM admin_sessions s JOIN staff_accounts a ON a.id = s.account_id
    WHERE s.id = ${id} AND s.revoked_at IS NULL AND a.disabled_at IS NULL
      AND s.expires_at > ${new Date(now)} AND s.last_seen_at > ${new Date(now - IDLE_TIMEOUT_MS)}`);
  if (!row) return undefined;
  if (now - row.last_seen_at.getTime() > SEEN_PRECISION_MS) {
    await db.run(sql`UPDATE admin_sessions SET last_seen_at = GREATEST(last_seen_at, ${new Date(now)}) WHERE id = ${id}`);
  }
  return { accountId: row.account_id, name: row.name, email: row.email, role: row.role, sessionId: id };
}

/**
 * Refuses (403) unless the actor's session was opened within FRESH_PROOF_MS: a session left open on a
 * shared tablet cannot add a passkey, change the password or hand an account over. Signing in again is
 * the confirmation. `on` is the change's transaction when there is one.
 */
export async function requireFreshProof(actor: Actor, on: Queries = db): Promise<void> {
  const row = await on.one<{ created_at: Date }>(sql`SELECT created_at FROM admin_sessions WHERE id = ${actor.sessionId}`);
  if (!row || Date.now() - row.created_at.getTime() > FRESH_PROOF_MS) throw new NotPermitted(FRESH_PROOF_NEEDED);
}

/**
 * Locks the actor's account row for a credential it is adding, in `tx`, then checks again that the
 * session is live and fresh: a recovery (a used set-up link) that committed while this request waited for
 * the lock ended the session, so what it was adding is refused (401) and nothing of it is stored.
 */
export async function lockOwnAccount(actor: Actor, tx: Queries): Promise<void> {
  await tx.one(sql`SELECT id FROM staff_accounts WHERE id = ${actor.accountId}::uuid FOR UPDATE`);
  const live = await tx.one(sql`
    SELECT 1 FROM admin_sessions s JOIN staff_accounts a ON a.id = s.account_id
    WHERE s.id = ${actor.sessionId} AND s.revoked_at IS NULL AND a.disabled_at IS NULL AND s.expires_at > ${new Date()}`);
  if (!live) throw new Unauthenticated("Please sign in to the admin console.");
  await requireFreshProof(actor, tx);
}

/** Ends the request's session (if any) and answers the Set-Cookie value that clears the cookie. */
export async function endSession(req: Request, actor?: Actor | null): Promise<string> {
  const token = tokenOf(req);
  if (token) {
    await db.transaction(async (tx) => {
      const ended = await tx.run(sql`UPDATE admin_sessions SET revoked_at = now() WHERE id = ${hashToken(token)} AND revoked_at IS NULL`);
      // The sign-out is in the activity log with the session it ended, or neither is.
      if (ended && actor) await recordActivity(actor, { action: "sign-out", target: actor.email, before: { signedIn: true }, after: { signedIn: false } }, tx);
    });
  }
  return adminCookieHeader(req, SESSION_COOKIE, "", 0);
}

export interface SessionView {
  /** A short public handle of the session (not its id, which is a hash of a secret). */
  id: string;
  current: boolean;
  method: SignInMethod;
  userAgent: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

/** A handle that names a session in the API without revealing the stored hash. */
function handleOf(id: string): string {
  return createHash("sha256").update(`handle:${id}`).digest("hex").slice(0, 16);
}

/** The live sessions of the actor's account, newest first. */
export async function listSessions(actor: Actor): Promise<SessionView[]> {
  const now = Date.now();
  const rows = await db.all<{ id: string; method: SignInMethod; user_agent: string; created_at: Date; last_seen_at: Date; expires_at: Date }>(sql`
    SELECT id, method, user_agent, created_at, last_seen_at, expires_at FROM admin_sessions
    WHERE account_id = ${actor.accountId}::uuid AND revoked_at IS NULL
      AND expires_at > ${new Date(now)} AND last_seen_at > ${new Date(now - IDLE_TIMEOUT_MS)}
    ORDER BY created_at DESC`);
  return rows.map((row) => ({
    id: handleOf(row.id),
    current: row.id === actor.sessionId,
    method: row.method,
    userAgent: row.user_agent,
    createdAt: row.created_at.toISOString(),
    lastSeenAt: row.last_seen_at.toISOString(),
    expiresAt: new Date(Math.min(row.expires_at.getTime(), row.last_seen_at.getTime() + IDLE_TIMEOUT_MS)).toISOString(),
  }));
}

/** Ends every session of the actor's account ("sign out everywhere"), this one included; answers how many. */
export async function endAllSessions(actor: Actor, on: Queries = db): Promise<number> {
  return on.run(sql`UPDATE admin_sessions SET revoked_at = now() WHERE account_id = ${actor.accountId}::uuid AND revoked_at IS NULL`);
}

/** Ends one of the actor's own sessions by its handle, with its activity row in the same transaction. */
export async function endSessionByHandle(actor: Actor, handle: string): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx.all<{ id: string; method: SignInMethod; user_agent: string }>(sql`
      SELECT id, method, user_agent FROM admin_sessions WHERE account_id = ${actor.accountId}::uuid AND revoked_at IS NULL FOR UPDATE`);
    const match = rows.find((row) => handleOf(row.id) === handle);
    if (!match) throw new NotFound("No such session.");
    await tx.run(sql`UPDATE admin_sessions SET revoked_at = now() WHERE id = ${match.id}`);
    const session = { session: handle, method: match.method, userAgent: match.user_agent };
    await recordActivity(actor, { action: "session.end", target: actor.email, before: { ...session, live: true }, after: { ...session, live: false } }, tx);
  });
}
