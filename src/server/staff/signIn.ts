// Signing in with an e-mail and password: the attempt is counted before the password is compared, for the
// pair of account and network and for the network (./signInLimits); a wrong password for an account also
// counts towards its alarm (./signInAlarm), never a lock. The first owner may use the set-up password until
// an owner has had credentials of their own (./bootstrap); a success opens a fresh session and marks the
// browser and its network as known to the account. After the account's alarm, a right password from a
// stranger's browser and network asks for the second step instead (./signInSteps, ./signInCodes), and a
// wrong one is answered the same way (a decoy step, no e-mail), so the answer is no password oracle.
import { adminConfig } from "./adminSession";
import { db } from "../platform/database";
import { Unauthenticated } from "../platform/errors";
import { log } from "../platform/http";
import { accountByEmail, ensureOwnerAccount, type Actor, type AccountRecord } from "./accounts";
import { recordActivity } from "../audit";
import { openSession, type SignInMethod } from "./sessions";
import { deviceLimit, releaseAttempt, reserveAttempt, strangerLimits, type LimitKey } from "./signInLimits";
import { clearAccountFailures, countAccountFailure } from "./signInAlarm";
import { isSetupPassword, ownerHasOwnCredentials } from "./bootstrap";
import { verifyAgainstDecoy, verifyPassword } from "./passwords";
import { deviceCookie, deviceOf, needsSecondStep, ownBlock, rememberNetwork } from "./signInSteps";
import { decoySecondStep, startSecondStep, type SecondStep } from "./signInCodes";

export const WRONG_CREDENTIALS = "Wrong e-mail or password. Please try again.";

export interface SignedIn {
  secondStep?: undefined;
  actor: Omit<Actor, "sessionId">;
  /** Set-Cookie values: the session, and the known-browser mark. */
  cookies: string[];
}

/** The password was right, but this stranger's browser must pass the second step first. */
export interface SecondStepAsked {
  secondStep: SecondStep;
}

/**
 * Whether the password opens the account, and how: the set-up password only for the first owner while no
 * owner has had credentials of their own. Every path compares one slow hash, so the time an answer takes
 * tells nothing of the account or of the console's set-up.
 */
async function check(account: AccountRecord | null, password: string, config: { ownerEmail: string; setupPassword: string | undefined; secret: string }): Promise<SignInMethod | undefined> {
  if (!account || account.disabled) return verifyAgainstDecoy(password).then(() => undefined);
  if (account.passwordHash) return (await verifyPassword(password, account.passwordHash)) ? "password" : undefined;
  const firstOwner = account.role === "owner" && account.email.toLowerCase() === config.ownerEmail.toLowerCase();
  if (firstOwner && config.setupPassword !== undefined && !(await ownerHasOwnCredentials())) {
    return (await isSetupPassword(password, config.setupPassword, config.secret)) ? "setup-password" : undefined;
  }
  return verifyAgainstDecoy(password).then(() => undefined);
}

/**
 * Signs in with an e-mail (the first owner's when none is given, as the console's set-up sign-in sent
 * only a password) and a password. Answers 401 alike for an unknown e-mail, a disabled account and a
 * wrong password; 429 with Retry-After while this network (for the account, or at all) or the browser must
 * wait. Other networks' failures never refuse the right password.
 */
export async function signInWithPassword(req: Request, ip: string, email: string | undefined, password: string): Promise<SignedIn | SecondStepAsked> {
  const config = await adminConfig();
  const address = (email ?? config.ownerEmail).trim();
  const account = address.toLowerCase() === config.ownerEmail.toLowerCase() ? await ensureOwnerAccount(config.ownerEmail) : await accountByEmail(address);
  const device = deviceOf(req, config.secret);
  const keys: LimitKey[] = device && account && device.accountId === account.id ? [deviceLimit(device.id)] : strangerLimits(address, ip, await ownBlock(account, ip));
  await reserveAttempt(keys);
  const method = await check(account, password, config);
  if (!method || !account) {
    // A failure is counted by the limiter and the alarm, not the activity log: anyone may try, and the log is the staff's doing.
    await countAccountFailure(address, account);
    log("warn", "admin sign-in failed");
    // After the alarm a stranger meets the step whatever the password: the same status, shape and work.
    if (account && !account.disabled && (await needsSecondStep(req, account, device, ip))) return { secondStep: await decoySecondStep(account) };
    throw new Unauthenticated(WRONG_CREDENTIALS);
  }
  await releaseAttempt(keys);
  // Asked only now the password is right: a wrong guess is answered alike whether the step is on or not.
  if (await needsSecondStep(req, account, device, ip)) return { secondStep: await startSecondStep(req, account, method, ip) };
  await clearAccountFailures(account);
  const session = await db.transaction(async (tx) => {
    const opened = await openSession(req, account.id, method, tx);
    await rememberNetwork(account.id, ip, tx);
    await recordActivity({ accountId: account.id, name: account.name }, { action: "sign-in", target: account.email, after: { method } }, tx);
    return opened;
  });
  log("info", "admin signed in", { method });
  return {
    actor: { accountId: account.id, name: account.name, email: account.email, role: account.role },
    cookies: [session.cookie, deviceCookie(req, config.secret, account.id)],
  };
}
