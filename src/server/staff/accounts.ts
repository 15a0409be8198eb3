// Staff accounts: a name, an e-mail (unique whatever its case), a role, and a password hash or passkeys.
// The owner adds, disables and re-enables them; disabling ends the account's sessions and every credential
// at once (a re-enabled person starts again with a new set-up link, so nothing of the old account returns).
import { randomUUID } from "node:crypto";
import { db, type Queries } from "../platform/database";
import { Conflict, NotFound, RuleBroken } from "../platform/errors";
import { sql } from "../platform/sql";
import { recordActivity } from "../audit";
import { noteOwnCredential } from "./bootstrap";

export type Role = "owner" | "staff";

/** The signed-in person a request acts as. */
export interface Actor {
  accountId: string;
  name: string;
  email: string;
  role: Role;
  sessionId: string;
}

export interface Account {
  id: string;
  name: string;
  email: string;
  role: Role;
  disabled: boolean;
  hasPassword: boolean;
  passkeys: number;
  createdAt: string;
}

interface AccountRow {
  id: string;
  name: string;
  email: string;
  role: Role;
  password_hash: string | null;
  disabled_at: Date | null;
  created_at: Date;
  passkeys: number;
}

export interface AccountRecord extends Account {
  passwordHash: string | null;
}

function toRecord(row: AccountRow): AccountRecord {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    disabled: row.disabled_at !== null,
    hasPassword: row.password_hash !== null,
    passkeys: Number(row.passkeys),
    createdAt: row.created_at.toISOString(),
    passwordHash: row.password_hash,
  };
}

/** What the API shows of an account (never the hash). */
export function publicAccount({ passwordHash: _, ...account }: AccountRecord): Account {
  return account;
}

const SELECT_ACCOUNT = sql`
  SELECT a.id, a.name, a.email, a.role, a.password_hash, a.disabled_at, a.created_at,
         (SELECT count(*) FROM staff_passkeys p WHERE p.account_id = a.id)::int AS passkeys
  FROM staff_accounts a`;

