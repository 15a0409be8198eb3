// POST /api/orders: the order body of docs/api.md plus an Idempotency-Key header -> { orderId, orderNumber }:
// 201 when this request paid it, 200 when the same checkout attempt had already paid it.
import type { Config, Context } from "@netlify/functions";
import { idempotencyKeySchema, orderRequestSchema } from "../../src/domain/orderRequest.schema";
import "../../src/server/participants";
import { InvalidRequest, said } from "../../src/server/platform/errors";
import { handle, json, methodNotAllowed, readJson, requestLocale } from "../../src/server/platform/http";
import { deliverMailSoon } from "../../src/server/mail";
import { placeOrder } from "../../src/server/orders";
import { clientAddress } from "../../src/server/platform/rateLimit";
import { dinerForOrder } from "../../src/server/accounts";

/** An order of 40 lines, each with its options and a 200-character note, stays below this. */
const ORDER_BODY_LIMIT = 128 * 1024;

export default handle(async (req: Request, context: Context) => {
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  const key = idempotencyKeySchema.safeParse(req.headers.get("idempotency-key") ?? "");
  if (!key.success) {
    throw new InvalidRequest(said("idempotency_key_invalid"));
  }
  const order = await readJson(req, orderRequestSchema, ORDER_BODY_LIMIT);
  // Stored with the customer's language (the page's X-Site-Locale), so their e-mails are written in it.
  // A signed-in diner's order carries their Square customer and joins their history; a guest's is as it always was.
  const diner = await dinerForOrder(req);
  const client = clientAddress(req, context.ip);
  const placed = await placeOrder({ request: order, idempotencyKey: key.data, client, locale: requestLocale(req), squareCustomerId: diner?.squareCustomerId, dinerAccountId: diner?.accountId });
  // The confirmation e-mail queued with the order goes out now; the scheduled worker retries it if need be.
  deliverMailSoon(context);
  return json({ orderId: placed.orderId, orderNumber: placed.orderNumber }, { status: placed.created ? 201 : 200 });
});

export const config: Config = {
  path: "/api/orders",
  method: ["POST"],
  // Netlify's edge limit, before the function runs; src/server/orders/orderAttempts.ts keeps the finer rules.
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
