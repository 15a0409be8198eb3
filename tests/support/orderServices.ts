// What the order API tests run the order functions against (beside the test file's own database): a
// fake Square on 127.0.0.1, the Square gateway pointed at it with a short timeout and no retries, the
// restaurant clock fixed at a time when the dishes are on sale; and POST /api/orders as they call it.
import { randomUUID } from "node:crypto";
import { startFakeSquare, type FakeSquare } from "./fakeSquare";
import { call } from "./functions";
import ordersHandler from "../../netlify/functions/orders.mts";

/** Saturday noon in Miami: Jealous Fork and Beverages are open, Jealous Burger is not. */
export const SATURDAY_NOON = "2026-11-21T12:00:00-05:00";

/**
 * A paid pickup order the tests send as the browser would: two Billionaire Brunch Bites ($17) and a
 * Hot Maple Flatbread ($16), $53.75 with tax, paid with Square's approved sandbox nonce.
 */
export const PICKUP_ORDER = {
  items: [
    { id: 7, name: "Billionaire Brunch Bites", price: 17, quantity: 2 },
    { id: 1, name: "Hot Maple Flatbread", price: 16, quantity: 1 },
  ],
  orderType: "pickup",
  customerInfo: { name: "Ana Pérez", email: "ana@example.com", phone: "(305) 555-0142" },
  paymentToken: "cnon:card-nonce-ok",
};

export interface OrderServices {
  square: FakeSquare;
  /** Stops the fake Square. */
  stop(): Promise<void>;
}

/**
 * Starts a fake Square and sets the environment the order functions read: RESTAURANT_CLOCK and the
 * SQUARE_* settings.
 */
export async function startOrderServices(): Promise<OrderServices> {
  const square = await startFakeSquare();
  Object.assign(process.env, {
    RESTAURANT_CLOCK: SATURDAY_NOON,
    SQUARE_ACCESS_TOKEN: square.accessToken,
    SQUARE_LOCATION_ID: square.locationId,
    SQUARE_BASE_URL: square.url,
    SQUARE_TIMEOUT_SECONDS: "0.5",
    SQUARE_MAX_RETRIES: "0",
  });
  return {
    square,
    async stop() {
      await square.stop();
    },
  };
}

/** POST /api/orders with `body` as JSON under the idempotency key `key` (a fresh one by default). */
export function postOrder(body: unknown, key: string = randomUUID()): Promise<Response> {
  return call(ordersHandler, "/api/orders", { body, headers: { "idempotency-key": key } });
}
