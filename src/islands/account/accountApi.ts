// The account island's calls to the API: the account as it stands, a sign-in link used, a passkey added with
// the shared ceremony helper; the sign-in calls themselves are src/lib/dinerSignIn.ts's, which the page's
// form uses before any of this loads.
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

/** The signed-in diner's account, or null when signed out. */
export async function loadAccount(): Promise<AccountView | null> {
  try {
    return await apiRequest<AccountView>("/api/account");
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
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
