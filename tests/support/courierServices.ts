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

/** The diner of the courier tests, at an address DoorDash reaches (Miami, 3 miles). */
export const COURIER_CUSTOMER = { name: "Ana Pérez", email: "ana@example.com", phone: "(305) 555-0142" };
export const COURIER_DROPOFF = { address: "1200 SW 8th St", city: "Miami", state: "FL", zipCode: "33135", phone: "", deliveryNotes: "Blue door" };
/** Two Billionaire Brunch Bites and a Hot Maple Flatbread: $50.00, tax $3.75 (the restaurant clock is Saturday noon). */
export const COURIER_ITEMS = [
  { id: 7, name: "Billionaire Brunch Bites", price: 17, quantity: 2 },
  { id: 1, name: "Hot Maple Flatbread", price: 16, quantity: 1 },
];

/** The checkout's quote request for that cart, with a $5 tip. */
export const courierQuoteBody = (overrides: Record<string, unknown> = {}) => ({
  deliveryInfo: COURIER_DROPOFF,
  customerInfo: { name: COURIER_CUSTOMER.name, phone: COURIER_CUSTOMER.phone },
  subtotal: 50,
  tip: 5,
  ...overrides,
});

/** A quote the checkout shows (200 expected): its id, fee ("9.75"), drop-off time and end. */
export async function courierQuote(overrides: Record<string, unknown> = {}) {
  const res = await askQuote(courierQuoteBody(overrides));
  if (res.status !== 200) throw new Error(`no quote: ${res.status} ${await res.text()}`);
  return (await res.json()) as { quoteId: string; fee: string; dropoffEta: string; expiresAt: string };
}

/** The order the checkout posts with a quote: the cart, the $5 tip, the fee and the total shown. */
export const courierOrderBody = (quoteId: string, fee: number, overrides: Record<string, unknown> = {}) => ({
  items: COURIER_ITEMS,
  orderType: "delivery",
  customerInfo: COURIER_CUSTOMER,
  deliveryInfo: COURIER_DROPOFF,
  courierQuoteId: quoteId,
  tip: 5,
  paymentToken: "cnon:card-nonce-ok",
  total: Math.round((53.75 + fee) * 100) / 100,
  ...overrides,
});
