// Twilio's request signature, as its security page documents it (https://www.twilio.com/docs/usage/security#validating-requests),
// proven on the example Twilio's own helper libraries test against: this URL, these parameters and the
// auth token "12345" are signed "0/KCTR6DLpKmkAf8muzZqo1nDgQ=".
import { describe, expect, it } from "vitest";
import { twilioSignature } from "./inbound";

const URL = "https://mycompany.com/myapp.php?foo=1&bar=2";
const PARAMS = { CallSid: "CA1234567890ABCDE", Caller: "+12349013030", Digits: "1234", From: "+12349013030", To: "+18005551212" };

describe("Twilio's request signature", () => {
  it("is the HMAC-SHA1 of the full URL and the parameters sorted by name, in base64", () => {
    expect(twilioSignature("12345", URL, new URLSearchParams(PARAMS)).toString()).toBe("0/KCTR6DLpKmkAf8muzZqo1nDgQ=");
  });

  it("changes with any parameter, the URL or the token", () => {
    const signed = twilioSignature("12345", URL, new URLSearchParams(PARAMS)).toString();
    expect(twilioSignature("12345", URL, new URLSearchParams({ ...PARAMS, Digits: "1235" })).toString()).not.toBe(signed);
    expect(twilioSignature("12345", `${URL}&baz=3`, new URLSearchParams(PARAMS)).toString()).not.toBe(signed);
    expect(twilioSignature("54321", URL, new URLSearchParams(PARAMS)).toString()).not.toBe(signed);
  });
});