function where(condition: ReturnType<typeof sql>): ReturnType<typeof sql> {
  const offset = SELECT_ACCOUNT.values.length;
  return {
    text: `${SELECT_ACCOUNT.text} WHERE ${condition.text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`)}`,
    values: [...SELECT_ACCOUNT.values, ...condition.values],
  };
}

export async function accountByEmail(email: string, on: Queries = db): Promise<AccountRecord | null> {
  const row = await on.one<AccountRow>(where(sql`lower(a.email) = lower(${email.trim()})`));
  return row ? toRecord(row) : null;
}

export async function accountById(id: string, on: Queries = db): Promise<AccountRecord | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const row = await on.one<AccountRow>(where(sql`a.id = ${id}::uuid`));
  return row ? toRecord(row) : null;
}

export async function listAccounts(): Promise<Account[]> {
  const rows = await db.all<AccountRow>({ text: `${SELECT_ACCOUNT.text} ORDER BY a.disabled_at IS NOT NULL, a.role, lower(a.name)`, values: [] });
  return rows.map((row) => publicAccount(toRecord(row)));
}

/** The first owner's account, made on first use with the e-mail the configuration names. */
export async function ensureOwnerAccount(email: string): Promise<AccountRecord> {
  await db.run(sql`
    INSERT INTO staff_accounts (id, name, email, role) VALUES (${randomUUID()}, 'Owner', ${email}, 'owner')
    ON CONFLICT (lower(email)) DO NOTHING`);
  return (await accountByEmail(email))!;
}

export interface NewAccount {
  name: string;
  email: string;
  role: Role;
}

export async function createAccount(actor: Actor, input: NewAccount, on: Queries): Promise<AccountRecord> {
  const id = randomUUID();
  const inserted = await on.run(sql`
    INSERT INTO staff_accounts (id, name, email, role) VALUES (${id}, ${input.name}, ${input.email}, ${input.role})
    ON CONFLICT (lower(email)) DO NOTHING`);
  if (!inserted) throw new Conflict("An account with this e-mail address already exists.");
  const account = (await accountById(id, on))!;
  await recordActivity(actor, { action: "account.create", target: input.email, after: snapshot(account) }, on);
  return account;
}

export interface AccountChange {
  name?: string;
  role?: Role;
  disabled?: boolean;
}

/** What the activity log keeps of an account. */
function snapshot(account: AccountRecord): Record<string, unknown> {
  return { name: account.name, email: account.email, role: account.role, disabled: account.disabled };
}

/**
 * The account, its row locked in `tx` for a change: every change to an account (a hand-over, a recovery,
 * a credential added) takes this lock first, so they happen one after the other.
 */
export async function lockedAccount(id: string, tx: Queries): Promise<AccountRecord> {
  const row = /^[0-9a-f-]{36}$/i.test(id) ? await tx.one(sql`SELECT id FROM staff_accounts WHERE id = ${id}::uuid FOR UPDATE`) : null;
  if (!row) throw new NotFound("No such staff account.");
  return (await accountById(id, tx))!;
}

/**
 * Changes an account, in `tx`. Disabling one ends its sessions in the same transaction; the last owner
 * who can sign in can be neither disabled nor made staff, so the restaurant always keeps someone who can.
 */
export async function updateAccount(actor: Actor, id: string, change: AccountChange, tx: Queries): Promise<AccountRecord> {
  const before = await lockedAccount(id, tx);
  const losesOwner = before.role === "owner" && !before.disabled && (change.disabled === true || change.role === "staff");
  if (losesOwner) {
    // Locks every owner row, so two owners demoting each other at once cannot both succeed.
    const owners = await tx.all<{ id: string }>(sql`
      SELECT id FROM staff_accounts WHERE role = 'owner' AND disabled_at IS NULL ORDER BY id FOR UPDATE`);
    if (owners.length <= 1) throw new RuleBroken("The restaurant needs at least one owner who can sign in: add or enable another owner first.");
  }
  await tx.run(sql`
    UPDATE staff_accounts SET
      name = COALESCE(${change.name ?? null}::text, name),
      role = COALESCE(${change.role ?? null}::text, role),
      disabled_at = CASE WHEN ${change.disabled ?? null}::boolean IS NULL THEN disabled_at
                         WHEN ${change.disabled ?? null}::boolean THEN COALESCE(disabled_at, now())
                         ELSE NULL END
    WHERE id = ${id}::uuid`);
  if (change.disabled === true && !before.disabled) {
    await tx.run(sql`UPDATE admin_sessions SET revoked_at = now() WHERE account_id = ${id}::uuid AND revoked_at IS NULL`);
    const ended = await endCredentials(id, tx);
    await recordActivity(actor, { action: "account.credentials-ended", target: before.email, before: ended, after: { passkeys: 0, password: "none" } }, tx);
  }
  const after = (await accountById(id, tx))!;
  await recordActivity(actor, { action: "account.update", target: after.email, before: snapshot(before), after: snapshot(after) }, tx);
  // A person with credentials made owner: the set-up password is over.
  if (after.role === "owner") await noteOwnCredential(id, tx);
  return after;
}

/** Stores a new password hash (set-up link or the person's own change), in `on`'s transaction. */
export async function setPasswordHash(accountId: string, hash: string, on: Queries): Promise<void> {
  await on.run(sql`UPDATE staff_accounts SET password_hash = ${hash} WHERE id = ${accountId}::uuid`);
  await noteOwnCredential(accountId, on);
}

/**
 * Ends every credential of the account but `keepPasskey`: the password, the passkeys, its live set-up
 * links and any passkey ceremony under way. Answers what there was, for the activity log.
 */
export async function endCredentials(accountId: string, on: Queries, keepPasskey?: string): Promise<{ passkeys: string[]; password: "set" | "none" }> {
  const passkeys = await on.all<{ label: string }>(sql`
    DELETE FROM staff_passkeys WHERE account_id = ${accountId}::uuid AND id IS DISTINCT FROM ${keepPasskey ?? null}::text RETURNING label`);
  const cleared = await on.one<{ had: boolean }>(sql`
    UPDATE staff_accounts a SET password_hash = NULL FROM (SELECT password_hash IS NOT NULL AS had FROM staff_accounts WHERE id = ${accountId}::uuid) old
    WHERE a.id = ${accountId}::uuid RETURNING old.had`);
  await on.run(sql`UPDATE staff_setup_links SET expires_at = now() WHERE account_id = ${accountId}::uuid AND used_at IS NULL AND expires_at > now()`);
  await on.run(sql`DELETE FROM webauthn_challenges WHERE account_id = ${accountId}::uuid`);
  return { passkeys: passkeys.map((row) => row.label || "Passkey"), password: cleared?.had ? "set" : "none" };
}
