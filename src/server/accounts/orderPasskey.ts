// An account made in place: the order confirmation saves the diner's details with a passkey at once, no
// trip to the mail app first. The account takes the name, e-mail and phone the order was placed with (the
// order's page id is the proof the diner is at its confirmation), and its first passkey. Anyone can type any
// e-mail at a checkout, so the e-mail stays unproven until the link e-mailed at the same moment is used: till
// then the account sees only the orders placed in it, and finds no Square customer by the e-mail. An e-mail
// that has an account already gets nothing here: the diner signs in by a link or that account's passkey.
import { randomBytes, randomUUID } from "node:crypto";
import { generateRegistrationOptions, verifyRegistrationResponse, type PublicKeyCredentialCreationOptionsJSON, type RegistrationResponseJSON } from "@simplewebauthn/server";
import { toE164 } from "../../domain/checkoutCustomer";
import type { Locale } from "../../domain/i18n/locales";
import { serverNow } from "../env";
import { getOrder, isPaid, type StoredOrder } from "../orders";
import { db } from "../platform/database";
import { Conflict, InvalidRequest, NotFound, said, TooManyAttempts } from "../platform/errors";
import { log } from "../platform/http";
import { consumeRateLimit } from "../platform/rateLimit";
import { spendSiteBudget } from "../platform/siteBudget";
import { relyingParty } from "../platform/siteOrigin";
import { sql } from "../platform/sql";
import { linkMaySend } from "./linkBudgets";
import { queueConfirmationLink } from "./links";
import { uuidBytes } from "./passkeys";
import { openDinerSession } from "./sessions";

/** How long after an order its confirmation may still make an account: the confirmation's own visit, not a forwarded link weeks later. */
export const ORDER_PASSKEY_WINDOW_MS = 24 * 60 * 60 * 1000;
const CEREMONY_LIFETIME_MS = 5 * 60 * 1000;
/** Ceremonies one order may start in a window (a diner who cancels the prompt and tries again, not a machine). */
export const ORDER_PASSKEY_TRIES = 6;
/** Ceremonies one network may start in a window, and accounts the whole site makes this way an hour. */
export const ORDER_PASSKEY_NETWORK_LIMIT = 20;
export const ORDER_PASSKEY_SITE_HOURLY = 300;
const WINDOW_MS = 15 * 60 * 1000;
const HOUR_MS = 3_600_000;

/** The paid order the confirmation shows, still within its window, whose e-mail has no account yet. */
async function orderToSaveFrom(orderId: string, now: number): Promise<StoredOrder> {
  const order = await getOrder(orderId);
  if (!order || !isPaid(order)) throw new NotFound(said("account_order_passkey_closed"));
  if (now - Date.parse(order.createdAt) > ORDER_PASSKEY_WINDOW_MS) throw new NotFound(said("account_order_passkey_closed"));
  const taken = await db.one(sql`SELECT 1 FROM diner_accounts WHERE lower(email) = lower(${order.customer.email})`);
  if (taken) throw new Conflict(said("account_email_has_account"));
  return order;
}

