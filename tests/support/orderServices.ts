// What the order API tests run the order functions against (beside the test file's own database): a
// fake Square on 127.0.0.1, the Square gateway pointed at it with a short timeout and no retries, the
// restaurant clock fixed at a time when the dishes are on sale; Square's notifications delivered to our
// webhook after each test and checked (./heardNotifications.ts); and POST /api/orders as they call it.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { startFakeSquare, type FakeSquare } from "./fakeSquare";
import { hearNotificationsAfterEachTest } from "./heardNotifications";
import { call } from "./functions";
import webhooks from "../../netlify/functions/square-webhooks.mts";
import ordersHandler from "../../netlify/functions/orders.mts";

/** Saturday noon in Miami: Jealous Fork and Beverages are open, Jealous Burger is not. */
export const SATURDAY_NOON = "2026-11-21T12:00:00-05:00";

import { PICKUP_ORDER } from "./pickupOrder.ts";

export { PICKUP_ORDER };

export interface OrderServices {
  square: FakeSquare;
  /** Stops the fake Square. */
  stop(): Promise<void>;
}

/** The webhook key of the order services' default subscription. */
const SIGNATURE_KEY = "whsk-order-services-0123456789";

/**
 * Starts a fake Square and sets the environment the order functions read: RESTAURANT_CLOCK and the
 * SQUARE_* settings. Its notifications go to /api/square/webhooks, as production's subscription sends them
 * (`notifications: false` for a test of a site without one); hearNotificationsAfterEachTest delivers them.
 */
export async function startOrderServices(options: { notifications?: boolean } = {}): Promise<OrderServices> {
  const square = await startFakeSquare();
  Object.assign(process.env, {
    RESTAURANT_CLOCK: SATURDAY_NOON,
    SQUARE_ACCESS_TOKEN: square.accessToken,
    SQUARE_LOCATION_ID: square.locationId,
    SQUARE_BASE_URL: square.url,
    // Short, so a test of a call that never answers ends soon; long enough for ten calls at once on a busy machine.
    SQUARE_TIMEOUT_SECONDS: "1",
    SQUARE_MAX_RETRIES: "0",
  });
  const unsubscribe = options.notifications === false ? () => undefined : deliverSquareWebhooks(square, SIGNATURE_KEY);
  return {
    square,
    async stop() {
      unsubscribe();
      await square.stop();
    },
  };
}

/** POST /api/orders with `body` as JSON under the idempotency key `key` (a fresh one by default). */
/**
 * The order services of one test file: started before its tests, stopped after them, and the fake
 * Square's records cleared before each test. Read `.square` and `.services` inside tests and hooks.
 */
export function useOrderServices(): { readonly services: OrderServices; readonly square: FakeSquare } {
  let started: OrderServices | undefined;
  const running = () => {
    if (!started) throw new Error("The order services are read before beforeAll started them");
    return started;
  };
  beforeAll(async () => {
    started = await startOrderServices();
  });
  afterAll(() => started?.stop());
  beforeEach(() => running().square.reset());
  hearNotificationsAfterEachTest(() => started?.square);
  return {
    get services() {
      return running();
    },
    get square() {
      return running().square;
    },
  };
}

export function postOrder(body: unknown, key: string = randomUUID()): Promise<Response> {
  return call(ordersHandler, "/api/orders", { body, headers: { "idempotency-key": key } });
}

/** A paid pickup order of one Hot Maple Flatbread, placed as a browser places it: its id. */
export async function placePaidOrder(): Promise<string> {
  const res = await postOrder({ ...PICKUP_ORDER, items: [{ id: 1, quantity: 1 }] });
  if (res.status !== 201) throw new Error(`the order was not taken: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { orderId: string }).orderId;
}

const NOTIFICATION_URL = "https://jealousfork.example/api/square/webhooks";

/**
 * Has the fake Square deliver its notifications to our webhook handler, signed with a key of the test's
 * own, as a subscription would; answers the cleanup for afterAll.
 */
export function deliverSquareWebhooks(square: FakeSquare, signatureKey: string): () => void {
  Object.assign(process.env, { SQUARE_WEBHOOK_SIGNATURE_KEY: signatureKey, SQUARE_WEBHOOK_URL: NOTIFICATION_URL });
  square.subscribeWebhooks({
    notificationUrl: NOTIFICATION_URL,
    signatureKey,
    deliver: (n) =>
      call(webhooks, "/api/square/webhooks", { rawBody: n.body, headers: { "content-type": "application/json", "x-square-hmacsha256-signature": n.signature } }),
  });
  return () => {
    delete process.env.SQUARE_WEBHOOK_SIGNATURE_KEY;
    delete process.env.SQUARE_WEBHOOK_URL;
  };
}
export { hearNotificationsAfterEachTest } from "./heardNotifications";
