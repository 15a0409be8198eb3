// What proving a phone needs from a verification service (Twilio Verify today; Telnyx Verify would fit the
// same shape): send a one-time code to a phone, then check a code typed for it.
import type { Locale } from "../../domain/i18n/locales";

/** approved: the code is right; wrong: not it (tries remain); expired: no live code (its 10 minutes or 5 tries are over). */
export type CheckOutcome = "approved" | "wrong" | "expired";

export interface PhoneVerifier {
  send(phone: string, locale: Locale): Promise<void>;
  check(phone: string, code: string): Promise<CheckOutcome>;
}

/** The service did not answer, or refused for a reason of its own (a 5xx, a 429, a bad key). */
export class VerifierUnavailable extends Error {
  constructor(message: string, readonly status?: number) {
    super(message);
  }
}
