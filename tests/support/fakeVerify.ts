// A fake Twilio Verify on 127.0.0.1, written from Twilio's published API:
// - POST /v2/Services/{ServiceSid}/Verifications (form: To, Channel, Locale), HTTP Basic auth with the account
//   SID and auth token; answers 201 with the verification, status "pending"
//   (https://www.twilio.com/docs/verify/api/verification#start-new-verification);
// - a verification lives 10 minutes (https://www.twilio.com/docs/verify/api/verification "expire after 10
//   minutes"); starting one again while one is pending for the same phone resends it (the same code) and counts
//   a send attempt: at most 5, then 429 with error 60203 Max send attempts reached
//   (https://www.twilio.com/docs/api/errors/60203);
// - POST /v2/Services/{ServiceSid}/VerificationCheck (form: To, Code): 200 with status "approved" (valid true)
//   for the right code, which ends the verification; "pending" (valid false) for a wrong one; at most 5 checks,
//   then 429 with error 60202 Max check attempts reached (https://www.twilio.com/docs/api/errors/60202);
//   no pending verification (expired, approved, never started) answers 404 with error 20404
//   (https://www.twilio.com/docs/verify/api/verification-check);
// - errors are JSON { code, message, more_info, status } (https://www.twilio.com/docs/usage/twilios-response).
// The code a phone would receive by SMS is `sentCode(phone)`; `advance(ms)` moves the fake's clock.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { randomInt, randomUUID } from "node:crypto";

export interface FakeVerify {
  url: string;
  accountSid: string;
  authToken: string;
  serviceSid: string;
  /** The code last sent to `phone` by SMS, or undefined. */
  sentCode(phone: string): string | undefined;
  /** How many SMS went to `phone`. */
  smsCount(phone: string): number;
  /** How many SMS went anywhere. */
  totalSms(): number;
  /** Moves the fake's clock forward (the 10-minute life). */
  advance(ms: number): void;
  /** Answers `status` to the next `times` requests (a 5xx, a 429). */
  fault(status: number, times?: number): void;
  reset(): void;
  stop(): Promise<void>;
}

const LIFE_MS = 10 * 60_000;
const MAX_SENDS = 5;
const MAX_CHECKS = 5;

interface Verification {
  sid: string;
  to: string;
  code: string;
  createdAt: number;
  sends: number;
  checks: number;
  status: "pending" | "approved";
}

export async function startFakeVerify(): Promise<FakeVerify> {
  const accountSid = `AC${randomUUID().replace(/-/g, "")}`;
  const authToken = randomUUID().replace(/-/g, "");
  const serviceSid = `VA${randomUUID().replace(/-/g, "")}`;
  const verifications = new Map<string, Verification>();
  const sms = new Map<string, string[]>();
  let offset = 0;
  let faults: { status: number; times: number } | null = null;
  const now = () => Date.now() + offset;
  const live = (to: string) => {
    const found = verifications.get(to);
    return found && found.status === "pending" && now() - found.createdAt < LIFE_MS ? found : undefined;
  };
  const error = (status: number, code: number, message: string) => ({ status, body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status } });
  const shown = (v: Verification) => ({
    sid: v.sid, service_sid: serviceSid, account_sid: accountSid, to: v.to, channel: "sms", status: v.status, valid: v.status === "approved",
    date_created: new Date(v.createdAt).toISOString(), date_updated: new Date(now()).toISOString(),
  });

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
    const answer = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (req.headers.authorization !== `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`) {
      const failed = error(401, 20003, "Authenticate");
      return answer(failed.status, failed.body);
    }
    if (faults && faults.times-- > 0) {
      const failed = error(faults.status, faults.status === 429 ? 20429 : 20500, "Injected fault");
      return answer(failed.status, failed.body);
    }
    const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
    const to = form.get("To") ?? "";
    if (req.method === "POST" && path === `/v2/Services/${serviceSid}/Verifications`) {
      if (!/^\+[1-9]\d{7,14}$/.test(to)) return answer(400, error(400, 60200, "Invalid parameter `To`").body);
      let verification = live(to);
      if (verification && verification.sends >= MAX_SENDS) return answer(429, error(429, 60203, "Max send attempts reached").body);
      if (!verification) {
        verification = { sid: `VE${randomUUID().replace(/-/g, "")}`, to, code: String(randomInt(0, 1_000_000)).padStart(6, "0"), createdAt: now(), sends: 0, checks: 0, status: "pending" };
        verifications.set(to, verification);
      }
      verification.sends += 1;
      sms.set(to, [...(sms.get(to) ?? []), verification.code]);
      return answer(201, shown(verification));
    }
    if (req.method === "POST" && path === `/v2/Services/${serviceSid}/VerificationCheck`) {
      const verification = live(to);
      if (!verification) return answer(404, error(404, 20404, "The requested resource was not found").body);
      if (verification.checks >= MAX_CHECKS) return answer(429, error(429, 60202, "Max check attempts reached").body);
      verification.checks += 1;
      if (form.get("Code") === verification.code) verification.status = "approved";
      return answer(200, shown(verification));
    }
    return answer(404, error(404, 20404, "The requested resource was not found").body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    serviceSid,
    sentCode: (phone) => sms.get(phone)?.at(-1),
    smsCount: (phone) => sms.get(phone)?.length ?? 0,
    totalSms: () => [...sms.values()].reduce((total, sent) => total + sent.length, 0),
    advance(ms) {
      offset += ms;
    },
    fault(status, times = 1) {
      faults = { status, times };
    },
    reset() {
      verifications.clear();
      sms.clear();
      offset = 0;
      faults = null;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
