// What an account signs in with, and changes to it: a person changes their own password (with fresh
// proof, checked by the caller), and an owner sees any account's passkeys (label, added, last used) and
// password state and removes any of them. An owner's removal from another account needs fresh proof,
// signs that account out everywhere and tells the person by e-mail; every change is in the activity log
// with who made it.
import { db, type Queries } from "../platform/database";
import { NotFound, RuleBroken } from "../platform/errors";
import { sql } from "../platform/sql";
import { accountById, lockedAccount, setPasswordHash, type AccountRecord, type Actor } from "./accounts";
import { recordActivity } from "../audit";
import { assertAnOwnerCanSignIn, listPasskeys, removePasskey, type PasskeyView } from "./passkeys";
import { hashPassword, passwordProblem } from "./passwords";
import { queueSecurityNotice, whereOf, type Origin, type SecurityNotice } from "./securityNotices";
import { lockOwnAccount, requireFreshProof } from "./sessions";

export interface Credentials {
  hasPassword: boolean;
  passkeys: PasskeyView[];
}

export async function accountCredentials(accountId: string): Promise<Credentials> {
  const account = await accountById(accountId);
  if (!account) throw new NotFound("No such staff account.");
  return { hasPassword: account.hasPassword, passkeys: await listPasskeys(account.id) };
}

/**
 * The signed-in person's new password: refused when short or common; the account's other sessions end
 * (this one stays) and the person is told by e-mail, in the same transaction as the change.
 */
export async function changeOwnPassword(req: Request, actor: Actor, password: string, address: string): Promise<void> {
  const problem = passwordProblem(password, actor.email);
  if (problem) throw new RuleBroken(problem, [{ path: "password", message: problem }]);
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    // Locked and checked again: a recovery that committed while this waited ended the session, and wins.
    await lockOwnAccount(actor, tx);
    const account = await accountById(actor.accountId, tx);
    if (!account) throw new NotFound("No such staff account.");
    await setPasswordHash(account.id, hash, tx);
    const ended = await tx.run(sql`UPDATE admin_sessions SET revoked_at = now() WHERE account_id = ${account.id}::uuid AND id <> ${actor.sessionId} AND revoked_at IS NULL`);
    await recordActivity(actor, { action: "account.password", target: account.email, before: { password: account.hasPassword ? "set" : "none" }, after: { password: "set", otherSessionsEnded: ended } }, tx);
    await queueSecurityNotice([account.email], { event: "password-changed", accountName: account.name, accountEmail: account.email, at: new Date().toISOString(), ...whereOf(req, address) }, tx);
  });
}

/**
 * The start of an owner's change to an account's credentials, in `tx`: the account locked, and when it is
 * someone else's, fresh proof (taking another person's way in is a hand-over: "Confirm it is you").
 */
async function othersAccount(actor: Actor, accountId: string, tx: Queries): Promise<{ account: AccountRecord; other: boolean }> {
  const account = await lockedAccount(accountId, tx);
  const other = account.id !== actor.accountId;
  if (other) await requireFreshProof(actor, tx);
  return { account, other };
}

/** Signs the account out everywhere and tells the person, when an owner took a credential from someone else's account. */
async function signOutOther(actor: Actor, account: AccountRecord, notice: Pick<SecurityNotice, "event" | "label">, origin: Origin, tx: Queries): Promise<void> {
  await tx.run(sql`UPDATE admin_sessions SET revoked_at = now() WHERE account_id = ${account.id}::uuid AND revoked_at IS NULL`);
  const at = new Date().toISOString();
  await queueSecurityNotice([account.email], { ...notice, accountName: account.name, accountEmail: account.email, at, by: actor.name, ...whereOf(origin.req, origin.address) }, tx);
}

/** An owner removes a passkey of any account (a lost phone, or one an intruder added). */
export async function removeAccountPasskey(actor: Actor, accountId: string, passkeyId: string, origin: Origin): Promise<void> {
  await db.transaction(async (tx) => {
    const { account, other } = await othersAccount(actor, accountId, tx);
    const label = await removePasskey(actor, { accountId: account.id, email: account.email }, passkeyId, tx);
    if (other) await signOutOther(actor, account, { event: "passkey-removed", label }, origin, tx);
  });
}

/** An owner clears the password of any account (the person sets a new one with a set-up link). */
export async function clearAccountPassword(actor: Actor, accountId: string, origin: Origin): Promise<void> {
  await db.transaction(async (tx) => {
    const { account, other } = await othersAccount(actor, accountId, tx);
    if (!account.hasPassword) throw new NotFound("This account has no password.");
    await tx.run(sql`UPDATE staff_accounts SET password_hash = NULL WHERE id = ${account.id}::uuid`);
    await assertAnOwnerCanSignIn(account.id, tx);
    await recordActivity(actor, { action: "account.password-cleared", target: account.email, before: { password: "set" }, after: { password: "none" } }, tx);
    if (other) await signOutOther(actor, account, { event: "password-cleared" }, origin, tx);
  });
}
