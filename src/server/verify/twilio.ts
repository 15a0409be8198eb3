// Twilio Verify, as its API is published (https://www.twilio.com/docs/verify/api/verification,
// https://www.twilio.com/docs/verify/api/verification-check): form-encoded POSTs with HTTP Basic auth
// (account SID and auth token). Twilio makes, sends and checks the code; the site never sees it.
import type { Locale } from "../../domain/i18n/locales";
import type { CheckOutcome, PhoneVerifier } from "./contract";
import { VerifierUnavailable } from "./contract";

export interface TwilioVerifyConfig {
  accountSid: string;
  authToken: string;
  serviceSid: string;
  baseUrl: string;
}

const TIMEOUT_MS = 5_000;

export function twilioVerifier(config: TwilioVerifyConfig): PhoneVerifier {
  const post = async (path: string, form: Record<string, string>) => {
    const res = await fetch(`${config.baseUrl}/v2/Services/${encodeURIComponent(config.serviceSid)}/${path}`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(form),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    }).catch((error: unknown) => {
      throw new VerifierUnavailable(`Twilio Verify did not answer: ${error instanceof Error ? error.message : String(error)}`);
    });
    const body = (await res.json().catch(() => ({}))) as { status?: string; code?: number; message?: string };
    return { status: res.status, body };
  };
  return {
    async send(phone: string, locale: Locale): Promise<void> {
      const { status, body } = await post("Verifications", { To: phone, Channel: "sms", Locale: locale });
      if (status === 201 || status === 200) return;
      throw new VerifierUnavailable(`Twilio Verify refused the code: ${status} ${body.code ?? ""}`, status);
    },
    async check(phone: string, code: string): Promise<CheckOutcome> {
      const { status, body } = await post("VerificationCheck", { To: phone, Code: code });
      if (status === 200) return body.status === "approved" ? "approved" : "wrong";
      // 404 (20404): no pending verification: it expired (10 minutes), was approved or was used up.
      if (status === 404) return "expired";
      // 429 (60202): max check attempts reached: the code is spent.
      if (status === 429 && body.code === 60202) return "expired";
      throw new VerifierUnavailable(`Twilio Verify could not check the code: ${status} ${body.code ?? ""}`, status);
    },
  };
}
