// A diner proves a phone before its loyalty account is theirs online: Square keys loyalty accounts by phone
// alone. The proof is only a one-time code from the verification service (src/server/verify: US numbers
// only, budgets per account, phone, network and site-wide, 10 minutes, 5 tries, checked only for the account
// that asked): nothing in Square's directory counts, since anyone can write a phone and an e-mail there, and
// the phone is not searched at Square before it is proved. A proved phone links at once when the counter
// already made a loyalty account for it; else the diner is shown the terms (./membership.ts joins).
import { toE164 } from "../../domain/checkoutCustomer";
import type { Locale } from "../../domain/i18n/locales";
import type { Diner } from "../accounts";
import { db } from "../platform/database";
import { InvalidRequest, said, TooManyAttempts, Unavailable } from "../platform/errors";
import { log } from "../platform/http";
import { sql } from "../platform/sql";
import { checkPhoneCode, sendPhoneCode, VerifierUnavailable } from "../verify";
import { linkLoyaltyByPhone } from "./link";
import { loyaltyOn, squareTrouble } from "./membership";

export type PhoneProof = { proven: true; by: "code"; linked: boolean } | { proven: false; codeSent: true };

function phoneOf(text: string): string {
  const phone = toE164(text);
  if (!phone) throw new InvalidRequest(said("loyalty_phone_invalid"), [{ path: "phone", message: "a US mobile number" }]);
  return phone;
}

/** Keeps the proof, then links the counter's loyalty account of that phone when there is one. */
async function proved(diner: Diner, phone: string, by: "code"): Promise<PhoneProof> {
  await db.run(sql`
    INSERT INTO loyalty_phone_proofs (account_id, phone, proof, proved_at) VALUES (${diner.accountId}::uuid, ${phone}, ${by}, now())
    ON CONFLICT (account_id) DO UPDATE SET phone = EXCLUDED.phone, proof = EXCLUDED.proof, proved_at = EXCLUDED.proved_at`);
  const outcome = await linkLoyaltyByPhone(diner.accountId, phone, false).catch((error: unknown) => squareTrouble("loyalty.link", error));
  return { proven: true, by, linked: outcome === "linked" };
}

/** Starts proving `phoneText` for the diner: a code texted to it (a US number only, within the budgets). */
export async function startPhoneProof(diner: Diner, phoneText: string, address: string, locale: Locale): Promise<PhoneProof> {
  if (!(await loyaltyOn())) throw new Unavailable(said("loyalty_off"));
  const phone = phoneOf(phoneText);
  let sent;
  try {
    sent = await sendPhoneCode(phone, address, locale, Date.now(), diner.accountId);
  } catch (error) {
    if (error instanceof VerifierUnavailable && error.status !== undefined && error.status >= 400 && error.status < 500 && error.status !== 429) {
      throw new InvalidRequest(said("loyalty_phone_invalid"), [{ path: "phone", message: "a number that takes text messages" }]);
    }
    log("warn", "no phone code sent: the verification service failed", { status: error instanceof VerifierUnavailable ? (error.status ?? null) : null });
    throw new Unavailable(said("loyalty_verify_unavailable"));
  }
  if (sent.sent) return { proven: false, codeSent: true };
  if (sent.reason === "not-us") throw new InvalidRequest(said("loyalty_phone_not_us"), [{ path: "phone", message: "a US mobile number" }]);
  if (sent.reason === "site-budget") throw new TooManyAttempts(said("loyalty_texts_paused"), sent.retryAfterSeconds);
  if (sent.reason === "limited") throw new TooManyAttempts(said(sent.retryAfterSeconds > 3600 ? "loyalty_codes_today" : "loyalty_codes_too_many"), sent.retryAfterSeconds);
  throw new Unavailable(said("loyalty_off"));
}

/** Checks a code the diner typed for the phone they asked it for (only they may: the code is theirs). */
export async function provePhoneByCode(diner: Diner, phoneText: string, code: string, address: string): Promise<PhoneProof> {
  if (!(await loyaltyOn())) throw new Unavailable(said("loyalty_off"));
  const phone = phoneOf(phoneText);
  let outcome;
  try {
    outcome = await checkPhoneCode(phone, code.trim(), { accountId: diner.accountId, address });
  } catch {
    throw new Unavailable(said("loyalty_verify_unavailable"));
  }
  if (typeof outcome === "object") throw new TooManyAttempts(said("loyalty_checks_too_many"), outcome.limited);
  if (outcome === "not-asked") throw new InvalidRequest(said("loyalty_code_not_asked"), [{ path: "phone", message: "the number the code was sent to" }]);
  if (outcome === "approved") return proved(diner, phone, "code");
  if (outcome === "wrong") throw new InvalidRequest(said("loyalty_code_wrong"), [{ path: "code", message: "the digits of the text message" }]);
  if (outcome === "expired") throw new InvalidRequest(said("loyalty_code_expired"));
  throw new Unavailable(said("loyalty_off"));
}
