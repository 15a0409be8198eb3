// An owner's hand-overs: what gives someone a way into an account, or more power, or takes a person's way
// in. Each needs a sign-in of the last 5 minutes ("Confirm it is you", 403 otherwise, changing nothing), so
// a session left open on a shared tablet cannot take an account over; each is in the activity log and
// e-mailed to the person (and, for an owner's rights, to every owner) in the change's own transaction.
// An owner's set-up link goes by e-mail only: whoever holds a session never holds the owner's way in.
import { db, type Queries } from "../platform/database";
import { Conflict } from "../platform/errors";
import { sql } from "../platform/sql";
import { mailConfigured } from "../mail";
import { createAccount, lockedAccount, publicAccount, updateAccount, type Account, type AccountChange, type AccountRecord, type Actor, type NewAccount } from "./accounts";
import { createSetupLink } from "./setupLinks";
import { ownerAddresses, queueSecurityNotice, whereOf, type Origin, type SecurityEvent } from "./securityNotices";
import { requireFreshProof } from "./sessions";

/** A set-up link as the owner's console gets it: `path` is null when it went by e-mail only. */
export interface SetupLinkAnswer {
  path: string | null;
  expiresAt: string;
  emailed: boolean;
}

const OWNER_LINK_NEEDS_MAIL =
  "An owner's set-up link is only sent by e-mail, and mail is not set up on this site (SMTP_URL). Set up mail first; meanwhile an owner adds a passkey or a new password in the Sessions tab.";

/** A new link for the account in `tx`; an owner's (the caller's own included) is e-mailed only. */
async function handOverLink(actor: Actor, account: AccountRecord, tx: Queries): Promise<SetupLinkAnswer> {
  const emailOnly = account.role === "owner" || account.id === actor.accountId;
  if (emailOnly && !mailConfigured()) throw new Conflict(OWNER_LINK_NEEDS_MAIL);
  const link = await createSetupLink(actor, account, tx);
  return { path: emailOnly ? null : link.path, expiresAt: link.expiresAt, emailed: link.emailed };
}

async function tell(event: SecurityEvent, actor: Actor, account: AccountRecord, origin: Origin, tx: Queries, owners: boolean, person = true): Promise<void> {
  const recipients = [...(person ? [account.email] : []), ...(owners ? await ownerAddresses(tx) : [])];
  const notice = { event, accountName: account.name, accountEmail: account.email, at: new Date().toISOString(), by: actor.name, ...whereOf(origin.req, origin.address) };
  await queueSecurityNotice(recipients, notice, tx);
}

/** Adds a person with their set-up link; a new owner is told to every owner. */
export async function addPerson(actor: Actor, input: NewAccount, origin: Origin): Promise<{ account: Account; setupLink: SetupLinkAnswer }> {
  return db.transaction(async (tx) => {
    await requireFreshProof(actor, tx);
    const account = await createAccount(actor, input, tx);
    const setupLink = await handOverLink(actor, account, tx);
    // The new owner hears from the link's own e-mail.
    if (account.role === "owner") await tell("made-owner", actor, account, origin, tx, true, false);
    return { account: publicAccount(account), setupLink };
  });
}

/** A new set-up link for an enabled account (its earlier ones end). */
export async function makeSetupLink(actor: Actor, id: string): Promise<SetupLinkAnswer> {
  return db.transaction(async (tx) => {
    await requireFreshProof(actor, tx);
    const account = await lockedAccount(id, tx);
    if (account.disabled) throw new Conflict("Enable the account before making a set-up link for it.");
    return handOverLink(actor, account, tx);
  });
}

async function endLiveLinks(accountId: string, tx: Queries): Promise<void> {
  await tx.run(sql`UPDATE staff_setup_links SET expires_at = now() WHERE account_id = ${accountId}::uuid AND used_at IS NULL AND expires_at > now()`);
}

/** Whether a change hands power or a way in over: a role changed, an owner disabled, an account enabled again (with a new link). */
function handsOver(before: AccountRecord, change: AccountChange): boolean {
  if (change.role !== undefined && change.role !== before.role) return true;
  if (change.disabled === true) return !before.disabled && before.role === "owner";
  return change.disabled === false && before.disabled;
}

/**
 * Changes an account. A hand-over needs fresh proof and tells the person and the owners; re-enabling
 * answers the person's new set-up link, in the same transaction.
 */
export async function changeAccount(actor: Actor, id: string, change: AccountChange, origin: Origin): Promise<{ account: Account; setupLink?: SetupLinkAnswer }> {
  return db.transaction(async (tx) => {
    const before = await lockedAccount(id, tx);
    if (handsOver(before, change)) await requireFreshProof(actor, tx);
    const after = await updateAccount(actor, id, change, tx);
    // A link shown in the console while the person was staff does not open an owner's account.
    if (after.role === "owner" && before.role !== "owner") await endLiveLinks(after.id, tx);
    if (after.role !== before.role) await tell(after.role === "owner" ? "made-owner" : "made-staff", actor, after, origin, tx, true);
    if (after.disabled && !before.disabled && before.role === "owner") await tell("account-disabled", actor, after, origin, tx, true);
    if (before.disabled && !after.disabled) return { account: publicAccount(after), setupLink: await handOverLink(actor, after, tx) };
    return { account: publicAccount(after) };
  });
}
