// Proving a phone by a one-time code. Without the service's keys (TWILIO_*) there is no verifier, and
// loyalty stays off. Codes go only to US numbers (./usNumbers.ts), within the site's budgets (./budgets.ts:
// per account, phone, network and site-wide, the phone kept only as a keyed hash); the code's 10-minute life
// and its 5 tries are the service's (Twilio Verify's defaults). A code is checked only for the account that
// asked for it (table phone_code_askers).
import type { Locale } from "../../domain/i18n/locales";
import { serverConfig } from "../config";
import { db } from "../platform/database";
import { sql } from "../platform/sql";
import { spendCheckTry, spendTextBudget } from "./budgets";
import type { CheckOutcome, PhoneVerifier } from "./contract";
import { twilioVerifier } from "./twilio";
import { isUsNumber } from "./usNumbers";

export { VerifierUnavailable, type CheckOutcome, type PhoneVerifier } from "./contract";
export { CODES_PER_ACCOUNT_DAY, CODES_PER_HOUR, DEFAULT_TEXTS_PER_HOUR, MAX_TEXTS_PER_HOUR, TEXTS_PER_HOUR_SETTING, textsPerHour, textsSentThisHour } from "./budgets";
export { isUsNumber } from "./usNumbers";

/** A code lives this long at the service; the asker's claim on it as long. */
const CODE_LIFETIME_MS = 10 * 60_000;

/** The configured verification service, or null when its keys are not all set. */
export function phoneVerifier(): PhoneVerifier | null {
  const config = serverConfig();
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_VERIFY_SERVICE_SID: serviceSid } = config;
  if (!accountSid || !authToken || !serviceSid) return null;
  return twilioVerifier({ accountSid, authToken, serviceSid, baseUrl: config.TWILIO_VERIFY_BASE_URL ?? "https://verify.twilio.com" });
}

export type SendOutcome =
  | { sent: true }
  | { sent: false; reason: "off" | "not-us" }
  | { sent: false; reason: "limited" | "site-budget"; retryAfterSeconds: number };

/**
 * Sends a code to `phone` (E.164) for a request from `address` (and, signed in, for `accountId`, who alone may
 * check it): only to a US number, within the budgets.
 */
export async function sendPhoneCode(phone: string, address: string, locale: Locale, now = Date.now(), accountId?: string): Promise<SendOutcome> {
  const verifier = phoneVerifier();
  if (!verifier) return { sent: false, reason: "off" };
  if (!isUsNumber(phone)) return { sent: false, reason: "not-us" };
  const budget = await spendTextBudget(phone, address, accountId, now);
  if (!budget.allowed) return { sent: false, reason: budget.reason, retryAfterSeconds: budget.retryAfterSeconds };
  if (accountId) {
    await db.run(sql`
      INSERT INTO phone_code_askers (phone, account_id, asked_at) VALUES (${phone}, ${accountId}::uuid, ${new Date(now)})
      ON CONFLICT (phone) DO UPDATE SET account_id = EXCLUDED.account_id, asked_at = EXCLUDED.asked_at`);
  }
  await verifier.send(phone, locale);
  return { sent: true };
}

/**
 * Checks a code typed for `phone`; "off" without the service. With `who`, only the account that last asked
 * for a code to that phone may try ("not-asked" otherwise, nothing sent to the service), within the tries
 * per account, network and phone ("limited").
 */
export async function checkPhoneCode(
  phone: string,
  code: string,
  who?: { accountId: string; address: string },
  now = Date.now(),
): Promise<CheckOutcome | "off" | "not-asked" | { limited: number }> {
  const verifier = phoneVerifier();
  if (!verifier) return "off";
  if (who) {
    const tries = await spendCheckTry(phone, who.address, who.accountId, now);
    if (!tries.allowed) return { limited: tries.retryAfterSeconds };
    const asker = await db.one(sql`
      SELECT 1 FROM phone_code_askers WHERE phone = ${phone} AND account_id = ${who.accountId}::uuid AND asked_at > ${new Date(now - CODE_LIFETIME_MS)}`);
    if (!asker) return "not-asked";
  }
  if (!/^\d{4,10}$/.test(code)) return "wrong";
  return verifier.check(phone, code);
}
