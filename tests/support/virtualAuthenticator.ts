// A phone's platform authenticator in Chromium (CDP WebAuthn.addVirtualAuthenticator): it keeps
// discoverable passkeys and verifies its user at once (a fingerprint), so journeys can add a passkey and sign
// in with it, conditional UI included.
import type { BrowserContext, Page } from "playwright-core";

export async function addPlatformAuthenticator(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}
