// Twilio's keys for order texts: the account's SID and token (shared with Verify) and the Messaging Service;
// Twilio posts each text's later status to the site's /api/texts/status.
import { serverConfig } from "../config";
import { siteUrl } from "../platform/siteAddress";
import type { TwilioMessagesConfig } from "./twilioMessages";

export const STATUS_CALLBACK_PATH = "/api/texts/status";

/** Whether the checkout offers "Text me about this order": only with Twilio's keys set. */
export const orderTextsAvailable = (): boolean => textsConfig() !== null;

export function textsConfig(): TwilioMessagesConfig | null {
  const config = serverConfig();
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_MESSAGING_SERVICE_SID: messagingServiceSid } = config;
  if (!accountSid || !authToken || !messagingServiceSid) return null;
  return { accountSid, authToken, messagingServiceSid, baseUrl: config.TWILIO_API_BASE_URL ?? "https://api.twilio.com", statusCallback: `${siteUrl()}${STATUS_CALLBACK_PATH}` };
}
