// The account page's calls to the API: the account as it stands, a sign-in link asked for or used, a passkey
// sign-in (from the e-mail field's autofill, or a button), a passkey added with the shared ceremony helper.
import { browserSupportsWebAuthnAutofill, startAuthentication, WebAuthnError } from "@simplewebauthn/browser";
import { ApiError, apiRequest, pageLocale } from "../../lib/api";
import { deviceLabel, registerPasskey } from "../../lib/passkeys";
import type { SavedAddress } from "./savedApi";

export interface AccountView {
  account: { email: string; name: string; phone: string; createdAt: string; emailConfirmed?: boolean };
  addresses: SavedAddress[];
  passkeys: { id: string; label: string; createdAt: string; lastUsedAt: string | null }[];
  sessions: { id: string; current: boolean; method: string; userAgent: string; browser?: string; device?: string; createdAt: string; lastSeenAt: string }[];
}

export interface PastOrder {
  orderId: string;
  orderNumber: string;
  createdAt: string;
  status: string;
  total: number;
  items: { name: string; quantity: number }[];
}

export async function loadOrders(): Promise<PastOrder[]> {
  return (await apiRequest<{ orders: PastOrder[] }>("/api/account/orders")).orders;
}

/** Whether this browser holds a live session, as the server sees it (a 200 either way). */
export async function sessionOf(): Promise<boolean> {
  return (await apiRequest<{ signedIn: boolean }>("/api/account/session")).signedIn === true;
}

type SignInOptions = Parameters<typeof startAuthentication>[0]["optionsJSON"];

/** The signed-in diner's account, or null when signed out. */
export async function loadAccount(): Promise<AccountView | null> {
  try {
    return await apiRequest<AccountView>("/api/account");
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

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

/** Signed in, or the question to ask first (the link was asked for in another browser, or replaces a session). */
export type LinkOutcome = { signedIn: true; created: boolean } | { signedIn: false; confirm: true; email: string };

export function spendLink(token: string, confirm = false): Promise<LinkOutcome> {
  return apiRequest("/api/account/link/use", { body: confirm ? { token, confirm } : { token } });
}

/** Adds a passkey of this device; false when the person cancelled. */
export async function addPasskey(): Promise<boolean> {
  return (await registerPasskey("/api/account/passkeys/options", "/api/account/passkeys", deviceLabel(pageLocale()))) !== null;
}

export const removePasskey = (id: string) => apiRequest(`/api/account/passkeys/${encodeURIComponent(id)}`, { method: "DELETE" });
export const endSession = (id: string) => apiRequest(`/api/account/sessions/${encodeURIComponent(id)}`, { method: "DELETE" });
export const signOut = () => apiRequest("/api/account/session", { method: "DELETE" });
export const deleteAccount = () => apiRequest("/api/account", { method: "DELETE" });
