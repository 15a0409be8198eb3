// One-time set-up links: the owner passes one on to a new person (or to someone who lost their
// password or a device), who sets a password or registers a passkey with it within 24 hours. Using a
// link is a recovery: in one transaction it ends every other credential of the account (the old password,
// every passkey, other links) and every session, so nothing an intruder added survives. Only a hash of
// the token is stored; a new link replaces the account's earlier ones.
import { randomBytes } from "node:crypto";
import { db, type Queries } from "../platform/database";
import { NotFound, RuleBroken } from "../platform/errors";
import { sql } from "../platform/sql";
import { accountById, endCredentials, setPasswordHash, type Actor, type AccountRecord } from "./accounts";
import { recordActivity } from "../audit";
import { mailConfigured, queueSetupLinkMail } from "../mail";
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { registerPasskey, registrationOptions } from "./passkeys";
import { hashPassword, passwordProblem } from "./passwords";
import { hashToken, openSession } from "./sessions";
import { queueSecurityNotice, whereOf } from "./securityNotices";

export const SETUP_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

export interface SetupLink {
  /** The path of the set-up page, the token in its fragment (never sent to a server's logs by a browser). */
  path: string;
  expiresAt: string;
  /** Whether an e-mail with the link was queued to the person (mail is configured); if not, the owner passes it on. */
  emailed: boolean;
}

/**
 * Makes a new link for the account (ending its earlier live ones) with its activity row, in `on` (the
 * owner's transaction), and when mail is configured queues an e-mail with it to the person in the same
 * transaction. The activity row keeps when the links expire, never a token.
 */
export async function createSetupLink(actor: Actor, account: Pick<AccountRecord, "id" | "email" | "name">, on: Queries): Promise<SetupLink> {
  const token = randomBytes(32).toString("base64url");
  const now = Date.now();
  const expiresAt = new Date(now + SETUP_LINK_LIFETIME_MS);
  const earlier = await on.one<{ expires_at: Date }>(sql`
    SELECT max(expires_at) AS expires_at FROM staff_setup_links WHERE account_id = ${account.id}::uuid AND used_at IS NULL AND expires_at > ${new Date(now)}`);
  await on.run(sql`UPDATE staff_setup_links SET expires_at = ${new Date(now)} WHERE account_id = ${account.id}::uuid AND used_at IS NULL AND expires_at > ${new Date(now)}`);
  await on.run(sql`
    INSERT INTO staff_setup_links (token_hash, account_id, created_by, created_at, expires_at)
    VALUES (${hashToken(token)}, ${account.id}::uuid, ${actor.accountId}::uuid, ${new Date(now)}, ${expiresAt})`);
  await recordActivity(
    actor,
    { action: "account.setup-link", target: account.email, before: { liveLinkUntil: earlier?.expires_at?.toISOString() ?? null }, after: { liveLinkUntil: expiresAt.toISOString() } },
    on,
  );
  const emailed = mailConfigured();
  if (emailed) {
    await queueSetupLinkMail(
      { recipient: account.email, name: account.name, invitedBy: actor.name, token, tokenHash: hashToken(token), expiresAt: expiresAt.toISOString() },
      on,
    );
  }
  return { path: `/admin/setup#${token}`, expiresAt: expiresAt.toISOString(), emailed };
}

const INVALID = "This set-up link is not valid any more. Ask the owner for a new one.";

/**
 * The account a live link sets up. With `lock` (in the recovery's transaction) the account row is locked
 * first, then the link (the order every account change takes), so a passkey or password an earlier
 * session is adding either commits before the recovery, which then ends it, or waits and finds its
 * session ended.
 */
