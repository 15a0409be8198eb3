// POST /api/orders: the spec 7 order body plus an Idempotency-Key header -> { orderId, orderNumber }.
import type { Config, Context } from "@netlify/functions";
import { idempotencyKeySchema, orderRequestSchema } from "../../src/domain/order";
import { handle, HttpError, json, methodNotAllowed, readJson } from "../../src/server/http";
import { placeOrder } from "../../src/server/orders";

/** An order of 40 lines with long notes stays far below this. */
const ORDER_BODY_LIMIT = 32 * 1024;

export default handle(async (req: Request, _context: Context) => {
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  const key = idempotencyKeySchema.safeParse(req.headers.get("idempotency-key") ?? "");
  if (!key.success) {
    throw new HttpError(400, "Send one Idempotency-Key header per checkout attempt (16 to 45 letters, digits, '-' or '_').");
  }
  const order = await readJson(req, orderRequestSchema, ORDER_BODY_LIMIT);
  const placed = await placeOrder(order, key.data);
  return json({ orderId: placed.orderId, orderNumber: placed.orderNumber }, { status: 201 });
});

export const config: Config = { path: "/api/orders", method: ["POST"] };
