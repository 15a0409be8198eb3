// A session's device as a diner reads it ("Safari" on "iPhone"), from the browser's user-agent string by
// bowser, a maintained parser, so the account page never lists raw user-agent strings.
import Bowser from "bowser";

export interface DeviceName {
  /** "Safari", "Chrome", "Microsoft Edge"; empty when the string names no browser. */
  browser: string;
  /** "iPhone", "iPad", "Mac", "Windows", "Android", "Linux"; empty when unknown. */
  device: string;
}

/** What a user-agent string says of the browser and the device it runs on. */
export function deviceName(userAgent: string): DeviceName {
  if (!userAgent) return { browser: "", device: "" };
  const parsed = Bowser.parse(userAgent);
  const os = parsed.os.name ?? "";
  // Apple names its phones and tablets; for the others the system is what a person recognises.
  const device = parsed.platform.model ?? (os === "macOS" ? "Mac" : os === "Chrome OS" ? "Chromebook" : os);
  return { browser: parsed.browser.name ?? "", device };
}
