// Twilio's Programmable Messaging, as its API is published (https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource):
// a form-encoded POST to /2010-04-01/Accounts/{AccountSid}/Messages.json with HTTP Basic auth (account SID and
// auth token), To, MessagingServiceSid, Body and StatusCallback (the URL Twilio posts the message's later
// statuses to: sent, delivered, undelivered, failed); 201 with the message (its sid, status "accepted" when a
// Messaging Service sends it). A refusal is JSON { code, message } (https://www.twilio.com/docs/usage/twilios-response):
// 21211 an invalid To, 21610 a recipient who replied STOP, 21408 a region not enabled, 20429 too many requests.

export interface TwilioMessagesConfig {
  accountSid: string;
  authToken: string;
  messagingServiceSid: string;
  baseUrl: string;
  /** Where Twilio posts each text's later status (our /api/texts/status), signed as every webhook is. */
  statusCallback?: string;
}

export type TextOutcome =
  | { sent: true; sid: string }
  /** Twilio will never send it (the number, STOP, the region): the news goes by e-mail instead. */
  | { sent: false; final: true; code: number | null }
  /** Twilio did not take it now (no answer, 429, 5xx): try again at the next sweep. */
  | { sent: false; final: false; code: number | null };

const TIMEOUT_MS = 5_000;

export async function sendText(config: TwilioMessagesConfig, to: string, body: string): Promise<TextOutcome> {
  let res: Response;
  const form = new URLSearchParams({ To: to, MessagingServiceSid: config.messagingServiceSid, Body: body });
  if (config.statusCallback) form.set("StatusCallback", config.statusCallback);
  try {
    res = await fetch(`${config.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: form,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return { sent: false, final: false, code: null };
  }
  const answer = (await res.json().catch(() => ({}))) as { sid?: string; code?: number };
  if (res.status === 201 && answer.sid) return { sent: true, sid: answer.sid };
  const code = typeof answer.code === "number" ? answer.code : null;
  // A 4xx other than 429 is Twilio's last word on this message (the number, STOP, the region, our keys).
  return { sent: false, final: res.status >= 400 && res.status < 500 && res.status !== 429, code };
}
