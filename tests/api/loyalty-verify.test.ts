// Proving a phone by a one-time code, against a fake Twilio Verify written from Twilio's published API:
// no keys, no verifier (loyalty stays off); the right code approves; the site sends at most 5 codes an
// hour per phone and per network; a code lives 10 minutes and allows 5 tries (the service's rules).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkPhoneCode, phoneVerifier, sendPhoneCode, VerifierUnavailable } from "../../src/server/verify";
import { startFakeVerify, type FakeVerify } from "../support/fakeVerify";
import { testDatabase } from "../support/database";

let twilio: FakeVerify;
const KEYS = ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_VERIFY_SERVICE_SID", "TWILIO_VERIFY_BASE_URL"] as const;
beforeAll(async () => {
  twilio = await startFakeVerify();
});
afterAll(async () => {
  for (const key of KEYS) delete process.env[key];
  await twilio.stop();
});
beforeEach(async () => {
  twilio.reset();
  Object.assign(process.env, { TWILIO_ACCOUNT_SID: twilio.accountSid, TWILIO_AUTH_TOKEN: twilio.authToken, TWILIO_VERIFY_SERVICE_SID: twilio.serviceSid, TWILIO_VERIFY_BASE_URL: twilio.url });
  await testDatabase().rows("DELETE FROM counters WHERE bucket LIKE 'phone-code-%'");
});

const PHONE = "+13055550142";
let nextNetwork = 0;
const anotherNetwork = () => `198.51.100.${++nextNetwork}`;

describe("proving a phone by a one-time code", () => {
  it("has no verifier without the service's keys, so loyalty stays off", async () => {
    delete process.env.TWILIO_AUTH_TOKEN;
    expect(phoneVerifier()).toBeNull();
    expect(await sendPhoneCode(PHONE, anotherNetwork(), "en")).toEqual({ sent: false, reason: "off" });
    expect(twilio.smsCount(PHONE)).toBe(0);
  });

  it("approves the code the phone received, and refuses another", async () => {
    expect(await sendPhoneCode(PHONE, anotherNetwork(), "es")).toEqual({ sent: true });
    const code = twilio.sentCode(PHONE)!;
    const wrong = code === "000000" ? "111111" : "000000";
    expect(await checkPhoneCode(PHONE, wrong)).toBe("wrong");
    expect(await checkPhoneCode(PHONE, code)).toBe("approved");
    // Used: no live code is left.
    expect(await checkPhoneCode(PHONE, code)).toBe("expired");
  });

  it("sends at most 5 codes an hour to one phone, whatever the network", async () => {
    for (let i = 0; i < 5; i++) expect(await sendPhoneCode(PHONE, anotherNetwork(), "en")).toEqual({ sent: true });
    const sixth = await sendPhoneCode(PHONE, anotherNetwork(), "en");
    expect(sixth).toMatchObject({ sent: false, reason: "limited" });
    expect(twilio.smsCount(PHONE)).toBe(5);
    // An hour on, for the site and for the service alike.
    twilio.advance(3_600_000 + 1000);
    expect(await sendPhoneCode(PHONE, anotherNetwork(), "en", Date.now() + 3_600_000 + 1000)).toEqual({ sent: true });
  });

  it("sends at most 5 codes an hour from one network, whatever the phone", async () => {
    const network = anotherNetwork();
    for (let i = 0; i < 5; i++) expect(await sendPhoneCode(`+1305555010${i}`, network, "en")).toEqual({ sent: true });
    expect(await sendPhoneCode("+13055550109", network, "en")).toMatchObject({ sent: false, reason: "limited" });
    expect(twilio.smsCount("+13055550109")).toBe(0);
  });

  it("lets a code expire after 10 minutes", async () => {
    await sendPhoneCode(PHONE, anotherNetwork(), "en");
    const code = twilio.sentCode(PHONE)!;
    twilio.advance(10 * 60_000 + 1);
    expect(await checkPhoneCode(PHONE, code)).toBe("expired");
  });

  it("allows 5 tries, then the code is spent even when right", async () => {
    await sendPhoneCode(PHONE, anotherNetwork(), "en");
    const code = twilio.sentCode(PHONE)!;
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) expect(await checkPhoneCode(PHONE, wrong)).toBe("wrong");
    expect(await checkPhoneCode(PHONE, code)).toBe("expired");
  });

  it("says the service is unavailable on its 5xx, rather than a wrong code", async () => {
    await sendPhoneCode(PHONE, anotherNetwork(), "en");
    twilio.fault(503);
    await expect(checkPhoneCode(PHONE, twilio.sentCode(PHONE)!)).rejects.toBeInstanceOf(VerifierUnavailable);
  });
});
