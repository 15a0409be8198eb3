import { describe, expect, it } from "vitest";
import type { SecurityNotice } from "./staffSecurityMail";
import { securityNoticeMail } from "./staffSecurityMail";

// As the outbox holds it: a security notice of the event "sign-in-code", the code in `token` until it is sent.
const queued = {
  event: "sign-in-code",
  accountName: "Owner",
  accountEmail: "owner@jealousfork.test",
  at: "2026-11-21T17:05:00.000Z",
  userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1",
  address: "2001:db8:77:1::5",
  expiresAt: "2026-11-21T17:15:00.000Z",
  token: "042917",
} as unknown as SecurityNotice;
const consoleUrl = "https://jealousfork.example/admin";

describe("the sign-in code e-mail", () => {
  it("gives the code, until when it works (Miami time), and which browser and network asked", async () => {
    const mail = await securityNoticeMail({ notice: queued, ownAccount: true, consoleUrl });
    expect(mail.subject).toBe("Your Jealous Fork sign-in code");
    expect(mail.text).toMatch(/your sign-in code: 042917/i);
    expect(mail.text).toContain("by 12:15 PM, Miami time");
    expect(mail.text).toContain("from Safari on iPhone (network address 2001:db8:77:1::5)");
    expect(mail.text).toContain("your password is known to someone else");
  });

  it("shows no code once the outbox has dropped it (a resend from the console)", async () => {
    const { token: _token, ...sent } = queued as unknown as Record<string, unknown>;
    const mail = await securityNoticeMail({ notice: sent as unknown as SecurityNotice, ownAccount: true, consoleUrl });
    expect(mail.text).not.toMatch(/\d{6}/);
    expect(mail.text).toContain("Sign in again for a new code");
  });
});
