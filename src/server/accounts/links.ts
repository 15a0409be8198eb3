// Single-use sign-in links by e-mail (15 minutes): the diner's fallback when a device has no passkey, their
// recovery when every device is lost, and the way an account is made (the link proves the e-mail, so no
// stranger can open an account in someone else's name). Known and unknown e-mails get the same answer after
// the same work: a link row written and one e-mail queued either way. Only a hash of the token is stored.
// Waits are per network and per (e-mail, network), never per e-mail alone: a stranger cannot lock a diner out.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { db, type Queries } from "../platform/database";
import { toE164 } from "../../domain/checkoutCustomer";
import { NotFound, said, TooManyAttempts } from "../platform/errors";
import { clientKey, countAttempt } from "../platform/rateLimit";
import { sql } from "../platform/sql";
import { hashToken } from "../platform/tokens";
import { queueDinerMail } from "./mail";
import { openDinerSession } from "./sessions";
import type { Locale } from "../../domain/i18n/locales";

export const LINK_LIFETIME_MS = 15 * 60 * 1000;
/** Link requests from one network in a window: a shared Wi-Fi of diners, not a mailing machine. */
export const LINK_NETWORK_LIMIT = 20;
/** Link requests for one e-mail from one network in a window. */
export const LINK_PAIR_LIMIT = 5;
export const LINK_WINDOW_MS = 15 * 60 * 1000;

const pairKey = (email: string, address: string) =>
  createHash("sha256").update(`diner-pair:${email.trim().toLowerCase()}:${clientKey(address)}`).digest("hex").slice(0, 32);

/** Counts the request on both keys and refuses it (429) when either is past its limit. */
async function countLinkRequest(email: string, address: string, now = Date.now()): Promise<void> {
  const network = await countAttempt("diner-link-network", clientKey(address), LINK_WINDOW_MS, now);
  const pair = await countAttempt("diner-link-pair", pairKey(email, address), LINK_WINDOW_MS, now);
  const over = [network.count > LINK_NETWORK_LIMIT ? network : null, pair.count > LINK_PAIR_LIMIT ? pair : null].filter((row) => row !== null);
  if (over.length > 0) {
    const until = Math.max(...over.map((row) => row.window_start.getTime() + LINK_WINDOW_MS));
    throw new TooManyAttempts(said("account_too_many"), (until - now) / 1000);
  }
}

/**
 * Makes a link for the e-mail (ending its earlier live ones) and queues it, whether or not an account has
 * the e-mail: for a new one the name waits with the link, and the account is made when the link is used.
 */
export async function requestSignInLink(input: { email: string; name: string }, address: string, locale: Locale): Promise<void> {
  const email = input.email.trim();
  await countLinkRequest(email, address);
  const token = randomBytes(32).toString("base64url");
  const now = Date.now();
  const expiresAt = new Date(now + LINK_LIFETIME_MS);
  await db.transaction(async (tx) => {
    const account = await tx.one<{ id: string }>(sql`SELECT id FROM diner_accounts WHERE lower(email) = lower(${email})`);
    await tx.run(sql`UPDATE diner_links SET expires_at = ${new Date(now)} WHERE lower(email) = lower(${email}) AND used_at IS NULL AND expires_at > ${new Date(now)}`);
    await tx.run(sql`
      INSERT INTO diner_links (token_hash, email, name, account_id, created_at, expires_at)
      VALUES (${hashToken(token)}, ${email}, ${input.name.trim()}, ${account?.id ?? null}::uuid, ${new Date(now)}, ${expiresAt})`);
    await queueDinerMail(tx, {
      kind: "diner_sign_in_link",
      recipient: email,
      locale,
      dedupe: hashToken(token),
      payload: { token, newAccount: !account, expiresAt: expiresAt.toISOString() },
    });
  });
}

/** Whether a link's token still opens anything (the outbox sends only such links). */
export async function linkIsLive(token: string): Promise<boolean> {
  return (await db.one(sql`SELECT 1 FROM diner_links WHERE token_hash = ${hashToken(token)} AND used_at IS NULL AND expires_at > now()`)) !== null;
}

/**
 * Uses a live link, once: makes the account when the e-mail has none yet (with the name that waited), spends
 * every other link of the e-mail and opens a session. Answers the Set-Cookie value and whether the account is new.
 */
export async function signInWithLink(req: Request, token: string): Promise<{ cookie: string; accountId: string; created: boolean }> {
  return db.transaction(async (tx) => {
    const link = await tx.one<{ email: string; name: string; account_id: string | null }>(sql`
      SELECT email, name, account_id FROM diner_links
      WHERE token_hash = ${hashToken(token)} AND used_at IS NULL AND expires_at > ${new Date()} FOR UPDATE`);
    if (!link) throw new NotFound(said("account_link_invalid"));
    await tx.run(sql`UPDATE diner_links SET used_at = now() WHERE lower(email) = lower(${link.email}) AND used_at IS NULL`);
    let accountId = link.account_id;
    let created = false;
    if (!accountId) {
      // An account may have been made for the e-mail since (another link used first): that one is theirs.
      const made = await tx.one<{ id: string }>(sql`
        INSERT INTO diner_accounts (id, email, name) VALUES (${randomUUID()}::uuid, ${link.email}, ${link.name})
        ON CONFLICT ((lower(email))) DO NOTHING RETURNING id`);
      created = made !== null;
      accountId = made?.id ?? (await tx.one<{ id: string }>(sql`SELECT id FROM diner_accounts WHERE lower(email) = lower(${link.email})`))!.id;
      // The phone just typed at the checkout is kept: the newest paid order of the e-mail the link proved.
      if (made) await keepOrderPhone(tx, made.id, link.email);
    }
    const cookie = await openDinerSession(req, accountId, "email-link", tx);
    return { cookie, accountId, created };
  });
}

/** A new account takes the phone of the e-mail's newest paid order (as E.164), so nothing typed at checkout is asked again. */
async function keepOrderPhone(tx: Queries, accountId: string, email: string): Promise<void> {
  const order = await tx.one<{ customer_phone: string | null }>(sql`
    SELECT customer_phone FROM orders
    WHERE lower(customer_email) = lower(${email}) AND status NOT IN ('pending', 'payment_failed')
    ORDER BY created_at DESC LIMIT 1`);
  const phone = order?.customer_phone ? toE164(order.customer_phone) : null;
  if (phone) await tx.run(sql`UPDATE diner_accounts SET phone = ${phone} WHERE id = ${accountId}::uuid AND phone IS NULL`);
}
