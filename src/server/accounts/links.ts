// Single-use sign-in links by e-mail (15 minutes): the diner's fallback when a device has no passkey, their
// recovery when every device is lost, and the way an account is made (the link proves the e-mail, so no
// stranger can open an account in someone else's name). Known and unknown e-mails get the same answer: a
// link row written and one e-mail queued either way (within ./linkBudgets.ts). Only a hash of the token is
// stored. A new request never ends a link in flight (up to 3 live ones coexist), and a link signs in at
// once only the browser that asked for it (./linkAsker.ts); anywhere else the diner says yes first.
import { randomBytes, randomUUID } from "node:crypto";
import { db } from "../platform/database";
import { NotFound, said } from "../platform/errors";
import { sql } from "../platform/sql";
import { hashToken } from "../platform/tokens";
import { askedHere, maskedEmail } from "./linkAsker";
import { countLinkRequest, linkMaySend } from "./linkBudgets";
import { queueDinerMail } from "./mail";
import { dinerOf, openDinerSession } from "./sessions";
import type { Locale } from "../../domain/i18n/locales";

export { LINK_NETWORK_LIMIT, LINK_PAIR_LIMIT, LINK_WINDOW_MS, LINKS_PER_EMAIL_HOUR } from "./linkBudgets";
export const LINK_LIFETIME_MS = 15 * 60 * 1000;

/**
 * Makes a link for the e-mail and queues it, whether or not an account has the e-mail: for a new one the name
 * waits with the link, and the account is made when the link is used. `askerHash`: the hash of the asking
 * browser's cookie, kept by the link. Past the e-mail's or the site's budget nothing is written or sent.
 */
export async function requestSignInLink(input: { email: string; name: string }, address: string, locale: Locale, askerHash: string): Promise<void> {
  const email = input.email.trim();
  await countLinkRequest(email, address);
  if (!(await linkMaySend(email))) return;
  const token = randomBytes(32).toString("base64url");
  const now = Date.now();
  const expiresAt = new Date(now + LINK_LIFETIME_MS);
  await db.transaction(async (tx) => {
    const account = await tx.one<{ id: string }>(sql`SELECT id FROM diner_accounts WHERE lower(email) = lower(${email})`);
    await tx.run(sql`
      INSERT INTO diner_links (token_hash, email, name, account_id, created_at, expires_at, asker_hash)
      VALUES (${hashToken(token)}, ${email}, ${input.name.trim()}, ${account?.id ?? null}::uuid, ${new Date(now)}, ${expiresAt}, ${askerHash})`);
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

export type LinkUse =
  | { signedIn: true; cookie: string; accountId: string; created: boolean }
  /** Opened in a browser that did not ask for it, or over another diner's session: nothing opened yet. */
  | { signedIn: false; confirm: true; email: string };

/**
 * Uses a live link, once: makes the account when the e-mail has none yet (with the name that waited), spends
 * every other link of the e-mail and opens a session. Only in the browser that asked, and over no other
 * diner's session, unless `confirmed` (the diner said yes to "Sign in as a•••@example.com?"); otherwise it
 * answers the question to ask and leaves the link as it was.
 */
export async function signInWithLink(req: Request, token: string, confirmed = false): Promise<LinkUse> {
  const current = await dinerOf(req);
  return db.transaction(async (tx) => {
    const link = await tx.one<{ email: string; name: string; account_id: string | null; asker_hash: string | null }>(sql`
      SELECT email, name, account_id, asker_hash FROM diner_links
      WHERE token_hash = ${hashToken(token)} AND used_at IS NULL AND expires_at > ${new Date()} FOR UPDATE`);
    if (!link) throw new NotFound(said("account_link_invalid"));
    const replacing = current !== undefined && current.email.toLowerCase() !== link.email.toLowerCase();
    if (!confirmed && (replacing || !askedHere(req, link.asker_hash))) return { signedIn: false, confirm: true, email: maskedEmail(link.email) };
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
    }
    const cookie = await openDinerSession(req, accountId, "email-link", tx);
    return { signedIn: true, cookie, accountId, created };
  });
}
