// A diner's sign-in calls, for the account page's form (src/lib/accountSignIn.ts, a plain script): whether this
// browser holds a session, a passkey sign-in (from the e-mail field's autofill, or a button), and the e-mailed
// link asked for. Kept apart from the account island's calls (src/islands/account/accountApi.ts) so a visitor
// who is not signed in loads these and @simplewebauthn's sign-in half, not React.
import { browserSupportsWebAuthnAutofill, startAuthentication, WebAuthnError } from "@simplewebauthn/browser";
import { apiRequest } from "./api";

/** Whether this browser holds a live session, as the server sees it (a 200 either way). */
export async function sessionOf(): Promise<boolean> {
  return (await apiRequest<{ signedIn: boolean }>("/api/account/session")).signedIn === true;
}

type SignInOptions = Parameters<typeof startAuthentication>[0]["optionsJSON"];

/** Whether the person closed the device's prompt, or another ceremony took over (nothing to report). */
function cancelled(error: unknown): boolean {
  if (error instanceof WebAuthnError) return error.code === "ERROR_CEREMONY_ABORTED" || error.name === "NotAllowedError" || error.name === "AbortError";
  return error instanceof DOMException && (error.name === "NotAllowedError" || error.name === "AbortError");
}

/**
 * Signs in with a passkey: `autofill` waits for the person to pick one in the e-mail field's suggestions
 * (WebAuthn conditional UI), else the device asks at once. True when signed in; false when cancelled.
 */
export async function passkeySignIn(autofill: boolean): Promise<boolean> {
  if (autofill && !(await browserSupportsWebAuthnAutofill())) return false;
  const { ceremonyId, options } = await apiRequest<{ ceremonyId: string; options: SignInOptions }>("/api/account/session/options", { method: "POST" });
  try {
    const response = await startAuthentication({ optionsJSON: options, useBrowserAutofill: autofill });
    await apiRequest("/api/account/session", { method: "POST", body: { ceremonyId, response } });
    return true;
  } catch (error) {
    if (cancelled(error)) return false;
    throw error;
  }
}

export function askForLink(email: string, name: string): Promise<unknown> {
  return apiRequest("/api/account/link", { body: { email, name } });
}
