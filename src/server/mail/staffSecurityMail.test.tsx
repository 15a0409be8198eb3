import { describe, expect, it } from "vitest";
import type { SecurityNotice } from "./staffSecurityMail";
import { browserText, securityNoticeMail } from "./staffSecurityMail";

const notice = (overrides: Partial<SecurityNotice>): SecurityNotice => ({
  event: "passkey-added",
  accountName: "Luis",
  accountEmail: "luis@jealousfork.test",
  at: "2026-11-21T17:05:00.000Z",
  userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
  address: "203.0.113.9",
  label: "Office laptop",
  ...overrides,
});
const consoleUrl = "https://jealousfork.example/admin";

describe("staff security notices", () => {
  it("tell the person a passkey was added: which, when (Miami time) and from which browser and network", async () => {
    const mail = await securityNoticeMail({ notice: notice({}), ownAccount: true, consoleUrl });
    expect(mail.subject).toBe("A passkey was added to your account");
    expect(mail.text).toContain('named "Office laptop"');
    expect(mail.text).toContain("Saturday, November 21, 2026 at 12:05 PM, Miami time");
    expect(mail.text).toContain("from Chrome on Windows (network address 203.0.113.9)");
    expect(mail.text).toContain("ask an owner for a new set-up link");
  });

  it("name whose account an alarm is about when an owner reads it, and say nothing is locked", async () => {
    const alarm = notice({ event: "sign-in-alarm", failures: 10, userAgent: undefined, address: undefined, label: undefined });
    const owner = await securityNoticeMail({ notice: alarm, ownAccount: false, consoleUrl });
    expect(owner.subject).toBe("Many failed sign-ins on Luis's account");
    expect(owner.text).toContain("10 wrong passwords in a row were tried for Luis's account");
    expect(owner.text).toContain("Nothing is locked");
    expect((await securityNoticeMail({ notice: alarm, ownAccount: true, consoleUrl })).subject).toBe("Many failed sign-ins on your account");
  });

  it("tell a person and the owners of a hand-over: what was done, by whom, when and from where", async () => {
    const promoted = notice({ event: "made-owner", by: "Marta", label: undefined });
    const own = await securityNoticeMail({ notice: promoted, ownAccount: true, consoleUrl });
    expect(own.subject).toBe("You are now an owner");
    expect(own.text).toContain("was given the owner's role by Marta on Saturday, November 21, 2026 at 12:05 PM, Miami time, from Chrome on Windows");
    const owners = await securityNoticeMail({ notice: promoted, ownAccount: false, consoleUrl });
    expect(owners.subject).toBe("Luis is now an owner");
    expect(owners.text).toContain("check the Staff and Activity tabs");
    const removed = await securityNoticeMail({ notice: notice({ event: "passkey-removed", by: "Marta" }), ownAccount: true, consoleUrl });
    expect(removed.subject).toBe("A passkey was removed from your account");
    expect(removed.text).toContain('named "Office laptop" was removed from your Jealous Fork console account (luis@jealousfork.test) by Marta');
    expect((await securityNoticeMail({ notice: notice({ event: "account-disabled", by: "Marta" }), ownAccount: true, consoleUrl })).subject).toBe("Your account was disabled");
  });

  it("shorten a browser to what a person recognises", () => {
    expect(browserText("Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1")).toBe("Safari on iPhone");
    expect(browserText("Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Gecko/20100101 Firefox/133.0")).toBe("Firefox on Mac");
    expect(browserText(undefined)).toBe("an unknown browser");
  });
});
