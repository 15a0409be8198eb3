// A diner's choice of texts about their orders, on the account page: a code is texted to the phone (a US
// number only, within the verify room's budgets per account, phone, network and site), and the choice is kept
// once the diner types it back, for that proven phone. Texts stop when the diner turns them off, deletes the
// account, or replies STOP (Twilio then refuses the number, and the choice is dropped).
import type { Locale } from "../../domain/i18n/locales";
import { InvalidRequest, said, TooManyAttempts, Unavailable } from "../platform/errors";
import { db } from "../platform/database";
import { sql } from "../platform/sql";
import { checkPhoneCode, sendPhoneCode } from "../verify";
import { textsConfig } from "./config";

export interface TextChoice {
  /** Whether the site can text at all (Twilio's keys set). */
  available: boolean;
  /** The proven phone texts go to, or null while the diner has not chosen texts. */
  phone: string | null;
}

export async function textChoice(accountId: string): Promise<TextChoice> {
  const row = await db.one<{ phone: string }>(sql`SELECT phone FROM diner_text_choices WHERE account_id = ${accountId}::uuid`);
  return { available: textsConfig() !== null, phone: row?.phone ?? null };
}

function requireTexts(): void {
  if (!textsConfig()) throw new Unavailable(said("texts_off"));
}

/** Texts a code to `phone` for this account (it alone may type it back). */
export async function askTextCode(accountId: string, phone: string, address: string, locale: Locale): Promise<{ sent: true }> {
  requireTexts();
  const outcome = await sendPhoneCode(phone, address, locale, Date.now(), accountId).catch(() => {
    throw new Unavailable(said("texts_off"));
  });
  if (outcome.sent) return { sent: true };
  if (outcome.reason === "not-us") throw new InvalidRequest(said("texts_us_only"), [{ path: "phone", message: "a US mobile number" }]);
  if (!("retryAfterSeconds" in outcome)) throw new Unavailable(said("texts_off"));
  throw new TooManyAttempts(said("texts_too_many"), outcome.retryAfterSeconds);
}

/** Keeps the choice once the code the diner typed proves the phone. */
export async function chooseTexts(accountId: string, phone: string, code: string, address: string, now = new Date()): Promise<TextChoice> {
  requireTexts();
  const outcome = await checkPhoneCode(phone, code.trim(), { accountId, address }).catch(() => {
    throw new Unavailable(said("texts_off"));
  });
  if (typeof outcome === "object") throw new TooManyAttempts(said("texts_too_many"), outcome.limited);
  if (outcome !== "approved") throw new InvalidRequest(said("texts_code_wrong"), [{ path: "code", message: "the digits of the text message" }]);
  await db.run(sql`
    INSERT INTO diner_text_choices (account_id, phone, proven_at, chosen_at) VALUES (${accountId}::uuid, ${phone}, ${now}, ${now})
    ON CONFLICT (account_id) DO UPDATE SET phone = EXCLUDED.phone, proven_at = EXCLUDED.proven_at, chosen_at = EXCLUDED.chosen_at`);
  return { available: true, phone };
}

export async function stopTexts(accountId: string): Promise<TextChoice> {
  await db.run(sql`DELETE FROM diner_text_choices WHERE account_id = ${accountId}::uuid`);
  return { available: textsConfig() !== null, phone: null };
}
