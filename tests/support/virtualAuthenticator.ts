// A phone's platform authenticator in Chromium (CDP WebAuthn.addVirtualAuthenticator): it keeps
// discoverable passkeys and verifies its user at once (a fingerprint), so journeys can add a passkey and sign
// in with it, conditional UI included.
import type { BrowserContext, CDPSession, Page } from "playwright-core";

/** The page's authenticator: its CDP session and id, to read or plant its passkeys. */
export interface PlatformAuthenticator {
  cdp: CDPSession;
  authenticatorId: string;
}

export async function addPlatformAuthenticator(context: BrowserContext, page: Page): Promise<PlatformAuthenticator> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

/**
 * Copies every passkey of one authenticator into another, as a synced passkey (iCloud Keychain, Google
 * Password Manager) reaches the diner's new browser: the same credential and key, nothing else of the old browser.
 */
export async function syncPasskeys(from: PlatformAuthenticator, to: PlatformAuthenticator): Promise<number> {
  const { credentials } = await from.cdp.send("WebAuthn.getCredentials", { authenticatorId: from.authenticatorId });
  for (const credential of credentials) await to.cdp.send("WebAuthn.addCredential", { authenticatorId: to.authenticatorId, credential });
  return credentials.length;
}
