// Whether a right password opens a session at once or asks for a second step first. Once an account's
// failures in a row reached the alarm (./signInAlarm), and until a day passes without a failure, a right
// password from a browser and a network that have not signed in to the account before is not enough: the
// person also enters a code e-mailed to them (./signInCodes) or uses a passkey. Browsers that signed in
// before (the known-browser cookie), a browser signed in to the account now, and networks the account has
// signed in from, in a browser the site knows (its device cookie: a guest Wi-Fi or a carrier's NAT shares the
// restaurant's address with strangers), keep signing in as always, so the step never keeps the person out
// of their own devices.
import { randomBytes } from "node:crypto";
import { adminCookieHeader, cookieValue, safeEqual, sign } from "./adminSession";
import { db, type Queries } from "../platform/database";
import { clientKey, ipv6Block, networkKey } from "../platform/rateLimit";
import { sql } from "../platform/sql";
import { actorOf } from "./sessions";
import { accountLimit } from "./signInLimits";
import { QUIET_RESET_MS } from "./signInWaits";

/** Marks a browser that signed in to an account before: its own failures are counted apart from strangers'. */
export const DEVICE_COOKIE = "jf_device";
const DEVICE_LIFETIME_SECONDS = 365 * 24 * 60 * 60;
/** A network the account signed in from this recently is the person's own. */
export const KNOWN_NETWORK_MS = 90 * 24 * 60 * 60 * 1000;

export interface Device {
  id: string;
  accountId: string;
}

export function deviceOf(req: Request, secret: string): Device | undefined {
  const [id, accountId, signature, ...rest] = (cookieValue(req, DEVICE_COOKIE) ?? "").split(".");
  if (!id || !accountId || !signature || rest.length > 0) return undefined;
  return safeEqual(signature, sign(secret, `device:${id}.${accountId}`)) ? { id, accountId } : undefined;
}

export function deviceCookie(req: Request, secret: string, accountId: string): string {
  const id = randomBytes(16).toString("base64url");
  return adminCookieHeader(req, DEVICE_COOKIE, `${id}.${accountId}.${sign(secret, `device:${id}.${accountId}`)}`, DEVICE_LIFETIME_SECONDS);
}

/** Whether the account's alarm rang and no day without failures has passed since. */
export async function secondStepOn(email: string, now = Date.now()): Promise<boolean> {
  const { scope, key } = accountLimit(email);
  const row = await db.one<{ second_step_at: Date | null; last_failure_at: Date }>(sql`
    SELECT second_step_at, last_failure_at FROM sign_in_failures WHERE scope = ${scope} AND key = ${key}`);
  return Boolean(row?.second_step_at) && row!.last_failure_at.getTime() > now - QUIET_RESET_MS;
}

const blockKey = (address: string) => {
  const block = ipv6Block(address);
  return block ? networkKey(block) : null;
};

/** Notes that the account signed in from the client's network (its IPv4 address or IPv6 /64, and its /48), in `on`. */
export async function rememberNetwork(accountId: string, address: string, on: Queries = db, now = Date.now()): Promise<void> {
  await on.run(sql`
    INSERT INTO staff_known_networks (account_id, network, block, last_signed_in_at)
    VALUES (${accountId}::uuid, ${clientKey(address)}, ${blockKey(address)}, ${new Date(now)})
    ON CONFLICT (account_id, network) DO UPDATE SET last_signed_in_at = EXCLUDED.last_signed_in_at, block = EXCLUDED.block`);
}

/** Whether the account signed in from the client's IPv6 /48 lately: its failures there ring the alarm, they do not make the person wait. */
export async function ownBlock(account: { id: string } | null, address: string, now = Date.now()): Promise<boolean> {
  const block = blockKey(address);
  if (!account || !block) return false;
  const row = await db.one(sql`
    SELECT 1 FROM staff_known_networks
    WHERE account_id = ${account.id}::uuid AND block = ${block} AND last_signed_in_at > ${new Date(now - KNOWN_NETWORK_MS)}`);
  return row !== null;
}

async function knownNetwork(accountId: string, address: string, now: number): Promise<boolean> {
  const row = await db.one(sql`
    SELECT 1 FROM staff_known_networks
    WHERE account_id = ${accountId}::uuid AND network = ${clientKey(address)} AND last_signed_in_at > ${new Date(now - KNOWN_NETWORK_MS)}`);
  return row !== null;
}

/**
 * Whether this right password needs the second step: asked only after the password was found right, so a
 * wrong guess is answered alike (and as fast) whether the step is on or not.
 */
export async function needsSecondStep(req: Request, account: { id: string; email: string }, device: Device | undefined, address: string, now = Date.now()): Promise<boolean> {
  if (device?.accountId === account.id) return false;
  if (!(await secondStepOn(account.email, now))) return false;
  if ((await actorOf(req))?.accountId === account.id) return false;
  if (!device) return true;
  return !(await knownNetwork(account.id, address, now));
}
