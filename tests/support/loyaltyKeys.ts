// The verification service's keys for a loyalty test file: a fake Twilio Verify started before its tests
// (loyalty is off without these keys), stopped after them, its codes cleared before each test.
import { afterAll, beforeAll, beforeEach } from "vitest";
import { startFakeVerify, type FakeVerify } from "./fakeVerify";

const KEYS = ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_VERIFY_SERVICE_SID", "TWILIO_VERIFY_BASE_URL"] as const;

export function useLoyaltyKeys(): { readonly twilio: FakeVerify } {
  let twilio: FakeVerify | undefined;
  beforeAll(async () => {
    twilio = await startFakeVerify();
  });
  afterAll(async () => {
    for (const key of KEYS) delete process.env[key];
    await twilio?.stop();
  });
  beforeEach(() => {
    twilio!.reset();
    Object.assign(process.env, { TWILIO_ACCOUNT_SID: twilio!.accountSid, TWILIO_AUTH_TOKEN: twilio!.authToken, TWILIO_VERIFY_SERVICE_SID: twilio!.serviceSid, TWILIO_VERIFY_BASE_URL: twilio!.url });
  });
  return {
    get twilio() {
      return twilio!;
    },
  };
}
