// The second step's one-time codes (./signInSteps says when it is asked): 6 digits e-mailed to the
// person, working once, for 10 minutes, at most 5 tries. The browser holds a random challenge; the table
// keeps a hash of it and a keyed hash of the code, never either. Entering codes is limited per network (its
// /64 and /48) and per pair of account and network, never per account, so a stranger's tries never end the person's own code.
import { randomBytes, randomInt } from "node:crypto";
import { adminConfig, safeEqual, sign } from "./adminSession";
import { db, type Queries } from "../platform/database";
import { TooManyAttempts, Unauthenticated } from "../platform/errors";
import { log } from "../platform/http";
import { clientKey, consumeRateLimit, countAttempt } from "../platform/rateLimit";
import { sql } from "../platform/sql";
import { recordActivity } from "../audit";
import { mailConfigured } from "../mail";
import { accountById, type Actor, type AccountRecord } from "./accounts";
import { whereOf } from "./securityNotices";
import { hashToken, openSession, type SignInMethod } from "./sessions";
import { clearAccountFailures } from "./signInAlarm";
import { deviceCookie, rememberNetwork } from "./signInSteps";

export const CODE_LIFETIME_MS = 10 * 60 * 1000;
export const CODE_TRIES = 5;
/** Codes e-mailed to one account and not used, in an hour: a stranger who knows the password cannot flood the inbox. */
export const CODE_MAILS_PER_HOUR = 10;
/** Codes entered per hour from one network (any account), and per pair of account and network. */
export const CODE_ENTRIES_PER_NETWORK = 30;
export const CODE_ENTRIES_PER_PAIR = 10;
const HOUR_MS = 60 * 60 * 1000;

/** The event of a code's e-mail in the outbox (a staff security notice; ../mail/signInCodeMail words it). */
export const SIGN_IN_CODE_EVENT = "sign-in-code";

export interface SecondStep {
  /** Sent back with the code: which sign-in the code finishes. */
  challenge: string;
  /** Whether the code was e-mailed (mail is set up); if not, only a passkey or a known browser signs in. */
  emailed: boolean;
  /** Whether the account has a passkey, the other way through the step. */
  passkey: boolean;
  expiresAt: string;
}

export interface CodeSignIn {
  actor: Omit<Actor, "sessionId">;
  cookies: string[];
}

const ENDED = "This code has run out or was already used. Sign in with your password again for a new code, or use a passkey.";

const codeHash = (secret: string, challengeId: string, code: string) => sign(secret, `sign-in-code:${challengeId}:${code}`);

/**
 * Starts the second step after a right password: a new code for this sign-in (earlier ones keep their own
 * 10 minutes), e-mailed to the person in the same transaction. Without mail set up no code is made: the
 * answer says so, and a passkey or a known browser is the way in.
 */
export async function startSecondStep(req: Request, account: AccountRecord, method: SignInMethod, address: string, now = Date.now()): Promise<SecondStep> {
  const unused = await db.one<{ count: number; oldest: Date | null }>(sql`
    SELECT count(*)::int AS count, min(created_at) AS oldest FROM staff_sign_in_codes
    WHERE account_id = ${account.id}::uuid AND used_at IS NULL AND NOT decoy AND created_at > ${new Date(now - HOUR_MS)}`);
  if (unused && unused.count >= CODE_MAILS_PER_HOUR) {
    const wait = (unused.oldest ?? new Date(now)).getTime() + HOUR_MS - now;
    throw new TooManyAttempts("Many sign-in codes were sent for this account this hour. Use a passkey or a browser you signed in with before, or try again later.", wait / 1000);
  }
  const { secret } = await adminConfig();
  const challenge = randomBytes(32).toString("base64url");
  const id = hashToken(challenge);
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const expiresAt = new Date(now + CODE_LIFETIME_MS);
  const emailed = mailConfigured();
  if (emailed) {
    await db.transaction(async (tx) => {
      await tx.run(sql`
        INSERT INTO staff_sign_in_codes (id, account_id, code_hash, method, created_at, expires_at)
        VALUES (${id}, ${account.id}::uuid, ${codeHash(secret, id, code)}, ${method}, ${new Date(now)}, ${expiresAt})`);
      await queueCodeMail(tx, req, account, address, code, now, expiresAt);
    });
  }
  log("info", "admin sign-in asked for the second step", { codeSent: emailed });
  return { challenge, emailed, passkey: account.passkeys > 0, expiresAt: expiresAt.toISOString() };
}

/**
 * The second step's answer to a stranger's wrong password after the alarm: the same shape, status and work
 * as a right one's (a code row written), but the code is a random hash nothing matches and no e-mail goes,
 * so the answer tells nothing of the password. Its tries end as a real code's do.
 */
