// Proving a phone by a one-time code. Without the service's keys (TWILIO_*) there is no verifier, and
// loyalty stays off. The site's own limits sit in front of the service's: 5 codes an hour per phone and per
// network (kept in the database's counters, the phone only as a keyed hash); the code's 10-minute life and
// its 5 tries are the service's (Twilio Verify's defaults).
import type { Locale } from "../../domain/i18n/locales";
import { serverConfig } from "../config";
import { consumeRateLimit, countAttempt, networkKey } from "../platform/rateLimit";
import type { CheckOutcome, PhoneVerifier } from "./contract";
import { twilioVerifier } from "./twilio";

export { VerifierUnavailable, type CheckOutcome, type PhoneVerifier } from "./contract";

export const CODES_PER_HOUR = 5;
const HOUR_MS = 3_600_000;

/** The configured verification service, or null when its keys are not all set. */
export function phoneVerifier(): PhoneVerifier | null {
  const config = serverConfig();
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_VERIFY_SERVICE_SID: serviceSid } = config;
  if (!accountSid || !authToken || !serviceSid) return null;
  return twilioVerifier({ accountSid, authToken, serviceSid, baseUrl: config.TWILIO_VERIFY_BASE_URL ?? "https://verify.twilio.com" });
}

export type SendOutcome = { sent: true } | { sent: false; reason: "off" } | { sent: false; reason: "limited"; retryAfterSeconds: number };

/** Sends a code to `phone` (E.164) for a request from `address`, within 5 an hour per phone and per network. */
export async function sendPhoneCode(phone: string, address: string, locale: Locale, now = Date.now()): Promise<SendOutcome> {
  const verifier = phoneVerifier();
  if (!verifier) return { sent: false, reason: "off" };
  const network = await consumeRateLimit({ bucket: "phone-code-network", limit: CODES_PER_HOUR, windowMs: HOUR_MS }, address, now);
  if (!network.allowed) return { sent: false, reason: "limited", retryAfterSeconds: network.retryAfterSeconds };
  const perPhone = await countAttempt("phone-code-phone", networkKey(`phone:${phone}`), HOUR_MS, now);
  if (perPhone.count > CODES_PER_HOUR) {
    return { sent: false, reason: "limited", retryAfterSeconds: Math.max(1, Math.ceil((perPhone.window_start.getTime() + HOUR_MS - now) / 1000)) };
  }
  await verifier.send(phone, locale);
  return { sent: true };
}

/** Checks a code typed for `phone`; "off" without the service. */
export async function checkPhoneCode(phone: string, code: string): Promise<CheckOutcome | "off"> {
  const verifier = phoneVerifier();
  if (!verifier) return "off";
  if (!/^\d{4,10}$/.test(code)) return "wrong";
  return verifier.check(phone, code);
}
