import { describe, expect, it } from "vitest";
import { doordashTrackingUrl } from "./courierTracking";

describe("the courier's tracking link", () => {
  it("is kept when it is an https page on doordash.com or one of its subdomains", () => {
    expect(doordashTrackingUrl("https://track.doordash.com/share/abc/track")).toBe("https://track.doordash.com/share/abc/track");
    expect(doordashTrackingUrl("https://doordash.com/drive/portal/track/abc")).toBe("https://doordash.com/drive/portal/track/abc");
    expect(doordashTrackingUrl("https://WWW.DoorDash.com/t/1")).toBe("https://www.doordash.com/t/1");
  });

  it("is dropped for any other host, scheme, credentials, port or text", () => {
    for (const link of [
      "http://track.doordash.com/share/abc",
      "https://evil.example/track",
      "https://doordash.com.evil.example/",
      "https://evildoordash.com/",
      "https://user:pass@track.doordash.com/",
      "https://track.doordash.com:8443/",
      "javascript:alert(1)//doordash.com",
      "//track.doordash.com/abc",
      "not a url",
      "",
      null,
      42,
    ]) {
      expect(doordashTrackingUrl(link), String(link)).toBeNull();
    }
  });
});
