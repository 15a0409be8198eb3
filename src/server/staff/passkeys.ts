// Passkeys (WebAuthn, with @simplewebauthn/server): a person registers several (phone, laptop) when
// signed in or with their set-up link, and signs in with one without typing an e-mail. Every ceremony
// requires user verification (the device's PIN, fingerprint or face), so a found key alone opens nothing.
// A passkey sign-in is never held back by password failures: it cannot be guessed, so it has no counters.
import { randomBytes } from "node:crypto";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { relyingParty } from "../platform/siteOrigin";
import { db, type Queries } from "../platform/database";
import { log } from "../platform/http";
import { sql } from "../platform/sql";
import { Conflict, InvalidRequest, NotFound, RuleBroken, Unauthenticated } from "../platform/errors";
import { accountById, type AccountRecord, type Actor } from "./accounts";
import { recordActivity, type ActivityActor } from "../audit";
import { noteOwnCredential } from "./bootstrap";
import { queueSecurityNotice } from "./securityNotices";
import { lockOwnAccount, openSession } from "./sessions";

const CEREMONY_LIFETIME_MS = 5 * 60 * 1000;
const RP_NAME = "Jealous Fork console";


export interface PasskeyView {
  id: string;
  label: string;
  createdAt: string;
  lastUsedAt: string | null;
}

async function storeChallenge(purpose: "register" | "sign-in", accountId: string | null, challenge: string, on: Queries = db): Promise<string> {
  const id = randomBytes(18).toString("base64url");
  await on.run(sql`
    INSERT INTO webauthn_challenges (id, purpose, account_id, challenge, expires_at)
    VALUES (${id}, ${purpose}, ${accountId}::uuid, ${challenge}, ${new Date(Date.now() + CEREMONY_LIFETIME_MS)})`);
  return id;
}

/** Takes the ceremony's challenge, once: a second answer with the same ceremony finds nothing. */
async function takeChallenge(id: string, purpose: "register" | "sign-in", on: Queries = db): Promise<{ challenge: string; accountId: string | null }> {
  const row = await on.one<{ challenge: string; account_id: string | null }>(sql`
    DELETE FROM webauthn_challenges WHERE id = ${id} AND purpose = ${purpose} AND expires_at > ${new Date()}
    RETURNING challenge, account_id`);
  if (!row) throw new InvalidRequest("This passkey request has expired. Please try again.");
  return { challenge: row.challenge, accountId: row.account_id };
}

function uuidBytes(id: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(Buffer.from(id.replace(/-/g, ""), "hex"));
}

/** Options for registering another passkey of the account (its existing ones are excluded). */
export async function registrationOptions(req: Request, account: AccountRecord): Promise<{ ceremonyId: string; options: PublicKeyCredentialCreationOptionsJSON }> {
  const existing = await db.all<{ id: string; transports: string[] }>(sql`SELECT id, transports FROM staff_passkeys WHERE account_id = ${account.id}::uuid`);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: relyingParty(req).rpID,
    userName: account.email,
    userDisplayName: account.name,
    userID: uuidBytes(account.id),
    attestationType: "none",
    excludeCredentials: existing.map((passkey) => ({ id: passkey.id, transports: passkey.transports })),
    // Discoverable, so signing in needs no e-mail typed.
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  return { ceremonyId: await storeChallenge("register", account.id, options.challenge), options };
}

/**
 * Verifies a registration and stores the passkey for the account the ceremony was started for
 * (`expectAccountId` must match it), in `on`'s transaction with its activity row and the e-mail that
 * tells the person ("A passkey was added to your account", with when and from where: `address`).
 */
export async function registerPasskey(
  req: Request,
  ceremonyId: string,
  response: RegistrationResponseJSON,
  label: string,
  expectAccountId: string,
  address: string,
  on: Queries,
): Promise<PasskeyView> {
  const { challenge, accountId } = await takeChallenge(ceremonyId, "register", on);
  if (accountId !== expectAccountId) throw new InvalidRequest("This passkey request belongs to another account.");
  const { rpID, origin } = relyingParty(req);
  const verification = await verifyRegistrationResponse({ response, expectedChallenge: challenge, expectedOrigin: origin, expectedRPID: rpID, requireUserVerification: true }).catch(
    (error: unknown) => {
      log("warn", "passkey registration refused", { error: error instanceof Error ? error.message : String(error) });
      return { verified: false as const };
    },
  );
  if (!verification.verified) throw new InvalidRequest("The passkey could not be verified. Please try again.");
  const { credential } = verification.registrationInfo;
  const now = new Date();
  const inserted = await on.run(sql`
    INSERT INTO staff_passkeys (id, account_id, public_key, counter, transports, label, created_at)
    VALUES (${credential.id}, ${expectAccountId}::uuid, decode(${Buffer.from(credential.publicKey).toString("base64")}, 'base64'), ${credential.counter}, ${credential.transports ?? []}, ${label}, ${now})
    ON CONFLICT (id) DO NOTHING`);
  if (!inserted) throw new Conflict("This passkey is registered already.");
  const account = (await accountById(expectAccountId, on))!;
  await recordActivity({ accountId: account.id, name: account.name }, { action: "account.passkey-added", target: account.email, after: { label } }, on);
  await noteOwnCredential(account.id, on);
  const where = { userAgent: (req.headers.get("user-agent") ?? "").slice(0, 200), address };
  await queueSecurityNotice([account.email], { event: "passkey-added", accountName: account.name, accountEmail: account.email, at: now.toISOString(), label, ...where }, on);
  return { id: credential.id, label, createdAt: now.toISOString(), lastUsedAt: null };
}