export async function decoySecondStep(account: AccountRecord, now = Date.now()): Promise<SecondStep> {
  await db.one(sql`
    SELECT count(*)::int AS count FROM staff_sign_in_codes
    WHERE account_id = ${account.id}::uuid AND used_at IS NULL AND NOT decoy AND created_at > ${new Date(now - HOUR_MS)}`);
  const challenge = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now + CODE_LIFETIME_MS);
  const emailed = mailConfigured();
  if (emailed) {
    await db.run(sql`
      INSERT INTO staff_sign_in_codes (id, account_id, code_hash, method, created_at, expires_at, decoy)
      VALUES (${hashToken(challenge)}, ${account.id}::uuid, ${randomBytes(32).toString("base64url")}, 'password', ${new Date(now)}, ${expiresAt}, true)`);
  }
  return { challenge, emailed, passkey: account.passkeys > 0, expiresAt: expiresAt.toISOString() };
}

/** The code's e-mail, as a security notice: the code is its `token`, kept only until it is sent and never shown in the console. */
async function queueCodeMail(on: Queries, req: Request, account: AccountRecord, address: string, code: string, now: number, expiresAt: Date): Promise<void> {
  const payload = {
    event: SIGN_IN_CODE_EVENT,
    accountName: account.name,
    accountEmail: account.email,
    at: new Date(now).toISOString(),
    ...whereOf(req, address),
    expiresAt: expiresAt.toISOString(),
    token: code,
  };
  await on.run(sql`
    INSERT INTO mail_outbox (kind, dedupe_key, recipient, payload)
    VALUES ('staff_security_notice', ${`staff_security_notice:${SIGN_IN_CODE_EVENT}:${randomBytes(16).toString("hex")}`}, ${account.email}, ${JSON.stringify(payload)}::jsonb)`);
}

const TOO_MANY_CODES = "Too many codes were tried from here. Please wait and try again, or sign in with a passkey.";

async function limitEntries(bucket: string, client: string, limit: number, now: number): Promise<void> {
  const row = await countAttempt(bucket, client, HOUR_MS, now);
  if (row.count > limit) {
    throw new TooManyAttempts(TOO_MANY_CODES, (row.window_start.getTime() + HOUR_MS - now) / 1000);
  }
}

interface CodeRow {
  account_id: string;
  code_hash: string;
  method: "password" | "setup-password";
  tries: number;
  expires_at: Date;
  used_at: Date | null;
}

/**
 * Finishes the second step with the e-mailed code: the right one, in time and within its tries, opens a
 * session and marks the browser and the network as the account's own. A wrong one uses up a try; the
 * fifth ends the code.
 */
export async function finishSecondStep(req: Request, address: string, challenge: string, code: string, now = Date.now()): Promise<CodeSignIn> {
  // Per network: its /64 (or IPv4 address) and its /48 (or /24), counted together.
  const network = await consumeRateLimit({ bucket: "sign-in-code-network", limit: CODE_ENTRIES_PER_NETWORK, windowMs: HOUR_MS }, address, now);
  if (!network.allowed) throw new TooManyAttempts(TOO_MANY_CODES, network.retryAfterSeconds);
  const id = hashToken(challenge);
  const { secret } = await adminConfig();
  const outcome = await db.transaction(async (tx) => {
    const row = await tx.one<CodeRow>(sql`
      SELECT account_id, code_hash, method, tries, expires_at, used_at FROM staff_sign_in_codes WHERE id = ${id} FOR UPDATE`);
    if (!row) return { kind: "ended" } as const;
    await limitEntries("sign-in-code-pair", hashToken(`${row.account_id}:${clientKey(address)}`).slice(0, 32), CODE_ENTRIES_PER_PAIR, now);
    if (row.used_at || row.expires_at.getTime() <= now || row.tries >= CODE_TRIES) return { kind: "ended" } as const;
    if (!safeEqual(codeHash(secret, id, code), row.code_hash)) {
      const tries = row.tries + 1;
      await tx.run(sql`UPDATE staff_sign_in_codes SET tries = ${tries} WHERE id = ${id}`);
      return { kind: "wrong", left: CODE_TRIES - tries } as const;
    }
    await tx.run(sql`UPDATE staff_sign_in_codes SET used_at = ${new Date(now)} WHERE id = ${id}`);
    return { kind: "right", accountId: row.account_id, method: row.method } as const;
  });
  if (outcome.kind === "ended") throw new Unauthenticated(ENDED);
  if (outcome.kind === "wrong") {
    log("warn", "admin sign-in code wrong");
    throw new Unauthenticated(outcome.left > 0 ? `That code is not right. ${outcome.left} ${outcome.left === 1 ? "try" : "tries"} left.` : `That code is not right, and it has now ended. ${ENDED}`);
  }
  const account = await accountById(outcome.accountId);
  if (!account || account.disabled) throw new Unauthenticated(ENDED);
  await clearAccountFailures(account);
  const session = await db.transaction(async (tx) => {
    const opened = await openSession(req, account.id, outcome.method, tx);
    await rememberNetwork(account.id, address, tx, now);
    await recordActivity({ accountId: account.id, name: account.name }, { action: "sign-in", target: account.email, after: { method: outcome.method, secondStep: "e-mailed code" } }, tx);
    return opened;
  });
  log("info", "admin signed in", { method: outcome.method, secondStep: true });
  return {
    actor: { accountId: account.id, name: account.name, email: account.email, role: account.role },
    cookies: [session.cookie, deviceCookie(req, secret, account.id)],
  };
}
