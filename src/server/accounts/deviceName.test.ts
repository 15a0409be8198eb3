import { describe, expect, it } from "vitest";
import { deviceName } from "./deviceName";

describe("a session's device as the account page names it", () => {
  it("reads the browser and the device from the user-agent string", () => {
    expect(deviceName("Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1")).toEqual({ browser: "Safari", device: "iPhone" });
    expect(deviceName("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36")).toEqual({ browser: "Chrome", device: "Android" });
    expect(deviceName("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15")).toEqual({ browser: "Safari", device: "Mac" });
    expect(deviceName("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0")).toEqual({ browser: "Microsoft Edge", device: "Windows" });
  });

  it("says nothing it cannot read", () => {
    expect(deviceName("")).toEqual({ browser: "", device: "" });
    expect(deviceName("curl/8.5.0").device).toBe("");
  });
});