/** Options for the order's new account's first passkey; spends the order's, the network's and the site's budgets. */
export async function orderPasskeyOptions(req: Request, orderId: string, address: string, now = serverNow().getTime()): Promise<{ ceremonyId: string; options: PublicKeyCredentialCreationOptionsJSON }> {
  const order = await orderToSaveFrom(orderId, now);
  const network = await consumeRateLimit({ bucket: "diner-order-passkey", limit: ORDER_PASSKEY_NETWORK_LIMIT, windowMs: WINDOW_MS }, address, now);
  if (!network.allowed) throw new TooManyAttempts(said("account_too_many"), network.retryAfterSeconds);
  const tries = await db.one<{ count: number }>(sql`SELECT count(*)::int AS count FROM diner_webauthn_challenges WHERE order_id = ${orderId} AND expires_at > ${new Date(now)}`);
  if ((tries?.count ?? 0) >= ORDER_PASSKEY_TRIES) throw new TooManyAttempts(said("account_too_many"), CEREMONY_LIFETIME_MS / 1000);
  const site = await spendSiteBudget({ name: "order-passkeys", limit: ORDER_PASSKEY_SITE_HOURLY, windowMs: HOUR_MS }, now);
  if (!site.allowed) throw new TooManyAttempts(said("account_too_many"), site.retryAfterSeconds);
  const accountId = randomUUID();
  const options = await generateRegistrationOptions({
    rpName: "Jealous Fork",
    rpID: relyingParty(req).rpID,
    userName: order.customer.email,
    userDisplayName: order.customer.name || order.customer.email,
    userID: uuidBytes(accountId),
    attestationType: "none",
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  const ceremonyId = randomBytes(18).toString("base64url");
  await db.run(sql`
    INSERT INTO diner_webauthn_challenges (id, purpose, account_id, challenge, expires_at, order_id, new_account_id)
    VALUES (${ceremonyId}, 'register-order', ${null}::uuid, ${options.challenge}, ${new Date(now + CEREMONY_LIFETIME_MS)}, ${orderId}, ${accountId}::uuid)`);
  return { ceremonyId, options };
}

/**
 * Verifies the passkey and, in one transaction, makes the account from the order (name, e-mail, phone), keeps
 * the passkey, puts the order in its history, opens a session and queues the link that confirms the e-mail.
 * Answers the session's Set-Cookie value.
 */
export async function saveDetailsWithPasskey(
  req: Request,
  ceremony: { orderId: string; ceremonyId: string; response: RegistrationResponseJSON; label: string },
  locale: Locale,
  now = serverNow().getTime(),
): Promise<{ accountId: string; cookie: string }> {
  const order = await orderToSaveFrom(ceremony.orderId, now);
  const mayMail = await linkMaySend(order.customer.email, now);
  return db.transaction(async (tx) => {
    const taken = await tx.one<{ challenge: string; new_account_id: string }>(sql`
      DELETE FROM diner_webauthn_challenges
      WHERE id = ${ceremony.ceremonyId} AND purpose = 'register-order' AND order_id = ${ceremony.orderId} AND expires_at > ${new Date(now)}
      RETURNING challenge, new_account_id`);
    if (!taken) throw new InvalidRequest(said("account_passkey_expired"));
    const { rpID, origin } = relyingParty(req);
    const verification = await verifyRegistrationResponse({ response: ceremony.response, expectedChallenge: taken.challenge, expectedOrigin: origin, expectedRPID: rpID, requireUserVerification: true }).catch(
      (error: unknown) => {
        log("warn", "diner passkey at a confirmation refused", { error: error instanceof Error ? error.message : String(error) });
        return { verified: false as const };
      },
    );
    if (!verification.verified) throw new InvalidRequest(said("account_passkey_unverified"));
    const account = { id: taken.new_account_id, email: order.customer.email.trim(), name: order.customer.name.trim().slice(0, 80) };
    const made = await tx.run(sql`
      INSERT INTO diner_accounts (id, email, name, phone, email_confirmed_at)
      VALUES (${account.id}::uuid, ${account.email}, ${account.name}, ${toE164(order.customer.phone) ?? null}, NULL)
      ON CONFLICT ((lower(email))) DO NOTHING`);
    if (!made) throw new Conflict(said("account_email_has_account"));
    const { credential } = verification.registrationInfo;
    await tx.run(sql`
      INSERT INTO diner_passkeys (id, account_id, public_key, counter, transports, label, created_at)
      VALUES (${credential.id}, ${account.id}::uuid, decode(${Buffer.from(credential.publicKey).toString("base64")}, 'base64'), ${credential.counter},
              ${credential.transports ?? []}, ${ceremony.label}, ${new Date(now)})`);
    await tx.run(sql`INSERT INTO diner_orders (order_id, account_id) VALUES (${order.orderId}, ${account.id}::uuid) ON CONFLICT (order_id) DO NOTHING`);
    const cookie = await openDinerSession(req, account.id, "passkey", tx);
    // Past the e-mail's or the site's link budget no confirmation goes now; the account page offers one later.
    if (mayMail) await queueConfirmationLink(tx, account, locale);
    log("info", "diner account made at a confirmation");
    return { accountId: account.id, cookie };
  });
}
