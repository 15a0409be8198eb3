// POST /api/catering/orders (a catering order, Idempotency-Key) -> 201 { order }: decided by the owner's
// rules, the day's trays taken and the card held (taken on the event's morning); 200 with the same order
// for a retried key. GET /api/catering/orders/:id -> { order } with what cancelling now gives back;
// POST /api/catering/orders/:id/cancel -> { refundedCents, keptCents }, by the terms shown before paying.
import type { Config, Context } from "@netlify/functions";
import { cateringOrderSchema } from "../../src/domain/catering.schema";
import { idempotencyKeySchema } from "../../src/domain/orderRequest.schema";
import "../../src/server/participants";
import { cancelCatering, cateringOrder, placeCatering } from "../../src/server/catering";
import { deliverMailSoon } from "../../src/server/mail";
import { InvalidRequest, said } from "../../src/server/platform/errors";
import { handle, json, methodNotAllowed, readJson, requestLocale } from "../../src/server/platform/http";
import { clientAddress } from "../../src/server/platform/rateLimit";

export default handle(async (req: Request, context: Context) => {
  const { id, action } = context.params;
  if (id) {
    if (action === "cancel") {
      if (req.method !== "POST") return methodNotAllowed(["POST"]);
      return json(await cancelCatering(id));
    }
    if (action !== undefined) return json({ error: "Not found." }, { status: 404 });
    if (req.method !== "GET") return methodNotAllowed(["GET"]);
    return json({ order: await cateringOrder(id) });
  }
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  const key = idempotencyKeySchema.safeParse(req.headers.get("idempotency-key") ?? "");
  if (!key.success) throw new InvalidRequest(said("idempotency_key_invalid"));
  const request = await readJson(req, cateringOrderSchema);
  const placed = await placeCatering(request, key.data, clientAddress(req, context.ip), requestLocale(req));
  // The booking's e-mail queued with it goes out now; the scheduled worker retries it if need be.
  deliverMailSoon(context);
  return json({ order: placed }, { status: placed.created ? 201 : 200 });
});

export const config: Config = {
  path: ["/api/catering/orders", "/api/catering/orders/:id", "/api/catering/orders/:id/:action"],
  method: ["GET", "POST"],
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
