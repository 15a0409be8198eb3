// Diners' passkeys (WebAuthn, @simplewebauthn/server, the staff's relying party): discoverable, so signing
// in needs no e-mail typed (the browser offers them in the e-mail field's autofill), and every ceremony
// requires user verification (the device's PIN, fingerprint or face), so a found phone alone opens nothing.
// A diner adds one only with fresh proof (./sessions), and hears of it by e-mail.
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
import { Conflict, InvalidRequest, NotFound, said, Unauthenticated } from "../platform/errors";
import { queueDinerMail } from "./mail";
import { openDinerSession, type Diner } from "./sessions";
import type { Locale } from "../../domain/i18n/locales";

const CEREMONY_LIFETIME_MS = 5 * 60 * 1000;
const RP_NAME = "Jealous Fork";

export interface DinerPasskeyView {
  id: string;
  label: string;
  createdAt: string;
  lastUsedAt: string | null;
}

async function storeChallenge(purpose: "register" | "sign-in", accountId: string | null, challenge: string): Promise<string> {
  const id = randomBytes(18).toString("base64url");
  await db.run(sql`
    INSERT INTO diner_webauthn_challenges (id, purpose, account_id, challenge, expires_at)
    VALUES (${id}, ${purpose}, ${accountId}::uuid, ${challenge}, ${new Date(Date.now() + CEREMONY_LIFETIME_MS)})`);
  return id;
}

/** Takes the ceremony's challenge, once: a second answer with the same ceremony finds nothing. */
async function takeChallenge(id: string, purpose: "register" | "sign-in", on: Queries = db): Promise<{ challenge: string; accountId: string | null }> {
  const row = await on.one<{ challenge: string; account_id: string | null }>(sql`
    DELETE FROM diner_webauthn_challenges WHERE id = ${id} AND purpose = ${purpose} AND expires_at > ${new Date()}
    RETURNING challenge, account_id`);
  if (!row) throw new InvalidRequest(said("account_passkey_expired"));
  return { challenge: row.challenge, accountId: row.account_id };
}

export function uuidBytes(id: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(Buffer.from(id.replace(/-/g, ""), "hex"));
}

