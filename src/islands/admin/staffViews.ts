// What the console's people tabs read from the API (accounts, set-up links, sessions, passkeys), and how
// they write a time: the restaurant's clock, whatever the device's.
import { RESTAURANT_TIME_ZONE } from "../../domain/hours";
import type { StaffRole } from "../../domain/staffRoles";

export interface Account {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  disabled: boolean;
  hasPassword: boolean;
  passkeys: number;
}

export interface SetupLink {
  /** Null when the link went by e-mail only (an owner's account): the console never holds it. */
  path: string | null;
  expiresAt: string;
  /** Queued by e-mail to the person (mail is configured); otherwise the owner passes it on. */
  emailed: boolean;
}

export interface PasskeyView {
  id: string;
  label: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface SessionView {
  id: string;
  current: boolean;
  method: string;
  userAgent: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

export const when = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { timeZone: RESTAURANT_TIME_ZONE, dateStyle: "medium", timeStyle: "short" });
