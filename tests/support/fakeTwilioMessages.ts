// A fake Twilio Programmable Messaging API on 127.0.0.1, written from Twilio's published API:
// - POST /2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded (To, MessagingServiceSid or From, Body),
//   HTTP Basic auth with the account SID and auth token; 201 with the message resource, its sid "SM..." and,
//   sent through a Messaging Service, status "accepted"
//   (https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource);
// - refusals are JSON { code, message, more_info, status } (https://www.twilio.com/docs/usage/twilios-response):
//   401 20003 without the right credentials; 400 21211 for a To that is not a phone number
//   (https://www.twilio.com/docs/api/errors/21211); 400 21610 for a recipient who replied STOP
//   (https://www.twilio.com/docs/api/errors/21610); 400 21602 without a Body
//   (https://www.twilio.com/docs/api/errors/21602).
// - StatusCallback: Twilio posts the message's later statuses to it, form-encoded with MessageSid,
//   MessageStatus (sent, delivered, undelivered, failed), ErrorCode when it failed, AccountSid, From, To
//   (https://www.twilio.com/docs/messaging/guides/track-outbound-message-status); delivery errors are
//   30003 unreachable handset, 30004 blocked, 30005 unknown destination, 30006 landline, 30007 carrier
//   filtering, 30008 unknown (https://www.twilio.com/docs/api/errors/30003 ... /30008);
// - an incoming message is posted to the Messaging Service's webhook with MessageSid, AccountSid,
//   MessagingServiceSid, From, To, Body, NumMedia, and OptOutType (STOP, START, HELP) when Advanced Opt-Out
//   recognised the keyword (https://www.twilio.com/docs/messaging/guides/webhook-request);
// - every such request is signed: X-Twilio-Signature is the base64 HMAC-SHA1, keyed by the auth token, of
//   the full URL and then each POST parameter's name and value sorted by name
//   (https://www.twilio.com/docs/usage/security#validating-requests).
// `sent(to)` are the bodies a phone received; `optOut(to)` is the phone's owner replying STOP;
// `callback(sid, status, code)` and `reply(from, body)` are Twilio's signed requests to the site.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createHmac, randomUUID } from "node:crypto";

export interface FakeTwilioMessages {
  url: string;
  messagingServiceSid: string;
  sent(to: string): string[];
  total(): number;
  optOut(to: string): void;
  /** When the fake accepted each message a phone was sent (Date.now()), oldest first: a bench's end mark. */
  acceptedAt(to: string): number[];
  /** Answers each message this long after it arrives: Twilio's own time to accept one, as a bench states it. */
  answerAfter(ms: number): void;
  /** The sids of the messages a phone was sent, oldest first. */
  sids(to: string): string[];
  /** Twilio's signed StatusCallback post of a message's later status, to the URL given with it. */
  callback(sid: string, status: "sent" | "delivered" | "undelivered" | "failed", errorCode?: number): Request;
  /** Twilio's signed post of a phone's reply to the Messaging Service's incoming-message webhook `url`. */
  reply(url: string, from: string, body: string, optOutType?: "STOP" | "START" | "HELP"): Request;
  /** Answers `status` to the next `times` requests (a 5xx, a 429). */
  fault(status: number, times?: number): void;
  reset(): void;
  stop(): Promise<void>;
}

export async function startFakeTwilioMessages(accountSid: string, authToken: string): Promise<FakeTwilioMessages> {
  const messagingServiceSid = `MG${randomUUID().replace(/-/g, "")}`;
  const inbox = new Map<string, string[]>();
  const stopped = new Set<string>();
  const messages = new Map<string, { to: string; statusCallback: string | null; at: number }>();
  let answerDelayMs = 0;
  const signed = (url: string, params: Record<string, string>): Request => {
    const data = Object.keys(params).sort().reduce((text, name) => text + name + params[name], url);
    const signature = createHmac("sha1", authToken).update(data, "utf8").digest("base64");
    return new Request(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": signature }, body: new URLSearchParams(params) });
  };
  const ourNumber = "+13055550100";
  let faults: { status: number; times: number } | null = null;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
    const answer = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    const refuse = (status: number, code: number, message: string) => answer(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
    if (req.headers.authorization !== `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`) return refuse(401, 20003, "Authenticate");
    if (faults && faults.times-- > 0) return refuse(faults.status, faults.status === 429 ? 20429 : 20500, "Injected fault");
    const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
    if (req.method !== "POST" || path !== `/2010-04-01/Accounts/${accountSid}/Messages.json`) return refuse(404, 20404, "The requested resource was not found");
    const to = form.get("To") ?? "";
    const body = form.get("Body") ?? "";
    if (!/^\+[1-9]\d{7,14}$/.test(to)) return refuse(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    if (!body) return refuse(400, 21602, "Message body is required.");
    if (form.get("MessagingServiceSid") !== messagingServiceSid && !form.get("From")) return refuse(400, 21606, "The From phone number is not a valid message-capable phone number.");
    if (stopped.has(to)) return refuse(400, 21610, "Attempt to send to unsubscribed recipient");
    if (answerDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, answerDelayMs));
    inbox.set(to, [...(inbox.get(to) ?? []), body]);
    const sid = `SM${randomUUID().replace(/-/g, "")}`;
    messages.set(sid, { to, statusCallback: form.get("StatusCallback"), at: Date.now() });
    return answer(201, { sid, account_sid: accountSid, messaging_service_sid: messagingServiceSid, to, body, status: "accepted", num_segments: "1", date_created: new Date().toUTCString() });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    messagingServiceSid,
    sent: (to) => inbox.get(to) ?? [],
    total: () => [...inbox.values()].reduce((sum, bodies) => sum + bodies.length, 0),
    optOut: (to) => void stopped.add(to),
    acceptedAt: (to) => [...messages.values()].filter((message) => message.to === to).map((message) => message.at),
    answerAfter(ms) {
      answerDelayMs = ms;
    },
    sids: (to) => [...messages].filter(([, message]) => message.to === to).map(([sid]) => sid),
    callback(sid, status, errorCode) {
      const message = messages.get(sid);
      if (!message?.statusCallback) throw new Error(`no StatusCallback was given with ${sid}`);
      const params: Record<string, string> = { AccountSid: accountSid, MessageSid: sid, SmsSid: sid, MessageStatus: status, SmsStatus: status, From: ourNumber, To: message.to, MessagingServiceSid: messagingServiceSid };
      if (errorCode) params.ErrorCode = String(errorCode);
      return signed(message.statusCallback, params);
    },
    reply(url, from, body, optOutType) {
      const params: Record<string, string> = { AccountSid: accountSid, MessageSid: `SM${randomUUID().replace(/-/g, "")}`, MessagingServiceSid: messagingServiceSid, From: from, To: ourNumber, Body: body, NumMedia: "0", NumSegments: "1", ApiVersion: "2010-04-01" };
      if (optOutType) params.OptOutType = optOutType;
      if (optOutType === "STOP") stopped.add(from);
      if (optOutType === "START") stopped.delete(from);
      return signed(url, params);
    },
    fault(status, times = 1) {
      faults = { status, times };
    },
    reset() {
      inbox.clear();
      stopped.clear();
      messages.clear();
      answerDelayMs = 0;
      faults = null;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