async function linkedAccount(token: string, on: Queries, lock: boolean): Promise<AccountRecord> {
  const live = sql`SELECT account_id FROM staff_setup_links WHERE token_hash = ${hashToken(token)} AND used_at IS NULL AND expires_at > ${new Date()}`;
  let row = await on.one<{ account_id: string }>(live);
  if (row && lock) {
    await on.one(sql`SELECT id FROM staff_accounts WHERE id = ${row.account_id}::uuid FOR UPDATE`);
    row = await on.one<{ account_id: string }>({ text: `${live.text} FOR UPDATE`, values: live.values });
  }
  const account = row ? await accountById(row.account_id, on) : null;
  if (!account || account.disabled) throw new NotFound(INVALID);
  return account;
}

/** Whom a link is for (the set-up page greets them). */
export async function setupLinkAccount(token: string): Promise<{ name: string; email: string; hasPassword: boolean; passkeys: number }> {
  const account = await linkedAccount(token, db, false);
  return { name: account.name, email: account.email, hasPassword: account.hasPassword, passkeys: account.passkeys };
}

/** Starts registering a passkey with a live link (the account is the link's). */
export async function setupPasskeyOptions(req: Request, token: string) {
  return registrationOptions(req, await linkedAccount(token, db, false));
}

/**
 * The recovery a used link makes, in its transaction: the link and the account's others are spent, every
 * credential but the one just set (`keepPasskey`) and every session end; when anything did, the activity
 * row says what and the person is told by e-mail. Then the person is signed in.
 */
async function recover(req: Request, address: string, account: AccountRecord, method: "password" | "passkey", tx: Queries, keepPasskey?: string): Promise<string> {
  await tx.run(sql`UPDATE staff_setup_links SET used_at = now() WHERE account_id = ${account.id}::uuid AND used_at IS NULL`);
  const ended = await endCredentials(account.id, tx, keepPasskey);
  const sessions = await tx.run(sql`UPDATE admin_sessions SET revoked_at = now() WHERE account_id = ${account.id}::uuid AND revoked_at IS NULL`);
  // A first set-up ends nothing: only a recovery that did is logged and told.
  if (ended.passkeys.length > 0 || ended.password === "set" || sessions > 0) {
    const actor = { accountId: account.id, name: account.name };
    await recordActivity(actor, { action: "account.recovered", target: account.email, before: { ...ended, sessions }, after: { method, sessions: 1 } }, tx);
    await queueSecurityNotice([account.email], { event: "account-recovered", accountName: account.name, accountEmail: account.email, at: new Date().toISOString(), ...whereOf(req, address) }, tx);
  }
  const { cookie } = await openSession(req, account.id, method, tx);
  return cookie;
}

/** Registers a passkey with a live link, ends every other credential and session, and signs the person in. */
export async function registerPasskeyWithLink(
  req: Request,
  token: string,
  ceremony: { ceremonyId: string; response: RegistrationResponseJSON; label: string },
  address: string,
): Promise<{ cookie: string; account: AccountRecord }> {
  return db.transaction(async (tx) => {
    const account = await linkedAccount(token, tx, true);
    const passkey = await registerPasskey(req, ceremony.ceremonyId, ceremony.response, ceremony.label, account.id, address, tx);
    return { cookie: await recover(req, address, account, "passkey", tx, passkey.id), account };
  });
}

/**
 * Sets the person's password with a live link, ends every other credential (a lost password or device
 * may be someone else's now) and every session, and signs them in: answers the session's Set-Cookie.
 */
export async function setPasswordWithLink(req: Request, token: string, password: string, address: string): Promise<{ cookie: string; account: AccountRecord }> {
  const preview = await linkedAccount(token, db, false);
  const problem = passwordProblem(password, preview.email);
  if (problem) throw new RuleBroken(problem, [{ path: "password", message: problem }]);
  const hash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const account = await linkedAccount(token, tx, true);
    const cookie = await recover(req, address, account, "password", tx);
    await setPasswordHash(account.id, hash, tx);
    const before = { password: account.hasPassword ? "set" : "none" };
    await recordActivity({ accountId: account.id, name: account.name }, { action: "account.password", target: account.email, before, after: { password: "set" } }, tx);
    return { cookie, account };
  });
}