/**
 * The signed-in person registers a passkey for their own account. The account row is locked first and
 * the session checked again under the lock, so a recovery that committed while this waited wins.
 */
export async function addOwnPasskey(req: Request, actor: Actor, ceremony: { ceremonyId: string; response: RegistrationResponseJSON; label: string }, address: string): Promise<PasskeyView> {
  return db.transaction(async (tx) => {
    await lockOwnAccount(actor, tx);
    return registerPasskey(req, ceremony.ceremonyId, ceremony.response, ceremony.label, actor.accountId, address, tx);
  });
}

/** Options for signing in with any passkey of this site (the browser offers the person's own). */
export async function signInOptions(req: Request): Promise<{ ceremonyId: string; options: PublicKeyCredentialRequestOptionsJSON }> {
  const options = await generateAuthenticationOptions({ rpID: relyingParty(req).rpID, userVerification: "required" });
  return { ceremonyId: await storeChallenge("sign-in", null, options.challenge), options };
}

const NOT_RECOGNISED = "This passkey is not recognised. Sign in with your password, or ask the owner for a set-up link.";

/** Verifies a passkey sign-in and opens a session: answers the account and the Set-Cookie value. */
export async function signInWithPasskey(req: Request, ceremonyId: string, response: AuthenticationResponseJSON): Promise<{ account: AccountRecord; cookie: string }> {
  const { challenge } = await takeChallenge(ceremonyId, "sign-in");
  const passkey = await db.one<{ id: string; account_id: string; public_key: Buffer; counter: string; transports: string[] }>(sql`
    SELECT id, account_id, public_key, counter, transports FROM staff_passkeys WHERE id = ${response.id}`);
  const account = passkey ? await accountById(passkey.account_id) : null;
  if (!passkey || !account || account.disabled) throw new Unauthenticated(NOT_RECOGNISED);
  const { rpID, origin } = relyingParty(req);
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: { id: passkey.id, publicKey: Uint8Array.from(passkey.public_key), counter: Number(passkey.counter), transports: passkey.transports },
    requireUserVerification: true,
  }).catch((error: unknown) => {
    log("warn", "passkey sign-in refused", { error: error instanceof Error ? error.message : String(error) });
    return { verified: false, authenticationInfo: undefined };
  });
  if (!verification.verified || !verification.authenticationInfo) throw new Unauthenticated(NOT_RECOGNISED);
  const newCounter = verification.authenticationInfo.newCounter;
  const cookie = await db.transaction(async (tx) => {
    await tx.run(sql`UPDATE staff_passkeys SET counter = ${newCounter}, last_used_at = now() WHERE id = ${passkey.id}`);
    const opened = await openSession(req, account.id, "passkey", tx);
    await recordActivity({ accountId: account.id, name: account.name }, { action: "sign-in", target: account.email, after: { method: "passkey" } }, tx);
    return opened.cookie;
  });
  log("info", "admin signed in", { method: "passkey" });
  return { account, cookie };
}

export async function listPasskeys(accountId: string): Promise<PasskeyView[]> {
  const rows = await db.all<{ id: string; label: string; created_at: Date; last_used_at: Date | null }>(sql`
    SELECT id, label, created_at, last_used_at FROM staff_passkeys WHERE account_id = ${accountId}::uuid ORDER BY created_at`);
  return rows.map((row) => ({ id: row.id, label: row.label, createdAt: row.created_at.toISOString(), lastUsedAt: row.last_used_at?.toISOString() ?? null }));
}

/**
 * Removes a passkey of the account (the person's own, or an owner's doing: `actor` says who), with its
 * activity row, in `on` (its own transaction if none). The last credential of the last owner who can sign
 * in stays: the restaurant keeps a way in. Answers the passkey's label.
 */
export async function removePasskey(actor: ActivityActor, account: { accountId: string; email: string }, id: string, on?: Queries): Promise<string> {
  if (!on) return db.transaction((tx) => removePasskey(actor, account, id, tx));
  const removed = await on.one<{ label: string }>(sql`DELETE FROM staff_passkeys WHERE id = ${id} AND account_id = ${account.accountId}::uuid RETURNING label`);
  if (!removed) throw new NotFound("No such passkey.");
  await assertAnOwnerCanSignIn(account.accountId, on);
  await recordActivity(actor, { action: "account.passkey-removed", target: account.email, before: { label: removed.label } }, on);
  return removed.label;
}

/** Refuses (422) taking a credential from an enabled owner when it leaves no enabled owner with a password or passkey. */
export async function assertAnOwnerCanSignIn(accountId: string, on: Queries): Promise<void> {
  const owner = await on.one(sql`SELECT 1 FROM staff_accounts WHERE id = ${accountId}::uuid AND role = 'owner' AND disabled_at IS NULL`);
  if (!owner) return;
  const row = await on.one(sql`
    SELECT 1 FROM staff_accounts a WHERE a.role = 'owner' AND a.disabled_at IS NULL
      AND (a.password_hash IS NOT NULL OR EXISTS (SELECT 1 FROM staff_passkeys p WHERE p.account_id = a.id))`);
  if (!row) throw new RuleBroken("The restaurant needs at least one owner who can sign in: add another passkey or password first.");
}
