// Whether courier delivery is on, and the DoorDash settings it needs: the three parts of a Drive
// access key. Without them delivery stays as it always was (ZIP codes, a flat fee).
import { serverConfig } from "../config";
import type { DoorDashKey } from "./doordashJwt";

export interface DoorDashSettings extends DoorDashKey {
  /** Only locally (tests): where a fake DoorDash listens; deployed, DoorDash's own address. */
  baseUrl: string;
}

export const DOORDASH_URL = "https://openapi.doordash.com";

export function doordashSettings(): DoorDashSettings | null {
  const config = serverConfig();
  const { DOORDASH_DEVELOPER_ID: developerId, DOORDASH_KEY_ID: keyId, DOORDASH_SIGNING_SECRET: signingSecret } = config;
  if (!developerId || !keyId || !signingSecret) return null;
  return { developerId, keyId, signingSecret, baseUrl: (config.DOORDASH_BASE_URL ?? DOORDASH_URL).replace(/\/+$/, "") };
}

/** Whether delivery orders go by courier (a quote at checkout, a driver once paid). */
export function couriersConfigured(): boolean {
  return doordashSettings() !== null;
}

/** The Authorization header DoorDash's webhook was registered with, or undefined when none is set. */
export function doordashWebhookAuthorization(): string | undefined {
  return serverConfig().DOORDASH_WEBHOOK_AUTHORIZATION;
}
