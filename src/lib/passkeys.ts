// The browser's side of passkeys (@simplewebauthn/browser): each ceremony asks the server for options,
// lets the device make or use the passkey, and sends the answer back. Cancelled by the person: null.
import { browserSupportsWebAuthn, startAuthentication, startRegistration, WebAuthnError } from "@simplewebauthn/browser";
import { apiRequest } from "./api";

export { browserSupportsWebAuthn };

type Options<K extends "optionsJSON"> = Parameters<typeof startRegistration>[0][K];
type SignInOptions = Parameters<typeof startAuthentication>[0]["optionsJSON"];

/** Whether the person closed the device's prompt (nothing to report). */
function cancelled(error: unknown): boolean {
  return error instanceof WebAuthnError ? error.code === "ERROR_CEREMONY_ABORTED" || error.name === "NotAllowedError" : error instanceof DOMException && error.name === "NotAllowedError";
}

/** Signs in with a passkey; answers the server's answer, or null when the person cancelled. */
export async function signInWithPasskey<T>(): Promise<T | null> {
  const { ceremonyId, options } = await apiRequest<{ ceremonyId: string; options: SignInOptions }>("/api/admin/session/passkey/options", { method: "POST" });
  try {
    const response = await startAuthentication({ optionsJSON: options });
    return await apiRequest<T>("/api/admin/session/passkey", { method: "POST", body: { ceremonyId, response } });
  } catch (error) {
    if (cancelled(error)) return null;
    throw error;
  }
}

/**
 * Registers a passkey: `start` and `finish` are the endpoints (signed in, or the set-up link's), `extra`
 * goes with both (the link's token). Answers the server's answer, or null when the person cancelled.
 */
export async function registerPasskey<T>(start: string, finish: string, label: string, extra: Record<string, string> = {}): Promise<T | null> {
  const { ceremonyId, options } = await apiRequest<{ ceremonyId: string; options: Options<"optionsJSON"> }>(start, { method: "POST", body: extra });
  try {
    const response = await startRegistration({ optionsJSON: options });
    return await apiRequest<T>(finish, { method: "POST", body: { ...extra, ceremonyId, response, label } });
  } catch (error) {
    if (cancelled(error)) return null;
    throw error;
  }
}

/** A label for a new passkey, from the device the person is on, in the page's language ("iPhone, 5 dic 2026"). */
export function deviceLabel(locale: "en" | "es" = "en"): string {
  const agent = navigator.userAgent;
  const spanish = locale === "es";
  const device = /iPhone/.test(agent) ? "iPhone" : /iPad/.test(agent) ? "iPad" : /Android/.test(agent) ? (spanish ? "Teléfono Android" : "Android phone") : /Mac/.test(agent) ? "Mac" : /Windows/.test(agent) ? (spanish ? "PC con Windows" : "Windows PC") : spanish ? "Este dispositivo" : "This device";
  return `${device}, ${new Date().toLocaleDateString(spanish ? "es-US" : "en-US", { dateStyle: "medium" })}`;
}