/** Options for adding a passkey to the diner's account (their existing ones are excluded). */
export async function dinerRegistrationOptions(req: Request, diner: Diner): Promise<{ ceremonyId: string; options: PublicKeyCredentialCreationOptionsJSON }> {
  const existing = await db.all<{ id: string; transports: string[] }>(sql`SELECT id, transports FROM diner_passkeys WHERE account_id = ${diner.accountId}::uuid`);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: relyingParty(req).rpID,
    userName: diner.email,
    userDisplayName: diner.name || diner.email,
    userID: uuidBytes(diner.accountId),
    attestationType: "none",
    excludeCredentials: existing.map((passkey) => ({ id: passkey.id, transports: passkey.transports })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  return { ceremonyId: await storeChallenge("register", diner.accountId, options.challenge), options };
}

/** Verifies a registration and stores the passkey, with the e-mail that tells the diner, in one transaction. */
export async function addDinerPasskey(req: Request, diner: Diner, ceremony: { ceremonyId: string; response: RegistrationResponseJSON; label: string }, locale: Locale): Promise<DinerPasskeyView> {
  return db.transaction(async (tx) => {
    const { challenge, accountId } = await takeChallenge(ceremony.ceremonyId, "register", tx);
    if (accountId !== diner.accountId) throw new InvalidRequest(said("account_passkey_expired"));
    const { rpID, origin } = relyingParty(req);
    const verification = await verifyRegistrationResponse({
      response: ceremony.response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    }).catch((error: unknown) => {
      log("warn", "diner passkey registration refused", { error: error instanceof Error ? error.message : String(error) });
      return { verified: false as const };
    });
    if (!verification.verified) throw new InvalidRequest(said("account_passkey_unverified"));
    const { credential } = verification.registrationInfo;
    const now = new Date();
    const inserted = await tx.run(sql`
      INSERT INTO diner_passkeys (id, account_id, public_key, counter, transports, label, created_at)
      VALUES (${credential.id}, ${diner.accountId}::uuid, decode(${Buffer.from(credential.publicKey).toString("base64")}, 'base64'), ${credential.counter},
              ${credential.transports ?? []}, ${ceremony.label}, ${now})
      ON CONFLICT (id) DO NOTHING`);
    if (!inserted) throw new Conflict(said("account_passkey_exists"));
    const userAgent = (req.headers.get("user-agent") ?? "").slice(0, 200);
    await queueDinerMail(tx, { kind: "diner_passkey_added", recipient: diner.email, locale, payload: { name: diner.name, label: ceremony.label, at: now.toISOString(), userAgent } });
    return { id: credential.id, label: ceremony.label, createdAt: now.toISOString(), lastUsedAt: null };
  });
}

/** Options for signing in with any diner passkey of this site (the browser offers the diner's own in the e-mail field). */
export async function dinerSignInOptions(req: Request): Promise<{ ceremonyId: string; options: PublicKeyCredentialRequestOptionsJSON }> {
  const options = await generateAuthenticationOptions({ rpID: relyingParty(req).rpID, userVerification: "required" });
  return { ceremonyId: await storeChallenge("sign-in", null, options.challenge), options };
}

/** Verifies a passkey sign-in and opens a session: answers the account's id and the Set-Cookie value. */
export async function signInDinerWithPasskey(req: Request, ceremonyId: string, response: AuthenticationResponseJSON): Promise<{ accountId: string; cookie: string }> {
  const { challenge } = await takeChallenge(ceremonyId, "sign-in");
  const passkey = await db.one<{ id: string; account_id: string; public_key: Buffer; counter: string; transports: string[] }>(sql`
    SELECT id, account_id, public_key, counter, transports FROM diner_passkeys WHERE id = ${response.id}`);
  if (!passkey) throw new Unauthenticated(said("account_passkey_unknown"));
  const { rpID, origin } = relyingParty(req);
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: { id: passkey.id, publicKey: Uint8Array.from(passkey.public_key), counter: Number(passkey.counter), transports: passkey.transports },
    requireUserVerification: true,
  }).catch((error: unknown) => {
    log("warn", "diner passkey sign-in refused", { error: error instanceof Error ? error.message : String(error) });
    return { verified: false, authenticationInfo: undefined };
  });
  if (!verification.verified || !verification.authenticationInfo) throw new Unauthenticated(said("account_passkey_unknown"));
  const newCounter = verification.authenticationInfo.newCounter;
  const cookie = await db.transaction(async (tx) => {
    await tx.run(sql`UPDATE diner_passkeys SET counter = ${newCounter}, last_used_at = now() WHERE id = ${passkey.id}`);
    return openDinerSession(req, passkey.account_id, "passkey", tx);
  });
  log("info", "diner signed in", { method: "passkey" });
  return { accountId: passkey.account_id, cookie };
}

export async function listDinerPasskeys(accountId: string): Promise<DinerPasskeyView[]> {
  const rows = await db.all<{ id: string; label: string; created_at: Date; last_used_at: Date | null }>(sql`
    SELECT id, label, created_at, last_used_at FROM diner_passkeys WHERE account_id = ${accountId}::uuid ORDER BY created_at`);
  return rows.map((row) => ({ id: row.id, label: row.label, createdAt: row.created_at.toISOString(), lastUsedAt: row.last_used_at?.toISOString() ?? null }));
}

/** Removes one of the diner's passkeys. The last may go too: the e-mailed link always lets them back in. */
export async function removeDinerPasskey(diner: Diner, id: string): Promise<void> {
  const removed = await db.run(sql`DELETE FROM diner_passkeys WHERE id = ${id} AND account_id = ${diner.accountId}::uuid`);
  if (!removed) throw new NotFound(said("account_not_found"));
}
