// The go-live lines of Apple Pay: one per hostname of the site (its address, and the one the console is
// open on), green once Square registered it, with the register button of the System tab's Apple Pay
// settings where it is not. Read from what the registrations recorded: nothing is asked of Square here.
import type { GoLiveLine } from "../../domain/goLive";
import { domainAssociation, isRegistrableHostname, registeredDomains } from "../square";
import { squareConfig } from "../platform/squareClient";
import { siteAddress } from "../platform/siteAddress";
import { line, when, type Check, type LineSpec } from "./lines";

const specOf = (hostname: string): LineSpec => ({ id: `apple-pay:${hostname}`, group: "Apple Pay", title: hostname, required: false, section: "apple-pay" });

/** The site's hostnames worth registering: its address and the host the owner opened the console on. */
export function siteHostnames(requestHost: string | null): string[] {
  const hosts = [new URL(siteAddress().url).hostname, ...(requestHost ? [requestHost.split(":")[0]!.toLowerCase()] : [])];
  return [...new Set(hosts)].filter(isRegistrableHostname);
}

async function applePayLines(requestHost: string | null): Promise<GoLiveLine[]> {
  const [fileSet, domains] = await Promise.all([domainAssociation().then((file) => file !== null), registeredDomains()]);
  // Those registered before stay listed too (a second domain, or www).
  const hostnames = [...new Set([...siteHostnames(requestHost), ...domains.map((domain) => domain.domainName)])];
  if (hostnames.length === 0) {
    const s = specOf("this site");
    return [line({ ...s, id: "apple-pay" }, "amber", "No hostname to register here: Apple Pay needs the site's real domain over HTTPS.", "Open the console on the deployed site to register its domain.")];
  }
  return hostnames.map((hostname) => {
    const s = specOf(hostname);
    const registered = domains.find((domain) => domain.domainName === hostname);
    if (registered?.status === "VERIFIED") {
      return line(s, "green", `Registered with Square for Apple Pay at ${when(registered.registeredAt)}.`, "", { lastSeenWorking: registered.registeredAt });
    }
    const action = { kind: "register-apple-pay", domainName: hostname } as const;
    if (registered) {
      return line(s, "red", `Square answered ${registered.status} at ${when(registered.registeredAt)}: Apple has not verified the domain.`, "Paste Square's current domain association file again (System tab), then register again.", { action });
    }
    if (!squareConfig()) return line(s, "amber", "Not registered: Square is not connected yet.", "Connect Square first; then register this hostname.");
    if (!fileSet) return line(s, "amber", "Not registered: Square's domain association file is not in place yet.", "Paste Square's domain association file in the System tab's Apple Pay settings, then register.");
    return line(s, "amber", "Not registered: the checkout shows no Apple Pay button on this hostname.", "Register it with Square (Apple then checks the file the site serves).", { action });
  });
}

export function applePayCheck(requestHost: string | null): Check {
  const specs = siteHostnames(requestHost).map(specOf);
  return { specs: specs.length > 0 ? specs : [{ ...specOf("this site"), id: "apple-pay" }], run: () => applePayLines(requestHost) };
}
