// Single-use sign-in links by e-mail (15 minutes): the diner's fallback when a device has no passkey, their
// recovery when every device is lost, and the way an account is made (the link proves the e-mail, so no
// stranger can open an account in someone else's name). Known and unknown e-mails get the same answer: a
// link row written and one e-mail queued either way (within ./linkBudgets.ts). Only a hash of the token is
// stored. A new request never ends a link in flight (up to 3 live ones coexist), and a link signs in at
// once only the browser that asked for it (./linkAsker.ts); anywhere else the diner says yes first.
import { randomBytes, randomUUID } from "node:crypto";
import { db, type Queries } from "../platform/database";
import { toE164 } from "../../domain/checkoutCustomer";
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

/** A confirmation link lives a day: it waits in the mail app while the diner eats. */
export const CONFIRMATION_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * Queues the link that proves the e-mail of an account made in place (a passkey saved at the order's
 * confirmation), inside the transaction that made it. The caller checked `linkMaySend` first.
 */
export async function queueConfirmationLink(tx: Queries, account: { id: string; email: string; name: string }, locale: Locale): Promise<void> {
  const token = randomBytes(32).toString("base64url");
  const now = Date.now();
  const expiresAt = new Date(now + CONFIRMATION_LINK_LIFETIME_MS);
  await tx.run(sql`
    INSERT INTO diner_links (token_hash, email, name, account_id, created_at, expires_at, asker_hash, confirms_account)
    VALUES (${hashToken(token)}, ${account.email}, ${account.name}, ${account.id}::uuid, ${new Date(now)}, ${expiresAt}, ${null}, true)`);
  await queueDinerMail(tx, {
    kind: "diner_sign_in_link",
    recipient: account.email,
    locale,
    dedupe: hashToken(token),
    payload: { token, newAccount: false, confirmEmail: true, expiresAt: expiresAt.toISOString() },
  });
}

export type LinkUse =
  | { signedIn: true; cookie: string; accountId: string; created: boolean; confirmed: boolean }
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
    const link = await tx.one<{ email: string; name: string; account_id: string | null; asker_hash: string | null; confirms_account: boolean }>(sql`
      SELECT email, name, account_id, asker_hash, confirms_account FROM diner_links
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
        INSERT INTO diner_accounts (id, email, name, email_confirmed_at) VALUES (${randomUUID()}::uuid, ${link.email}, ${link.name}, now())
        ON CONFLICT ((lower(email))) DO NOTHING RETURNING id`);
      created = made !== null;
      accountId = made?.id ?? (await tx.one<{ id: string }>(sql`SELECT id FROM diner_accounts WHERE lower(email) = lower(${link.email})`))!.id;
      // The phone just typed at the checkout is kept: the newest paid order of the e-mail the link proved.
      if (made) await keepOrderPhone(tx, made.id, link.email);
    }
    // The link proves the e-mail: an account made in place at a confirmation now sees the e-mail's orders.
    const proven = created || (await tx.run(sql`UPDATE diner_accounts SET email_confirmed_at = now() WHERE id = ${accountId}::uuid AND email_confirmed_at IS NULL`)) > 0;
    // Proven by a link other than the confirmation: the e-mail's owner may not be who saved the passkey
    // (an order's page can be shared), so what was made before it goes and the owner starts clean.
    if (proven && !created && !link.confirms_account) {
      await tx.run(sql`DELETE FROM diner_passkeys WHERE account_id = ${accountId}::uuid`);
      await tx.run(sql`UPDATE diner_sessions SET revoked_at = now() WHERE account_id = ${accountId}::uuid AND revoked_at IS NULL`);
    }
    const cookie = await openDinerSession(req, accountId, "email-link", tx);
    return { signedIn: true, cookie, accountId, created, confirmed: proven };
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
