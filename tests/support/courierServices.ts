// Courier delivery for the API tests: a fake DoorDash on 127.0.0.1, the DOORDASH_* settings pointed at
// it, its webhook delivered to our handler with the Authorization registered for it, and the checkout's
// quote as the browser asks for it. Started before a file's tests, reset before each, stopped after.
import { afterAll, beforeAll, beforeEach } from "vitest";
import quotesHandler from "../../netlify/functions/delivery-quotes.mts";
import webhookHandler from "../../netlify/functions/courier-webhooks.mts";
import { startFakeDoorDash, type FakeDoorDash } from "./fakeDoorDash";
import { call } from "./functions";

export const WEBHOOK_AUTHORIZATION = `Basic ${Buffer.from("doordash:webhook-secret-for-tests").toString("base64")}`;

export function courierSettings(doordash: FakeDoorDash): Record<string, string> {
  return {
    DOORDASH_DEVELOPER_ID: doordash.developerId,
    DOORDASH_KEY_ID: doordash.keyId,
    DOORDASH_SIGNING_SECRET: doordash.signingSecret,
    DOORDASH_BASE_URL: doordash.url,
    DOORDASH_WEBHOOK_AUTHORIZATION: WEBHOOK_AUTHORIZATION,
  };
}

export function useFakeDoorDash(): { readonly doordash: FakeDoorDash } {
  let started: FakeDoorDash | undefined;
  beforeAll(async () => {
    started = await startFakeDoorDash();
    Object.assign(process.env, courierSettings(started));
    started.subscribe({
      authorization: WEBHOOK_AUTHORIZATION,
      deliver: (body, headers) => call(webhookHandler, "/api/couriers/doordash/webhooks", { body, headers }),
    });
  });
  beforeEach(() => started?.reset());
  afterAll(async () => {
    for (const name of Object.keys(courierSettings(started!))) delete process.env[name];
    await started?.stop();
  });
  return {
    get doordash() {
      if (!started) throw new Error("The fake DoorDash is read before beforeAll started it");
      return started;
    },
  };
}

/** POST /api/delivery/quotes as the checkout sends it. */
export function askQuote(body: Record<string, unknown>): Promise<Response> {
  return call(quotesHandler, "/api/delivery/quotes", { body });
}
