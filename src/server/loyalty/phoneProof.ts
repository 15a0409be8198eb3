// A diner proves a phone before its loyalty account is theirs online: Square keys loyalty accounts by phone
// alone. The proof is a one-time code from the verification service (src/server/verify: 5 codes an hour
// per phone and per network, 10 minutes, 5 tries). No code is needed when the Square customer found by that
// phone already holds the account's e-mail (an account's e-mail is proved by signing in with it). A proved
// phone links at once when the counter already made a loyalty account for it; else the diner is shown the
// terms (./membership.ts joins).
import { toE164 } from "../../domain/checkoutCustomer";
import type { Locale } from "../../domain/i18n/locales";
import type { Diner } from "../accounts";
import { db } from "../platform/database";
import { InvalidRequest, said, TooManyAttempts, Unavailable } from "../platform/errors";
import { log } from "../platform/http";
import { sql } from "../platform/sql";
import { squareClient } from "../platform/squareClient";
import { checkPhoneCode, sendPhoneCode, VerifierUnavailable } from "../verify";
import { linkLoyaltyByPhone } from "./link";
import { loyaltyOn, squareTrouble } from "./membership";

export type PhoneProof = { proven: true; by: "code" | "square-email"; linked: boolean } | { proven: false; codeSent: true };

function phoneOf(text: string): string {
  const phone = toE164(text);
  if (!phone) throw new InvalidRequest(said("loyalty_phone_invalid"), [{ path: "phone", message: "a US mobile number" }]);
  return phone;
}

/** Whether a Square customer with this phone already holds the diner's e-mail (then the phone is theirs). */
async function squareKnowsBoth(phone: string, email: string): Promise<boolean> {
  try {
    const client = await squareClient();
    const found = await client.customers.search({ query: { filter: { phoneNumber: { exact: phone } } }, limit: BigInt(10) });
    return (found.customers ?? []).some((customer) => customer.emailAddress?.trim().toLowerCase() === email.trim().toLowerCase());
  } catch (error) {
    // Not knowing is not a refusal: the code proves it instead.
    log("warn", "square customers not searched by phone; a code is sent", { status: (error as { statusCode?: number }).statusCode ?? null });
    return false;
  }
}

/** Keeps the proof, then links the counter's loyalty account of that phone when there is one. */
async function proved(diner: Diner, phone: string, by: "code" | "square-email"): Promise<PhoneProof> {
  await db.run(sql`
    INSERT INTO loyalty_phone_proofs (account_id, phone, proof, proved_at) VALUES (${diner.accountId}::uuid, ${phone}, ${by}, now())
    ON CONFLICT (account_id) DO UPDATE SET phone = EXCLUDED.phone, proof = EXCLUDED.proof, proved_at = EXCLUDED.proved_at`);
  const outcome = await linkLoyaltyByPhone(diner.accountId, phone, false).catch((error: unknown) => squareTrouble("loyalty.link", error));
  return { proven: true, by, linked: outcome === "linked" };
}

/** Starts proving `phoneText` for the diner: proved at once (Square knows both), or a code sent. */
export async function startPhoneProof(diner: Diner, phoneText: string, address: string, locale: Locale): Promise<PhoneProof> {
  if (!(await loyaltyOn())) throw new Unavailable(said("loyalty_off"));
  const phone = phoneOf(phoneText);
  if (await squareKnowsBoth(phone, diner.email)) return proved(diner, phone, "square-email");
  let sent;
  try {
    sent = await sendPhoneCode(phone, address, locale);
  } catch (error) {
    if (error instanceof VerifierUnavailable && error.status !== undefined && error.status >= 400 && error.status < 500 && error.status !== 429) {
      throw new InvalidRequest(said("loyalty_phone_invalid"), [{ path: "phone", message: "a number that takes text messages" }]);
    }
    log("warn", "no phone code sent: the verification service failed", { status: error instanceof VerifierUnavailable ? (error.status ?? null) : null });
    throw new Unavailable(said("loyalty_verify_unavailable"));
  }
  if (!sent.sent && sent.reason === "limited") throw new TooManyAttempts(said("loyalty_codes_too_many"), sent.retryAfterSeconds);
  if (!sent.sent) throw new Unavailable(said("loyalty_off"));
  return { proven: false, codeSent: true };
}

/** Checks a code the diner typed for the phone they asked it for. */
export async function provePhoneByCode(diner: Diner, phoneText: string, code: string): Promise<PhoneProof> {
  if (!(await loyaltyOn())) throw new Unavailable(said("loyalty_off"));
  const phone = phoneOf(phoneText);
  let outcome;
  try {
    outcome = await checkPhoneCode(phone, code.trim());
  } catch {
    throw new Unavailable(said("loyalty_verify_unavailable"));
  }
  if (outcome === "approved") return proved(diner, phone, "code");
  if (outcome === "wrong") throw new InvalidRequest(said("loyalty_code_wrong"), [{ path: "code", message: "the digits of the text message" }]);
  if (outcome === "expired") throw new InvalidRequest(said("loyalty_code_expired"));
  throw new Unavailable(said("loyalty_off"));
}
