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
// `sent(to)` are the bodies a phone received; `optOut(to)` is the phone's owner replying STOP.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";

export interface FakeTwilioMessages {
  url: string;
  messagingServiceSid: string;
  sent(to: string): string[];
  total(): number;
  optOut(to: string): void;
  /** Answers `status` to the next `times` requests (a 5xx, a 429). */
  fault(status: number, times?: number): void;
  reset(): void;
  stop(): Promise<void>;
}

export async function startFakeTwilioMessages(accountSid: string, authToken: string): Promise<FakeTwilioMessages> {
  const messagingServiceSid = `MG${randomUUID().replace(/-/g, "")}`;
  const inbox = new Map<string, string[]>();
  const stopped = new Set<string>();
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
    inbox.set(to, [...(inbox.get(to) ?? []), body]);
    const sid = `SM${randomUUID().replace(/-/g, "")}`;
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
    fault(status, times = 1) {
      faults = { status, times };
    },
    reset() {
      inbox.clear();
      stopped.clear();
      faults = null;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
